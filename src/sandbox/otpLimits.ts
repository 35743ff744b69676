import type { SandboxDb } from './database';
import { spokenWait } from './spokenWait';

/**
 * Limits on one-time codes, as a provider sending SMS and e-mail codes must keep them (OWASP ASVS
 * 4.0 V2.7 and V2.8: out-of-band codes are single-use, short-lived and rate limited; NIST SP
 * 800-63B 5.1.3.2 and 5.2.2: a code of 6 digits is only safe with few guesses). Counted per
 * destination (the phone or e-mail the code goes to) and per session (one agent's sweep over many
 * destinations). Numbers and reasons: docs/security.md, "One-time codes".
 */
export interface OtpPolicy {
  /** Wrong codes a code survives: the one after spends it (it can no longer be right). */
  wrongPerCode: number;
  /** The least time between two codes to one destination. */
  resendWaitMs: number;
  /** The window the counts below are kept over. */
  windowMs: number;
  /** Codes sent to one destination in the window. */
  codesPerDestination: number;
  /** Codes one session asks for in the window, over every destination. */
  codesPerSession: number;
  /** Wrong codes one session sends in the window, over every destination: then its tries wait. */
  wrongPerSession: number;
}

export const OTP_LIMITS: OtpPolicy = {
  wrongPerCode: 3,
  resendWaitMs: 60_000,
  windowMs: 60 * 60_000,
  codesPerDestination: 5,
  codesPerSession: 15,
  wrongPerSession: 20,
};

export type OtpVerdict = { allowed: true } | { allowed: false; retryAfterMs: number; why: 'resend' | 'codes' | 'wrong' };

/** The limits over the sandbox's database (table `rate_events`: what happened, to what, when). */
export function otpLimits(db: SandboxDb, policy: OtpPolicy = OTP_LIMITS) {
  const within = db.prepare('select count(*) as n, min(at) as oldest, max(at) as latest from rate_events where kind = ? and key = ? and at > ?');
  const add = db.prepare('insert into rate_events (kind, key, at) values (?, ?, ?)');
  const prune = db.prepare('delete from rate_events where at <= ?');
  const forgetDestination = db.prepare("delete from rate_events where kind in ('otp-code', 'otp-wrong') and key = ?");
  const forgetOneSessionCode = db.prepare("delete from rate_events where rowid = (select rowid from rate_events where kind = 'otp-session-code' and key = ? order by at desc limit 1)");
  const seen = (kind: string, key: string, since: number) => within.get(kind, key, since) as { n: number; oldest: number | null; latest: number | null };
  /** The wait until the oldest of `n` events in the window leaves it (when `n` reached `limit`). */
  const full = (events: { n: number; oldest: number | null }, limit: number, now: number) =>
    events.n >= limit && events.oldest !== null ? events.oldest + policy.windowMs - now : 0;
  return {
    /** Whether a new code may go to `destination` for `session` now. */
    mayIssue(destination: string, session: string, now: number): OtpVerdict {
      const since = now - policy.windowMs;
      const sent = seen('otp-code', destination, since);
      if (sent.latest !== null && now - sent.latest < policy.resendWaitMs) return { allowed: false, retryAfterMs: policy.resendWaitMs - (now - sent.latest), why: 'resend' };
      const wait = Math.max(full(sent, policy.codesPerDestination, now), full(seen('otp-session-code', session, since), policy.codesPerSession, now));
      return wait > 0 ? { allowed: false, retryAfterMs: wait, why: 'codes' } : { allowed: true };
    },
    /** A code went to `destination` for `session`. */
    issued(destination: string, session: string, now: number): void {
      prune.run(now - policy.windowMs);
      add.run('otp-code', destination, now);
      add.run('otp-session-code', session, now);
    },
    /** Whether `session` may try a code now (it has not sent too many wrong ones). */
    mayTry(session: string, now: number): OtpVerdict {
      const wait = full(seen('otp-session-wrong', session, now - policy.windowMs), policy.wrongPerSession, now);
      return wait > 0 ? { allowed: false, retryAfterMs: wait, why: 'wrong' } : { allowed: true };
    },
    /**
     * The code sent to `destination` was right: its owner holds it, so its codes no longer count
     * against it (a second sale to the same phone gets its code at once), and the session's count
     * keeps only the codes nobody verified.
     */
    verified(destination: string, session: string): void {
      forgetDestination.run(destination);
      forgetOneSessionCode.run(session);
    },
    /** A wrong code for the code sent to `destination` at `issuedAt`: whether that code is now spent. */
    wrong(destination: string, session: string, issuedAt: number, now: number): boolean {
      add.run('otp-wrong', destination, now);
      add.run('otp-session-wrong', session, now);
      return seen('otp-wrong', destination, issuedAt - 1).n >= policy.wrongPerCode;
    },
  };
}

export type OtpLimits = ReturnType<typeof otpLimits>;

/** The agent's words for a refused code request or try (shown as the body's text: spec section 8). */
export function otpRefusal(verdict: Extract<OtpVerdict, { allowed: false }>): string {
  const wait = spokenWait(verdict.retryAfterMs);
  if (verdict.why === 'resend') return `Espera ${wait} para pedir un código nuevo.`;
  if (verdict.why === 'codes') return `Se enviaron demasiados códigos. Podrás pedir uno nuevo en ${wait}.`;
  return `Demasiados códigos incorrectos. Intenta de nuevo en ${wait}.`;
}
