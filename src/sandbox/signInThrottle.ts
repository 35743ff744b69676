import { createHmac, randomBytes } from 'node:crypto';
import type { SandboxDb } from './database';
import { spokenWait } from './spokenWait';

/**
 * Sign-in throttling, as a provider whose only credential is a short PIN must do it (OWASP ASVS
 * 4.0 V2.2.1: anti-automation on authentication; NIST SP 800-63B 5.2.2: no more than 100
 * consecutive failures on one account, growing waits allowed). A wrong PIN names no seller, so
 * the failures are counted per caller (its network address): a few mistyped PINs cost nothing,
 * then each failure makes the next try wait longer, and past `lockAfter` failures the caller is
 * locked out for `lockMs`, the right PIN included. A try refused for waiting is not a failure
 * (it is not checked at all). A sign-in forgets the caller's failures; so does a day without
 * one. Numbers and reasons: docs/security.md, "Sign-in throttling".
 */
export interface SignInThrottlePolicy {
  /** Failures with no wait after them. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstWaitMs: number;
  /** From this many failures on, each failure locks the caller out for `lockMs`. */
  lockAfter: number;
  lockMs: number;
  /** Failures are forgotten this long after the last one. */
  forgetMs: number;
}

export const SIGN_IN_THROTTLE: SignInThrottlePolicy = {
  freeFailures: 4,
  firstWaitMs: 30_000,
  lockAfter: 10,
  lockMs: 15 * 60_000,
  forgetMs: 24 * 60 * 60_000,
};

/** What the throttle says of a sign-in: go on, or wait this long (a lock is a long wait). */
export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number; locked: boolean };

/**
 * The throttle over the sandbox's database (table `sign_in_failures`): it survives a restart,
 * as a provider's would. The caller's address is kept only as a keyed hash (the database's own
 * key), never in clear: an address is personal data.
 */
export function signInThrottle(db: SandboxDb, policy: SignInThrottlePolicy = SIGN_IN_THROTTLE) {
  // The key is the database's, made once, so that a lock outlives a restart of the sandbox.
  db.prepare("insert into meta (key, value) values ('sign_in_key', ?) on conflict (key) do nothing").run(randomBytes(32).toString('base64'));
  const secret = Buffer.from((db.prepare("select value from meta where key = 'sign_in_key'").get() as { value: string }).value, 'base64');
  const keyOf = (address: string) => createHmac('sha256', secret).update(address).digest('base64url');
  const read = db.prepare('select failures, last_failure_at as lastFailureAt, wait_until as waitUntil from sign_in_failures where caller = ?');
  const write = db.prepare('insert into sign_in_failures (caller, failures, last_failure_at, wait_until) values (?, ?, ?, ?) on conflict (caller) do update set failures = excluded.failures, last_failure_at = excluded.last_failure_at, wait_until = excluded.wait_until');
  const forget = db.prepare('delete from sign_in_failures where caller = ?');
  type Row = { failures: number; lastFailureAt: number; waitUntil: number };
  const current = (caller: string, now: number): Row | undefined => {
    const row = read.get(caller) as Row | undefined;
    if (row && now - row.lastFailureAt >= policy.forgetMs) {
      forget.run(caller);
      return undefined;
    }
    return row;
  };
  /** How long the try after the `failures`-th failure waits. */
  const waitAfter = (failures: number) => {
    if (failures >= policy.lockAfter) return policy.lockMs;
    if (failures <= policy.freeFailures) return 0;
    return Math.min(policy.firstWaitMs * 2 ** (failures - policy.freeFailures - 1), policy.lockMs);
  };
  return {
    /** Whether `address` may try a PIN now. */
    check(address: string, now: number): ThrottleVerdict {
      const row = current(keyOf(address), now);
      if (!row || row.waitUntil <= now) return { allowed: true };
      return { allowed: false, retryAfterMs: row.waitUntil - now, locked: row.failures >= policy.lockAfter };
    },
    /** A wrong PIN from `address`: how long its next try must wait (0: none). */
    failed(address: string, now: number): number {
      const caller = keyOf(address);
      const failures = (current(caller, now)?.failures ?? 0) + 1;
      const wait = waitAfter(failures);
      write.run(caller, failures, now, now + wait);
      return wait;
    },
    /** A sign-in from `address`: its failures are forgotten. */
    succeeded(address: string): void {
      forget.run(keyOf(address));
    },
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;

/** The agent's words for a refused try (spec section 8 shows another status's body when it is text). */
export function throttleMessage(retryAfterMs: number): string {
  return `Demasiados intentos con un PIN incorrecto. Intenta de nuevo en ${spokenWait(retryAfterMs)}.`;
}
