import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const IdleWarning = lazy(() => import('./IdleWarning'));

/** After this long without a touch or a key, the agent is warned (issue #7). */
export const IDLE_WARNING_MS = 13 * 60_000;
/** After this long, the session ends and everything is wiped. */
export const IDLE_END_MS = 15 * 60_000;
/** When the agent last did something, so that a reload does not restart the count. A time, nothing personal. */
const LAST_ACTIVITY_KEY = 'lastActivity';
const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * A customer's timings (a customer-facing build, `entry: "public"`; docs/spec-choices.md): the
 * customer is on their own phone, may stop to find a document, and reaches only their own lead,
 * so 30 minutes (the provider's idle end of a customer's session, src/sandbox/sessions.ts), with
 * the same 2 minutes' warning.
 */
export const CUSTOMER_IDLE = { warnAfterMs: 28 * 60_000, endAfterMs: 30 * 60_000, subject: 'de tu solicitud' } as const;

/**
 * Watches for an agent who walked away from a signed-in phone: a warning with a button to stay
 * at 13 minutes, `onExpire` (the journey's `session.idle`: logout and wipe) at 15; a customer's
 * session with CUSTOMER_IDLE's timings. While the journey is `waiting` (a call, an order's status
 * asked every 5 s for up to 1000 s), the agent is waiting for the app, not away: nothing counts,
 * and the count starts again when the wait ends.
 */
export function IdleGuard({
  onExpire,
  onActive,
  warnAfterMs = IDLE_WARNING_MS,
  endAfterMs = IDLE_END_MS,
  subject,
  waiting = false,
}: {
  onExpire: () => void;
  onActive?: () => void;
  warnAfterMs?: number;
  endAfterMs?: number;
  /** What the wipe takes, in the warning's words ("de la venta" by default). */
  subject?: string;
  /** The journey waits on something the agent cannot hurry (journeyBusy.ts). */
  waiting?: boolean;
}) {
  const [warning, setWarning] = useState(false);
  const expire = useRef(onExpire);
  expire.current = onExpire;
  // The agent is at work: the provider's session is kept alive too (journeyRuntime's keepAlive).
  const activeNow = useRef(onActive);
  activeNow.current = onActive;

  // A wait's end starts the count again, from then.
  const waitEnded = useRef(false);
  useEffect(() => {
    if (waiting) {
      waitEnded.current = true;
      return undefined;
    }
    let warnTimer: ReturnType<typeof setTimeout> | undefined;
    let endTimer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (last: number) => {
      clearTimeout(warnTimer);
      clearTimeout(endTimer);
      const since = Date.now() - last;
      warnTimer = setTimeout(() => setWarning(true), Math.max(0, warnAfterMs - since));
      endTimer = setTimeout(() => {
        setWarning(false);
        sessionStorage.removeItem(LAST_ACTIVITY_KEY);
        expire.current();
      }, Math.max(0, endAfterMs - since));
    };
    let noted = 0;
    const active = () => {
      const now = Date.now();
      if (now - noted < 1000) return; // a burst of touches counts once
      noted = now;
      sessionStorage.setItem(LAST_ACTIVITY_KEY, String(now));
      setWarning(false);
      schedule(now);
      activeNow.current?.();
    };
    // After a wait, from its end; after a reload, from the last touch before it.
    const stored = Number(sessionStorage.getItem(LAST_ACTIVITY_KEY));
    const last = !waitEnded.current && Number.isFinite(stored) && stored > 0 && stored <= Date.now() ? stored : Date.now();
    waitEnded.current = false;
    sessionStorage.setItem(LAST_ACTIVITY_KEY, String(last));
    schedule(last);
    for (const type of ACTIVITY) window.addEventListener(type, active, { passive: true, capture: true });
    return () => {
      clearTimeout(warnTimer);
      clearTimeout(endTimer);
      for (const type of ACTIVITY) window.removeEventListener(type, active, { capture: true });
    };
    // The timings are a build's constants: the watch starts once, and again after each wait.
  }, [warnAfterMs, endAfterMs, waiting]);

  if (!warning || waiting) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarning onStay={() => setWarning(false)} subject={subject} />
    </Suspense>
  );
}
