import { createHash, randomBytes } from 'node:crypto';
import { callerKey, counted, RATE_WINDOW_MS, WAIT_MESSAGE, waitFor } from '../callerRates';
import { parseData, type SandboxDb } from '../database';
import { internalError, notFound, tooManyRequests, type Handler, type HandlerAnswer, type HandlerContext } from '../handler';
import { documentProblem } from '../providerSettings';
import { openCustomerSession, outboxOwner } from '../sessions';
import { debtOf, findCustomer } from './customers';

/**
 * A customer-facing country's calls before and without an agent (issue 33; docs/security.md,
 * "Sessions and their owners"): a public form's request to be called back (`leadToCall`, public:
 * no session, answered with a ticket only), a customer registering their lead from a public form
 * (`registerClient`) or resuming it by the opaque uid of a link (`resumeLead`), each opening the
 * customer's session owned by the lead, and the session's own lead read (`customerLead`) and its
 * step saved (`saveLeadStep`). Shared by operation id and country-neutral: who the document's
 * holder is comes from the country's seed (`people.json` customers).
 */

/** How many of each a caller's address may do in an hour, and how long a resuming uid lives. */
export const CUSTOMER_LIMITS = {
  /** Requests to be called back: a person asks once or twice; a script filling a call centre stops. */
  callRequests: 5,
  /** Leads registered: a family registering a few, not a sweep of document numbers (each answers whether its document is a client). */
  registrations: 10,
  /** Unknown uids tried: a link mistyped a few times, not a guess (a uid is 128 random bits anyway). */
  resumeMisses: 10,
  windowMs: RATE_WINDOW_MS,
  /** A uid resumes its lead for a week: the link the customer was sent, not for ever. */
  uidLifetimeMs: 7 * 24 * 60 * 60_000,
} as const;

/** A lead a customer registered, as the `leads` table keeps it (`data`). */
interface CustomerLead {
  documentType: string;
  documentNumber: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  existing: Existing;
  step: string;
  createdAt: string;
}

/** What the provider knows of the document: nothing, a client, a client who owes, or a number its rules refuse. */
type Existing = 'none' | 'client' | 'debt' | 'invalid';

/** The step a lead is at before the customer saved any. */
const FIRST_STEP = 'registered';

/** The SHA-256 a uid is kept as: the database holds no uid that resumes a lead. */
const uidHash = (uid: string) => createHash('sha256').update(uid).digest('base64url');

/** What the provider knows of a document, from the seed's customers (a customer it fails on: its 500). */
function existingOf({ db, provider, body }: HandlerContext): Existing | HandlerAnswer {
  const type = String(body.documentType);
  if (documentProblem(provider, type, body.documentNumber)) return 'invalid';
  const customer = findCustomer(db, provider, type, body.documentNumber);
  if (customer?.fault) return internalError();
  if (!customer) return 'none';
  // The register does not know the document (its holder cannot be verified): not a customer to sign.
  if (customer.register?.valid === false) return 'invalid';
  if (debtOf(customer).hasDebt) return 'debt';
  return (customer.contracts ?? []).length > 0 ? 'client' : 'none';
}

/**
 * A new lead with what the customer typed (never joined to a lead someone else registered with
 * the same document: typing a document must not open its holder's lead), its uid kept as a hash.
 */
function newLead({ db, body, now }: HandlerContext, existing: Existing): { leadId: string; uid: string } {
  const leadId = `LC-${randomBytes(9).toString('base64url')}`;
  const uid = randomBytes(16).toString('base64url');
  const lead: CustomerLead = {
    documentType: String(body.documentType),
    documentNumber: String(body.documentNumber),
    firstName: String(body.firstName),
    lastName: String(body.lastName),
    phone: String(body.phone),
    email: String(body.email),
    existing,
    step: FIRST_STEP,
    createdAt: now.toISOString(),
  };
  // seller_code '': no seller's yet (the sales report of every seller leaves it out).
  db.prepare("insert into leads (id, seller_code, status, data, created_at) values (?, '', 'OPEN', ?, ?)").run(leadId, JSON.stringify(lead), now.getTime());
  db.prepare('insert into lead_uids (uid_hash, lead_id, expires_at) values (?, ?, ?)').run(uidHash(uid), leadId, now.getTime() + CUSTOMER_LIMITS.uidLifetimeMs);
  return { leadId, uid };
}

/** The lead a session may reach by id: a customer's own, or an agent's (its seller's); none else (a 404, as if it were not there). */
function reachableLead({ db, owner }: HandlerContext, leadId: string): CustomerLead | undefined {
  if (!owner) return undefined;
  if (owner.kind === 'customer' && owner.leadId !== leadId) return undefined;
  const sellerCode = owner.kind === 'agent' ? owner.seller.poaSellerCode : '';
  return parseData<CustomerLead>(db.prepare('select data from leads where id = ? and seller_code = ?').get(leadId, sellerCode));
}

/** What the session's owner reads of a lead: the customer's own data, and where the lead is. */
const leadAnswer = (leadId: string, lead: CustomerLead) => ({
  leadId,
  step: lead.step,
  existing: lead.existing,
  documentType: lead.documentType,
  documentNumber: lead.documentNumber,
  firstName: lead.firstName,
  lastName: lead.lastName,
  phone: lead.phone,
  email: lead.email,
});

/**
 * The SMS a registration sends the customer's phone: the link that resumes the lead on any
 * browser at its phone check (the variants spec's public `verifyPhone/{id?}/{uid}`, designed:
 * docs/spec-choices.md). It carries the lead and its uid, never personal data; the outbox shows it
 * to the lead's own session.
 */
function sendResumeLink({ db, body, now }: HandlerContext, leadId: string, uid: string): void {
  db.prepare('insert into outbox (channel, recipient, message, created_at, seller_code) values (?, ?, ?, ?, ?)').run(
    'sms',
    String(body.phone),
    `Continúa tu solicitud en /verificar-telefono/${encodeURIComponent(leadId)}/${uid}`,
    now.getTime(),
    outboxOwner({ kind: 'customer', leadId }),
  );
}

/** The phone and e-mail of the customer's own lead: the only places its codes may go. */
export function leadContact(db: SandboxDb, leadId: string): { phone: string; email: string } | undefined {
  const lead = parseData<CustomerLead>(db.prepare("select data from leads where id = ? and seller_code = ''").get(leadId));
  return lead && { phone: lead.phone, email: lead.email };
}

export const customerLeadsHandlers: Record<string, Handler> = {
  /** A request to be called back, from a public form: kept for the call centre, answered with a ticket and nothing of anyone. */
  leadToCall: ({ db, body, caller, now }) => {
    const key = callerKey(db, caller);
    const wait = waitFor(db, 'call-request', key, CUSTOMER_LIMITS.callRequests, now.getTime());
    if (wait > 0) return tooManyRequests(WAIT_MESSAGE, wait);
    counted(db, 'call-request', key, now.getTime());
    const ticket = `T-${randomBytes(9).toString('base64url')}`;
    db.prepare('insert into call_requests (ticket, data, created_at) values (?, ?, ?)').run(ticket, JSON.stringify({ firstName: body.firstName, phone: body.phone, preferredTime: body.preferredTime }), now.getTime());
    return { body: { ticket } };
  },
  /** A customer's lead registered from a public form: a new lead, its uid, what the provider knows of the document, and the customer's session. */
  registerClient: (ctx) => {
    const key = callerKey(ctx.db, ctx.caller);
    const wait = waitFor(ctx.db, 'registration', key, CUSTOMER_LIMITS.registrations, ctx.now.getTime());
    if (wait > 0) return tooManyRequests(WAIT_MESSAGE, wait);
    const existing = existingOf(ctx);
    if (typeof existing !== 'string') return existing;
    counted(ctx.db, 'registration', key, ctx.now.getTime());
    const { leadId, uid } = newLead(ctx, existing);
    sendResumeLink(ctx, leadId, uid);
    return { body: { leadId, uid, existing }, session: openCustomerSession(ctx.db, leadId, ctx.now) };
  },
  /** A lead resumed by the uid of its link: the customer's session opened for it; an unknown or expired uid is a 404, and counted. */
  resumeLead: ({ db, body, caller, now }) => {
    const key = callerKey(db, caller);
    const wait = waitFor(db, 'resume-miss', key, CUSTOMER_LIMITS.resumeMisses, now.getTime());
    // While an address waits, no uid is looked up, the right one included: a guess learns nothing.
    if (wait > 0) return tooManyRequests(WAIT_MESSAGE, wait);
    const row = db.prepare('select lead_id as leadId from lead_uids where uid_hash = ? and expires_at > ?').get(uidHash(String(body.uid)), now.getTime()) as { leadId: string } | undefined;
    const lead = row && parseData<CustomerLead>(db.prepare('select data from leads where id = ?').get(row.leadId));
    // A link that names its lead must name the uid's: a uid with another lead's id resumes nothing.
    if (!row || !lead || (body.leadId !== undefined && body.leadId !== row.leadId)) {
      counted(db, 'resume-miss', key, now.getTime());
      return notFound();
    }
    // The lead's phone and e-mail, which its codes go to: sealed, for the session it opens only.
    return { body: { leadId: row.leadId, step: lead.step, phone: lead.phone, email: lead.email }, session: openCustomerSession(db, row.leadId, now) };
  },
  /** The session's own lead, by its id: another's is a 404, as one that is not there. */
  customerLead: (ctx) => {
    const leadId = String(ctx.params.leadId);
    const lead = reachableLead(ctx, leadId);
    return lead ? { body: leadAnswer(leadId, lead) } : notFound();
  },
  /** The step the customer reached, saved on the session's own lead (another's is a 404). */
  saveLeadStep: (ctx) => {
    const leadId = String(ctx.body.leadId);
    const lead = reachableLead(ctx, leadId);
    if (!lead) return notFound();
    ctx.db.prepare('update leads set data = ? where id = ?').run(JSON.stringify({ ...lead, step: String(ctx.body.step) }), leadId);
    return { body: { leadId, step: String(ctx.body.step) } };
  },
};
