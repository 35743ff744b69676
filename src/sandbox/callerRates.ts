import { createHmac, randomBytes } from 'node:crypto';
import type { SandboxDb } from './database';

/**
 * Counts of what a caller's network address did, for the calls anyone may make without a session
 * (a public form's requests, the public coverage check, a resuming link's misses): each kind
 * limited per address within an hour, past which the call waits (429). The address is kept only
 * as an HMAC under the database's own key, never in clear.
 */

/** The window every count runs over. */
export const RATE_WINDOW_MS = 60 * 60_000;

/** What a caller waiting is told (the body of the 429). */
export const WAIT_MESSAGE = 'Demasiadas solicitudes desde este equipo. Intenta de nuevo más tarde.';

/** The caller's address as the rate counts keep it: HMAC-SHA-256 with the database's key (never in clear). */
export function callerKey(db: SandboxDb, caller: string): string {
  db.prepare("insert into meta (key, value) values ('sign_in_key', ?) on conflict (key) do nothing").run(randomBytes(32).toString('base64'));
  const secret = Buffer.from((db.prepare("select value from meta where key = 'sign_in_key'").get() as { value: string }).value, 'base64');
  return createHmac('sha256', secret).update(caller).digest('base64url');
}

/** Whether `kind` happened `limit` times from the caller within the window: then the wait until the oldest leaves it. */
export function waitFor(db: SandboxDb, kind: string, key: string, limit: number, now: number): number {
  const row = db.prepare('select count(*) as n, min(at) as oldest from rate_events where kind = ? and key = ? and at > ?').get(kind, key, now - RATE_WINDOW_MS) as { n: number; oldest: number | null };
  return row.n >= limit ? (row.oldest ?? now) + RATE_WINDOW_MS - now : 0;
}

/** One more of `kind` from the caller. */
export const counted = (db: SandboxDb, kind: string, key: string, now: number) => db.prepare('insert into rate_events (kind, key, at) values (?, ?, ?)').run(kind, key, now);
