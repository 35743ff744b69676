import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SandboxDb } from '../database';
import { badRequest, invalid, notFound, type Handler, type HandlerAnswer, type HandlerContext } from '../handler';
import { findOffer } from './catalog';

/**
 * A customer's own order and its payment on the payment provider's hosted page (designed: the
 * variants spec shows neither; docs/spec-choices.md). Every call here is a customer session's
 * and reaches only the session's lead: another lead's order or payment is not found, whatever
 * its id says. Shared by operation id: any country whose customer pays on a hosted page names
 * `customerOrder`, `createPayment` and `confirmPayment` in its spec.
 */

/** How many months a customer's contract runs (what prices the installation: `activation_costs`). */
const CONTRACT_MONTHS = 12;

/** What the hosted page can end a payment with, and the status the provider's books then hold. */
export const PAYMENT_RESULTS = { approved: 'APPROVED', declined: 'DECLINED', abandoned: 'ABANDONED' } as const;
export type PaymentResult = keyof typeof PAYMENT_RESULTS;

const UNVERIFIED = () => badRequest('No pudimos verificar el pago', 'PAYMENT_UNVERIFIED', 422);

/** The session's lead, when the call is a customer's: an agent's session has no lead here. */
const leadOf = (ctx: HandlerContext): string | undefined => (ctx.owner?.kind === 'customer' ? ctx.owner.leadId : undefined);

interface OrderRow {
  id: string;
  lead_id: string;
  status: string;
  data: string;
}

/** What is paid now for `productIds`: each plan's first month and its installation for the contract's months. */
function amountOf(db: SandboxDb, productIds: string[]): number | undefined {
  let amount = 0;
  for (const id of productIds) {
    const offer = findOffer(db, id);
    if (!offer) return undefined;
    const cost = db.prepare('select cost from activation_costs where plan_id = ? and months = ?').get(id, CONTRACT_MONTHS) as { cost: number } | undefined;
    amount += (offer.priceList[0]?.value ?? 0) + (cost?.cost ?? 0);
  }
  return Math.round(amount * 100) / 100;
}

/** The payment provider's secret (one per database, made at its first payment): it signs the hosted page's returns. */
function paymentSecret(db: SandboxDb): Buffer {
  const row = db.prepare("select data from settings where key = 'payments:secret'").get() as { data: string } | undefined;
  if (row) return Buffer.from(JSON.parse(row.data) as string, 'base64');
  const secret = randomBytes(32);
  db.prepare("insert into settings (key, data) values ('payments:secret', ?)").run(JSON.stringify(secret.toString('base64')));
  return secret;
}

/** The hosted page's signature of how a payment ended: what its return link carries, and what only the provider can make. */
export function returnSignature(db: SandboxDb, paymentId: string, result: string): string {
  return createHmac('sha256', paymentSecret(db)).update(`${paymentId}.${result}`).digest('base64url');
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The order of the customer's own lead, placed once per Idempotency-Key (the first answer again). */
function placeCustomerOrder(ctx: HandlerContext, lead: string): HandlerAnswer {
  const { db, body, headers, now, provider } = ctx;
  const key = headers['idempotency-key']?.trim();
  if (!key || key.length < 8 || key.length > 128) return invalid('header/Idempotency-Key');
  const scopedKey = `customer:${lead}:${key}`;
  const bodyHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  const first = db.prepare('select body_hash, response from idempotency where key = ?').get(scopedKey) as { body_hash: string; response: string } | undefined;
  // As an agent's order (activator.ts): the same key answers the same order, and refuses another.
  if (first && first.body_hash !== bodyHash) return badRequest('La clave de idempotencia ya se usó con otra orden; genera una nueva para esta orden', 'IDEMPOTENCY_KEY_REUSED');
  if (first) return { body: JSON.parse(first.response) as unknown, headers: { 'idempotent-replayed': 'true' } };
  const products = ((body.productList as Array<{ product?: unknown }> | undefined) ?? []).map((entry) => String(entry.product ?? ''));
  const amount = amountOf(db, products);
  if (amount === undefined) return badRequest('El plan elegido no está disponible en tu dirección', 'ORDER', 422);
  const id = `O-${randomBytes(6).toString('hex').toUpperCase()}`;
  const order = { ...body, orderId: id, amount, currency: provider.currency.code };
  db.prepare("insert into customer_orders (id, lead_id, status, data, created_at) values (?, ?, 'PENDING_PAYMENT', ?, ?)").run(id, lead, JSON.stringify(order), now.getTime());
  const answer = { orderId: id, status: 'PENDING_PAYMENT', amount, currency: provider.currency.code };
  db.prepare('insert into idempotency (key, body_hash, status, response) values (?, ?, 200, ?)').run(scopedKey, bodyHash, JSON.stringify(answer));
  return { body: answer };
}

/** The session's own order, or none (another lead's is as if it did not exist). */
const ownOrder = (db: SandboxDb, orderId: unknown, lead: string) =>
  db.prepare('select id, lead_id, status, data from customer_orders where id = ? and lead_id = ?').get(String(orderId ?? ''), lead) as OrderRow | undefined;

/** An approved payment books the order's visit and activates it. */
function settle(db: SandboxDb, order: OrderRow, now: Date): void {
  const data = JSON.parse(order.data) as Record<string, unknown>;
  db.prepare("update customer_orders set status = 'ACTIVATED' where id = ?").run(order.id);
  db.prepare('insert into appointments (lead_id, data, created_at) values (?, ?, ?)').run(order.lead_id, JSON.stringify({ orderId: order.id, installationDate: data.installationDate, time: data.time }), now.getTime());
}

export const customerOrderHandlers: Record<string, Handler> = {
  /** The customer's order of their own lead (`leadId` must be the session's), priced by the provider. */
  customerOrder: (ctx) => {
    const lead = leadOf(ctx);
    if (!lead || ctx.body.leadId !== lead) return notFound();
    return ctx.db.transaction(() => placeCustomerOrder(ctx, lead))();
  },

  /** A payment of the session's order on the hosted page; an order paid already is refused (409). */
  createPayment: (ctx) => {
    const { db, body, now, country } = ctx;
    const lead = leadOf(ctx);
    const order = lead ? ownOrder(db, body.orderId, lead) : undefined;
    if (!lead || !order) return notFound();
    if (order.status !== 'PENDING_PAYMENT') return badRequest('Esta orden ya fue pagada', 'PAID', 409);
    const amount = (JSON.parse(order.data) as { amount: number }).amount;
    const id = `PAY-${randomBytes(12).toString('base64url')}`;
    db.prepare("insert into payments (id, order_id, lead_id, status, amount, return_path, created_at) values (?, ?, ?, 'OPEN', ?, ?, ?)").run(id, order.id, lead, amount, String(body.returnPath), now.getTime());
    return { body: { paymentId: id, redirectUrl: `/__payments/${country}/${id}`, amount, currency: ctx.provider.currency.code } };
  },

  /**
   * What a return link claims, verified: the payment is the session's, the hosted page ended it,
   * the result is the one it recorded and the signature is the provider's. Anything else is 422,
   * whatever it claims; the status answered is the books'.
   */
  confirmPayment: (ctx) => {
    const { db, body, now } = ctx;
    const lead = leadOf(ctx);
    const paymentId = String(body.paymentId ?? '');
    const row = db.prepare('select id, order_id, lead_id, status from payments where id = ?').get(paymentId) as { id: string; order_id: string; lead_id: string; status: string } | undefined;
    if (!lead || !row || row.lead_id !== lead || row.status === 'OPEN') return UNVERIFIED();
    const result = String(body.result ?? '') as PaymentResult;
    if (PAYMENT_RESULTS[result] !== row.status || !sameSignature(returnSignature(db, row.id, result), String(body.signature ?? ''))) return UNVERIFIED();
    const order = ownOrder(db, row.order_id, lead);
    if (row.status === 'APPROVED' && order?.status === 'PENDING_PAYMENT') settle(db, order, now);
    return { body: { paymentId: row.id, status: row.status, orderId: row.order_id } };
  },
};
