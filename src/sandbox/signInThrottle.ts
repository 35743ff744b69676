import { createHmac, randomBytes } from 'node:crypto';
import type { SandboxDb } from './database';
import { spokenWait } from './spokenWait';

/**
 * Sign-in throttling, as a provider whose only credential is a short PIN must do it (OWASP ASVS
 * 4.0 V2.2.1: anti-automation on authentication; NIST SP 800-63B 5.2.2: no more than 100
 * consecutive failures on one account, growing waits allowed). The failures are counted per
 * caller (its network address): a few mistyped PINs cost nothing, then each failure makes the
 * next try wait longer, and past `lockAfter` failures the caller is locked out for `lockMs`, the
 * right PIN included. A try refused for waiting is not a failure (it is not checked at all). A
 * sign-in forgets the caller's failures; so does a day without one.
 *
 * A wrong PIN names no seller: each one is a guess at every seller's PIN at once. So the
 * failures are also counted for the country's sellers together (`everyone`), whatever address
 * they come from: a guess spread over many addresses slows, then locks, as one address would,
 * with a larger allowance. While that budget waits, only an address that signed in before
 * (within `knownDeviceMs`: a seller's own device) still tries, on its own budget; new addresses
 * wait. Numbers and reasons: docs/security.md, "Sign-in throttling".
 */
export interface ThrottleSteps {
  /** Failures with no wait after them. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstWaitMs: number;
  /** From this many failures on, each failure locks the caller out for `lockMs`. */
  lockAfter: number;
  lockMs: number;
}

export interface SignInThrottlePolicy extends ThrottleSteps {
  /** Failures are forgotten this long after the last one (per caller, and for everyone). */
  forgetMs: number;
  /** The failures of every caller together: every seller's budget, since a wrong PIN names none. */
  everyone: ThrottleSteps;
  /** How long an address that signed in keeps its own budget while everyone's waits. */
  knownDeviceMs: number;
}

export const SIGN_IN_THROTTLE: SignInThrottlePolicy = {
  freeFailures: 4,
  firstWaitMs: 30_000,
  lockAfter: 10,
  lockMs: 15 * 60_000,
  forgetMs: 24 * 60 * 60_000,
  everyone: { freeFailures: 10, firstWaitMs: 30_000, lockAfter: 16, lockMs: 15 * 60_000 },
  knownDeviceMs: 30 * 24 * 60 * 60_000,
};

/**
 * What the throttle says of a sign-in: go on, or wait this long (a lock is a long wait), and
 * whose failures made it wait: the caller's own, or everyone's (a guess from many addresses).
 */
export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number; locked: boolean; by: 'caller' | 'everyone' };

/** The row of everyone's failures in `sign_in_failures` (not base64url: no caller's hash is it). */
const EVERYONE = '*';

/** How long the try after the `failures`-th failure waits. */
function waitAfter(steps: ThrottleSteps, failures: number): number {
  if (failures >= steps.lockAfter) return steps.lockMs;
  if (failures <= steps.freeFailures) return 0;
  return Math.min(steps.firstWaitMs * 2 ** (failures - steps.freeFailures - 1), steps.lockMs);
}

type FailureRow = { failures: number; lastFailureAt: number; waitUntil: number };

/**
 * The throttle's tables (`sign_in_failures`, `sign_in_devices`), each caller by the keyed hash
 * of its address (`keyOf`): failures past `forgetMs` are forgotten as they are read.
 */
function throttleTables(db: SandboxDb, policy: SignInThrottlePolicy) {
  // The key is the database's, made once, so that a lock outlives a restart of the sandbox.
  db.prepare("insert into meta (key, value) values ('sign_in_key', ?) on conflict (key) do nothing").run(randomBytes(32).toString('base64'));
  const secret = Buffer.from((db.prepare("select value from meta where key = 'sign_in_key'").get() as { value: string }).value, 'base64');
  const read = db.prepare('select failures, last_failure_at as lastFailureAt, wait_until as waitUntil from sign_in_failures where caller = ?');
  const write = db.prepare('insert into sign_in_failures (caller, failures, last_failure_at, wait_until) values (?, ?, ?, ?) on conflict (caller) do update set failures = excluded.failures, last_failure_at = excluded.last_failure_at, wait_until = excluded.wait_until');
  const forget = db.prepare('delete from sign_in_failures where caller = ?');
  // The addresses that signed in (hashed as above): a seller's own device keeps its own budget.
  db.exec('create table if not exists sign_in_devices (caller text primary key, signed_in_at integer not null)');
  const knownAt = db.prepare('select signed_in_at as at from sign_in_devices where caller = ?');
  const remember = db.prepare('insert into sign_in_devices (caller, signed_in_at) values (?, ?) on conflict (caller) do update set signed_in_at = excluded.signed_in_at');
  return {
    keyOf: (address: string) => createHmac('sha256', secret).update(address).digest('base64url'),
    current(caller: string, now: number): FailureRow | undefined {
      const row = read.get(caller) as FailureRow | undefined;
      if (row && now - row.lastFailureAt >= policy.forgetMs) {
        forget.run(caller);
        return undefined;
      }
      return row;
    },
    write: (caller: string, failures: number, now: number, waitUntil: number) => write.run(caller, failures, now, waitUntil),
    forget: (caller: string) => forget.run(caller),
    known(caller: string, now: number): boolean {
      const row = knownAt.get(caller) as { at: number } | undefined;
      return row !== undefined && now - row.at < policy.knownDeviceMs;
    },
    remember: (caller: string, now: number) => remember.run(caller, now),
  };
}

/**
 * The throttle over the sandbox's database (table `sign_in_failures`): it survives a restart,
 * as a provider's would. The caller's address is kept only as a keyed hash (the database's own
 * key), never in clear: an address is personal data.
 */
export function signInThrottle(db: SandboxDb, policy: SignInThrottlePolicy = SIGN_IN_THROTTLE) {
  const tables = throttleTables(db, policy);
  const { keyOf, current, known } = tables;
  /** One more failure in `row`'s count: the wait it sets. */
  const count = (row: string, steps: ThrottleSteps, now: number) => {
    const failures = (current(row, now)?.failures ?? 0) + 1;
    const wait = waitAfter(steps, failures);
    tables.write(row, failures, now, now + wait);
    return wait;
  };
  return {
    /** Whether `address` may try a PIN now: its own failures first, then everyone's unless it signed in before. */
    check(address: string, now: number): ThrottleVerdict {
      const caller = keyOf(address);
      const own = current(caller, now);
      if (own && own.waitUntil > now) return { allowed: false, retryAfterMs: own.waitUntil - now, locked: own.failures >= policy.lockAfter, by: 'caller' };
      if (known(caller, now)) return { allowed: true };
      const all = current(EVERYONE, now);
      if (all && all.waitUntil > now) return { allowed: false, retryAfterMs: all.waitUntil - now, locked: all.failures >= policy.everyone.lockAfter, by: 'everyone' };
      return { allowed: true };
    },
    /** A wrong PIN from `address`: counted for it and for everyone; how long its next try must wait (0: none). */
    failed(address: string, now: number): number {
      const caller = keyOf(address);
      const own = count(caller, policy, now);
      const all = count(EVERYONE, policy.everyone, now);
      return known(caller, now) ? own : Math.max(own, all);
    },
    /**
     * A sign-in from `address`: its failures are forgotten and it becomes a known device.
     * Everyone's failures are not: a sign-in with one's own PIN must not reset a guess at others'.
     */
    succeeded(address: string, now: number): void {
      const caller = keyOf(address);
      tables.forget(caller);
      tables.remember(caller, now);
    },
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;

/** The agent's words for a refused try (spec section 8 shows another status's body when it is text). */
export function throttleMessage(retryAfterMs: number, by: 'caller' | 'everyone' = 'caller'): string {
  if (by === 'everyone') {
    return `Demasiados intentos con un PIN incorrecto desde muchos equipos: por seguridad, el ingreso desde un equipo nuevo espera. Intenta de nuevo en ${spokenWait(retryAfterMs)}, o desde el equipo con el que ya ingresaste.`;
  }
  return `Demasiados intentos con un PIN incorrecto. Intenta de nuevo en ${spokenWait(retryAfterMs)}.`;
}
