import type { FastifyRequest } from 'fastify';
import { parseData, type SandboxDb } from './database';
import type { Seller } from './handler';
import { sessionKeys } from './signedCalls';

export const SESSION_COOKIE = 'session';
/** Under https the session cookie is `__Host-` prefixed: Secure, this host only, path `/`. */
export const SECURE_SESSION_COOKIE = '__Host-session';

/**
 * How long a session lives at the provider (docs/security.md, "Server-side sessions"): it ends
 * after `idleMs` without a call (the app's own idle timeout is 15 minutes, and the app calls
 * `x-session: keep-alive` while the agent works without calls) and `absoluteMs` after sign-in
 * whatever happens (NIST SP 800-63B AAL2: re-authenticate at least every 12 hours).
 */
export interface SessionLifetime {
  idleMs: number;
  absoluteMs: number;
}

export const SESSION_LIFETIME: SessionLifetime = { idleMs: 15 * 60_000, absoluteMs: 12 * 60 * 60_000 };

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

/**
 * The seller of a live session, its last call moved to `now`; a session past its idle or
 * absolute lifetime is ended (with its call keys) and has no seller, so a private call answers
 * 401 and the app wipes and lands on `/`.
 */
export function liveSellerOf(db: SandboxDb, token: string | undefined, now: number, lifetime: SessionLifetime): Seller | undefined {
  if (!token) return undefined;
  // One read per call: the session's times and its seller together.
  const row = db.prepare('select x.created_at as createdAt, x.last_seen_at as lastSeenAt, s.data from sessions x join sellers s on s.pin = x.seller_pin where x.token = ?').get(token) as
    | { createdAt: number; lastSeenAt: number | null; data: string }
    | undefined;
  if (!row) return undefined;
  const lastSeen = row.lastSeenAt ?? row.createdAt;
  if (now - lastSeen >= lifetime.idleMs || now - row.createdAt >= lifetime.absoluteMs) {
    db.prepare('delete from sessions where token = ?').run(token);
    sessionKeys.remove(db, token);
    return undefined;
  }
  if (now - lastSeen >= TOUCH_EVERY_MS) db.prepare('update sessions set last_seen_at = ? where token = ?').run(now, token);
  return asSeller(row);
}
