import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { SandboxDb } from './database';
import { PAYMENT_RESULTS, returnSignature, type PaymentResult } from './handlers/customerOrders';

export interface HostedPaymentsOptions {
  databases: Map<string, SandboxDb>;
  /** Writes an amount as the country's provider does (its currency, its locale's digits). */
  money: (cc: string, amount: number) => string;
}

interface PaymentRow {
  id: string;
  status: string;
  amount: number;
  return_path: string;
}

/** What the page says each choice does, in the order its buttons show. */
const CHOICES: Array<{ result: PaymentResult; label: string }> = [
  { result: 'approved', label: 'Aprobar el pago' },
  { result: 'declined', label: 'Rechazar el pago (tarjeta sin fondos)' },
  { result: 'abandoned', label: 'Cancelar y volver al comercio' },
];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page: what is paid, and one button per way a payment ends; its own strict policy (no script at all). */
function page(reply: FastifyReply, title: string, body: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
        '<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}button{display:block;width:100%;min-height:48px;margin:.75rem 0;font-size:1rem;border-radius:6px;border:1px solid #1c4f8c;background:#fff;color:#1c4f8c}button.primary{background:#1c4f8c;color:#fff}</style>' +
        `</head><body><main>${body}</main></body></html>`,
    );
}

/**
 * The payment provider's hosted page, as the sandbox plays it (designed: docs/spec-choices.md):
 * a card payment page on the provider's side that the app leaves to and is sent back
 * from, as real payment providers do. It shows what is paid and lets a tester end the payment as
 * a bank would: approved, declined, or abandoned by the customer. Its answer goes back in the
 * return link (`payment`, `result` and the provider's `signature` of both), which the app only
 * passes on: `confirmPayment` verifies it. A payment ends once; its id (96 random bits) is the
 * only key to it, as a hosted page's address is. Served in every mode: it is the provider's, not a tester's tool.
 */
export const hostedPayments: FastifyPluginAsync<HostedPaymentsOptions> = async (app, { databases, money }) => {
  const find = (cc: string, id: string) => databases.get(cc)?.prepare('select id, status, amount, return_path from payments where id = ?').get(id) as PaymentRow | undefined;
  // The page's form posts as browsers do (no script on it), in this plugin's scope only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
  const gone = (reply: FastifyReply) => page(reply.status(404), 'Pago no encontrado', '<h1>Pago no encontrado</h1><p>Este pago no existe o ya terminó.</p>');

  app.get('/__payments/:cc/:id', async (request, reply) => {
    const { cc, id } = request.params as { cc: string; id: string };
    const payment = find(cc, id);
    if (!payment || payment.status !== 'OPEN') return gone(reply);
    const buttons = CHOICES.map(({ result, label }, i) => `<button type="submit" name="result" value="${result}"${i === 0 ? ' class="primary"' : ''}>${escapeHtml(label)}</button>`).join('');
    return page(
      reply,
      'Pago con tarjeta',
      `<h1>Pago con tarjeta</h1><p>Total a pagar: <strong>${escapeHtml(money(cc, payment.amount))}</strong></p>` +
        `<form method="post" action="/__payments/${encodeURIComponent(cc)}/${encodeURIComponent(id)}">${buttons}</form>` +
        '<p>Página de pruebas del proveedor de pagos del sandbox.</p>',
    );
  });

  app.post('/__payments/:cc/:id', async (request, reply) => {
    const { cc, id } = request.params as { cc: string; id: string };
    const db = databases.get(cc);
    const payment = find(cc, id);
    const result = String((request.body as Record<string, unknown> | undefined)?.result ?? '') as PaymentResult;
    if (!db || !payment || payment.status !== 'OPEN') return gone(reply);
    if (!(result in PAYMENT_RESULTS)) return reply.status(400).send({ errors: [{ code: 'VALIDATION', message: 'Por favor, valida la información', field: 'result' }] });
    db.prepare("update payments set status = ? where id = ? and status = 'OPEN'").run(PAYMENT_RESULTS[result], id);
    const query = new URLSearchParams({ payment: id, result, signature: returnSignature(db, id, result) });
    return reply.redirect(`${payment.return_path}?${query.toString()}`, 303);
  });
};
