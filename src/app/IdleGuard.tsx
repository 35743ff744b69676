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
 * Watches for an agent who walked away from a signed-in phone: a warning with a button to stay
 * at 13 minutes, `onExpire` (the journey's `session.idle`: logout and wipe) at 15.
 */
export function IdleGuard({ onExpire, onActive }: { onExpire: () => void; onActive?: () => void }) {
  const [warning, setWarning] = useState(false);
  const expire = useRef(onExpire);
  expire.current = onExpire;
  // The agent is at work: the provider's session is kept alive too (journeyRuntime's keepAlive).
  const activeNow = useRef(onActive);
  activeNow.current = onActive;

  useEffect(() => {
    let warnTimer: ReturnType<typeof setTimeout> | undefined;
    let endTimer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (last: number) => {
      clearTimeout(warnTimer);
      clearTimeout(endTimer);
      const since = Date.now() - last;
      warnTimer = setTimeout(() => setWarning(true), Math.max(0, IDLE_WARNING_MS - since));
      endTimer = setTimeout(() => {
        setWarning(false);
        sessionStorage.removeItem(LAST_ACTIVITY_KEY);
        expire.current();
      }, Math.max(0, IDLE_END_MS - since));
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
    const stored = Number(sessionStorage.getItem(LAST_ACTIVITY_KEY));
    const last = Number.isFinite(stored) && stored > 0 && stored <= Date.now() ? stored : Date.now();
    sessionStorage.setItem(LAST_ACTIVITY_KEY, String(last));
    schedule(last);
    for (const type of ACTIVITY) window.addEventListener(type, active, { passive: true, capture: true });
    return () => {
      clearTimeout(warnTimer);
      clearTimeout(endTimer);
      for (const type of ACTIVITY) window.removeEventListener(type, active, { capture: true });
    };
  }, []);

  if (!warning) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarning onStay={() => setWarning(false)} />
    </Suspense>
  );
}
