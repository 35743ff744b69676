/**
 * A journey's own timers in the browser replay (`after` in a journey file: an order's polling
 * given up after 1000 s). One that fires within a replay's patience just elapses; a longer one
 * is passed on the page's clock once the journey is in the state that started it (the app
 * writes where it is on the page's root, `data-journey-state`: src/app/journeyRuntime.ts).
 */
import type { Page } from 'playwright-core';
import type { JourneyPath } from '../paths/journeyPaths';
import { pause } from './browserPlace';
import type { PageTraffic } from './pageTraffic';

/** Timers shorter than this fire by themselves while the replay waits (the polling's 5 s). */
export const LONG_TIMER_MS = 60_000;

/** The timer a path's event fires (`xstate.after.<ms>.<state id>`), when it is a long one: its delay and the state that started it. */
export function longTimer(type: string): { ms: number; owner: string } | undefined {
  const fired = /^xstate\.after\.(\d+)\.(.+)$/.exec(type);
  const ms = Number(fired?.[1]);
  return fired?.[2] && ms >= LONG_TIMER_MS ? { ms, owner: fired[2] } : undefined;
}

/** Whether the path has a long timer fire (the page's clock must be installed before the app loads). */
export const hasLongTimer = (path: JourneyPath) => path.steps.some((step) => longTimer(step.event.type) !== undefined);

/** The journey's state on the page (`data-journey-state`), or '' before the app has started. */
const journeyState = (page: Page) => page.evaluate(() => document.documentElement.dataset.journeyState ?? '');

/**
 * The most time is moved on at once: less than the provider's idle end of a session (15
 * minutes), which the calls the app makes by itself while it waits (an order's status every
 * 5 s) keep alive, as they would have over the whole wait.
 */
const STEP_MS = 5 * 60_000;

/**
 * Fires a long timer as time would: once the journey is in the state that started it (within a
 * minute), the page's clock moved past its delay, and the provider's with it, a few minutes at a
 * time, the calls the app then makes by itself let finish. False when the journey never got there.
 */
export async function passTimer(page: Page, timer: { ms: number; owner: string }, traffic: PageTraffic, moveSandboxClock?: (ms: number) => void): Promise<boolean> {
  const inOwner = (at: string) => at === timer.owner || at.startsWith(`${timer.owner}.`);
  const until = Date.now() + 60_000;
  while (!inOwner(await journeyState(page))) {
    if (Date.now() > until) return false;
    await pause(100);
  }
  for (let passed = 0; passed < timer.ms; ) {
    const step = Math.min(STEP_MS, timer.ms - passed);
    passed += step;
    // The provider's time first: the calls the page then makes are signed in its new time.
    moveSandboxClock?.(step);
    const before = traffic.calls.length;
    await page.clock.fastForward(step);
    // A call of the app's own answered (or the journey gone on, the timer fired), then quiet.
    const waited = Date.now() + 10_000;
    while (traffic.calls.length === before && inOwner(await journeyState(page)) && Date.now() < waited) await pause(50);
    while (!traffic.quiet()) await pause(50);
  }
  return true;
}
