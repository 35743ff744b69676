import type { SandboxDb } from '../database';
import { badRequest, notFound, type Handler, type Seller } from '../handler';
import { findCustomer } from './customers';
import { closureOn } from './fieldServices';
import type { LeadRow } from './sales';

type StoredLead = Record<string, unknown> & { cliDocument?: Array<{ cliDocumentType?: string; cliDocumentNum?: string }> };

/** Statuses of a lead the provider still works on: it can be cancelled, and it keeps the customer's order open. */
export const OPEN_STATUSES = ['REQUESTED', 'TOMODIFY'];

/** Appointment ids start where the spec's example does: `AP-4001`. */
const FIRST_APPOINTMENT = 4000;

/** One lead of the signed-in seller (never another seller's). */
function sellersLead(db: SandboxDb, seller: Seller | undefined, id: unknown): LeadRow | undefined {
  return db.prepare('select id, status, data, created_at from leads where id = ? and seller_code = ?').get(String(id), seller?.poaSellerCode ?? '') as LeadRow | undefined;
}

function saveLead(db: SandboxDb, id: string, status: string, lead: StoredLead): void {
  db.prepare('update leads set status = ?, data = ? where id = ?').run(status, JSON.stringify({ ...lead, status }), id);
}

/**
 * What happens to an order after it is placed (`activation` makes the lead, REQUESTED).
 *
 * orderStatus: the activation runs at the provider for `activationSeconds` (the customer's, in
 * `people.json`, else `provider.json`'s, 2 by default) after the order: PROCESSING until then, ACTIVATED after, and the lead becomes COMPLETE
 * (the sales report's "Completado"). An order whose customer (the order's first document, in
 * `people.json`) has `activationRejected` is REJECTED with those words, and so is its lead;
 * with `activationRejectedOrders`, only that many of its orders are (a later one is activated).
 * Another seller's order or an unknown one is the 404 'No hay resultados'.
 *
 * appointment: books the visit of one of the seller's orders (`AP-<n>`, a 201) and keeps its
 * date, time and message on the lead. A date before today (the provider's day) is a 400 'La fecha
 * de instalación no puede estar en el pasado'; a day the installers do not work (`schedule.json`
 * `unavailable`) a 400 with its reason.
 *
 * cancelLead: an open lead of the seller (REQUESTED or TOMODIFY) becomes CANCELLED with its
 * reason; a lead already settled (complete, rejected, cancelled) is a 409 'La solicitud ya no se
 * puede cancelar'.
 */
/** Whether a customer rejected only `limit` times has had that many orders rejected already (no limit: never). */
function rejectionsSpent(db: SandboxDb, limit: number | undefined, documentNumber: unknown): boolean {
  if (limit === undefined) return false;
  const row = db.prepare("select count(*) as n from leads where status = 'REJECTED' and json_extract(data, '$.cliDocument[0].cliDocumentNum') = ?").get(String(documentNumber)) as { n: number };
  return row.n >= limit;
}

export const orderLifecycleHandlers: Record<string, Handler> = {
  orderStatus: ({ db, params, seller, now, provider }) => {
    const row = sellersLead(db, seller, params.orderId);
    if (!row) return notFound();
    const lead = JSON.parse(row.data) as StoredLead;
    if (row.status === 'CANCELLED') return { body: { orderId: row.id, status: 'REJECTED', message: 'La solicitud fue cancelada' } };
    if (row.status === 'REJECTED') return { body: { orderId: row.id, status: 'REJECTED', ...(typeof lead.rejection === 'string' ? { message: lead.rejection } : {}) } };
    if (!OPEN_STATUSES.includes(row.status)) return { body: { orderId: row.id, status: 'ACTIVATED' } };
    const document = lead.cliDocument?.[0];
    const customer = document ? findCustomer(db, provider, String(document.cliDocumentType), document.cliDocumentNum) : undefined;
    if (now.getTime() - row.created_at < (customer?.activationSeconds ?? provider.activationSeconds ?? 2) * 1000) return { body: { orderId: row.id, status: 'PROCESSING' } };
    const rejection = customer?.activationRejected;
    if (rejection && !rejectionsSpent(db, customer.activationRejectedOrders, document?.cliDocumentNum)) {
      saveLead(db, row.id, 'REJECTED', { ...lead, rejection });
      return { body: { orderId: row.id, status: 'REJECTED', message: rejection } };
    }
    saveLead(db, row.id, 'COMPLETE', lead);
    return { body: { orderId: row.id, status: 'ACTIVATED' } };
  },
  appointment: ({ db, body, seller, now, clock }) => {
    const row = sellersLead(db, seller, body.orderId);
    if (!row) return notFound();
    const day = String(body.installationDate);
    if (day < clock.day(now)) return badRequest('La fecha de instalación no puede estar en el pasado', 'DATE_IN_PAST');
    const closed = closureOn(db, day);
    if (closed) return badRequest(`No hay disponibilidad: ${closed.reason}`, 'NO_AVAILABILITY');
    const result = db.prepare('insert into appointments (lead_id, data, created_at) values (?, ?, ?)').run(row.id, JSON.stringify(body), now.getTime());
    const lead = JSON.parse(row.data) as StoredLead;
    const comments = typeof body.comments === 'string' && body.comments !== '' ? { actComments: body.comments } : {};
    saveLead(db, row.id, row.status, { ...lead, cliInstallationDate: day, installationTime: body.time, ...comments });
    return { status: 201, body: { appointmentId: `AP-${FIRST_APPOINTMENT + Number(result.lastInsertRowid)}`, installationDate: day, time: body.time } };
  },
  cancelLead: ({ db, params, body, seller }) => {
    const row = sellersLead(db, seller, params.leadId);
    if (!row) return notFound();
    if (!OPEN_STATUSES.includes(row.status)) return badRequest('La solicitud ya no se puede cancelar', 'LEAD_SETTLED', 409);
    saveLead(db, row.id, 'CANCELLED', { ...(JSON.parse(row.data) as StoredLead), cancelReason: body.reason });
    return { body: { leadId: row.id, status: 'CANCELLED' } };
  },
};
