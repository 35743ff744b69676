import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { parseData, type SandboxDb } from './database';
import type { Seller, SessionOwner } from './handler';
import { sessionKeys } from './signedCalls';

export const SESSION_COOKIE = 'session';
/** Under https the session cookie is `__Host-` prefixed: Secure, this host only, path `/`. */
export const SECURE_SESSION_COOKIE = '__Host-session';

/**
 * How long a session lives at the provider (docs/security.md, "Server-side sessions"). An
 * agent's ends after `idleMs` without a call (the app's own idle timeout is 15 minutes, and the
 * app calls `x-session: keep-alive` while the agent works without calls) and `absoluteMs` after
 * sign-in whatever happens (NIST SP 800-63B AAL2: re-authenticate at least every 12 hours). A
 * customer's (docs/security.md, "Sessions and their owners") after `customerIdleMs` without a
 * call (30 minutes: a customer on their own phone reads offers and looks for a document between
 * calls, and reaches only their own lead) and `customerAbsoluteMs` after it opened (2 hours:
 * one sitting at a form; the link that resumes the lead opens a new one).
 */
export interface SessionLifetime {
  idleMs: number;
  absoluteMs: number;
  customerIdleMs: number;
  customerAbsoluteMs: number;
}

export const SESSION_LIFETIME: SessionLifetime = { idleMs: 15 * 60_000, absoluteMs: 12 * 60 * 60_000, customerIdleMs: 30 * 60_000, customerAbsoluteMs: 2 * 60 * 60_000 };

/** A call's time is written back at most this often: a burst of calls is one write. */
const TOUCH_EVERY_MS = 30_000;

/** The session a request names by its cookie (either name: https or not). */
export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SECURE_SESSION_COOKIE] ?? request.cookies[SESSION_COOKIE];
}

/** A seller's row (`sellers.data`) as a handler sees the seller. */
function asSeller(row: unknown): Seller | undefined {
  const data = parseData<Seller & { pin: string }>(row);
  return data ? { pin: data.pin, msisdn: data.msisdn, poaSellerCode: data.poaSellerCode, firstName: data.firstName, lastName: data.lastName } : undefined;
}

/** A session's row: its times and its owner (a seller's data, or a lead for a customer's session). */
interface SessionRow {
  createdAt: number;
  lastSeenAt: number | null;
  data: string | null;
  customerLead: string | null;
}

/** Whether a session is past its idle or absolute lifetime, the customer's or the agent's. */
function ended(row: SessionRow, now: number, lifetime: SessionLifetime): boolean {
  const customer = row.customerLead !== null;
  const idle = customer ? lifetime.customerIdleMs : lifetime.idleMs;
  const absolute = customer ? lifetime.customerAbsoluteMs : lifetime.absoluteMs;
  return now - (row.lastSeenAt ?? row.createdAt) >= idle || now - row.createdAt >= absolute;
}

/**
 * The owner of a live session, its last call moved to `now`: the seller who signed in, or the
 * lead whose customer's session it is. A session past its idle or absolute lifetime is ended
 * (with its call keys) and has no owner, so a private call answers 401 and the app wipes.
 */
export function liveOwnerOf(db: SandboxDb, token: string | undefined, now: number, lifetime: SessionLifetime): SessionOwner | undefined {
  if (!token) return undefined;
  // One read per call: the session's times and its owner together.
  const row = db
    .prepare('select x.created_at as createdAt, x.last_seen_at as lastSeenAt, x.customer_lead as customerLead, s.data from sessions x left join sellers s on s.pin = x.seller_pin where x.token = ?')
    .get(token) as SessionRow | undefined;
  if (!row || (row.customerLead === null && row.data === null)) return undefined;
  if (ended(row, now, lifetime)) {
    db.prepare('delete from sessions where token = ?').run(token);
    sessionKeys.remove(db, token);
    return undefined;
  }
  if (now - (row.lastSeenAt ?? row.createdAt) >= TOUCH_EVERY_MS) db.prepare('update sessions set last_seen_at = ? where token = ?').run(now, token);
  if (row.customerLead !== null) return { kind: 'customer', leadId: row.customerLead };
  const seller = asSeller(row);
  return seller && { kind: 'agent', seller };
}

/** The seller of a live agent's session (a customer's session has none): the tester tools' owner. */
export function liveSellerOf(db: SandboxDb, token: string | undefined, now: number, lifetime: SessionLifetime): Seller | undefined {
  const owner = liveOwnerOf(db, token, now, lifetime);
  return owner?.kind === 'agent' ? owner.seller : undefined;
}

/**
 * A customer's session opened for a lead (by an `x-session: open` call's handler): a new random
 * token, no PIN, owned by the lead. What the handler answers as its `session`: the pipeline sets
 * the cookie and keeps the call keys the call agreed, as for a sign-in.
 */
export function openCustomerSession(db: SandboxDb, leadId: string, now: Date): { open: string; customer: string } {
  const token = randomBytes(24).toString('base64url');
  // seller_pin '' is no seller's: the session's owner is the lead.
  db.prepare("insert into sessions (token, seller_pin, created_at, last_seen_at, customer_lead) values (?, '', ?, ?, ?)").run(token, now.getTime(), now.getTime(), leadId);
  return { open: token, customer: leadId };
}

/**
 * Whose an outbox message is (`outbox.seller_code`): the seller whose call sent it, or the
 * customer's lead (`lead:<id>`); the dev-mode outbox shows a session its own owner's only.
 */
export function outboxOwner(owner: SessionOwner | undefined): string | null {
  if (!owner) return null;
  return owner.kind === 'agent' ? owner.seller.poaSellerCode : `lead:${owner.leadId}`;
}
