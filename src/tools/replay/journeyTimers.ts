/**
 * A journey's own timers in the browser replay (`after` in a journey file: an order's status
 * asked again after 5 s, its polling given up after 1000 s). Each the path has fire is passed
 * on the page's clock once the journey is in the state that started it (the app writes where it
 * is on the page's root, `data-journey-state`: src/app/journeyRuntime.ts): the replay does not
 * wait out even the polling's 5 s, which a tour has many of.
 */
import type { Page } from 'playwright-core';
import type { JourneyPath } from '../paths/journeyPaths';
import { pause, twoLooks, waitsOnNothing } from './browserPlace';
import type { PageTraffic } from './pageTraffic';

/** A timer this long does not fire within a replay's patience: a path that has it fire and never gets there has left the path. */
export const LONG_TIMER_MS = 60_000;

/** The timer a path's event fires (`xstate.after.<ms>.<state id>`): its delay and the state that started it. */
export function journeyTimer(type: string): { ms: number; owner: string } | undefined {
  const fired = /^xstate\.after\.(\d+)\.(.+)$/.exec(type);
  const ms = Number(fired?.[1]);
  return fired?.[2] && ms > 0 ? { ms, owner: fired[2] } : undefined;
}

/** Whether the path has a timer fire (the page's clock must be installed before the app loads). */
export const hasTimer = (path: JourneyPath) => path.steps.some((step) => journeyTimer(step.event.type) !== undefined);

/** The journey's state on the page (`data-journey-state`), or '' before the app has started. */
const journeyState = (page: Page) => page.evaluate(() => document.documentElement.dataset.journeyState ?? '');

/**
 * The most time is moved on at once: less than the provider's idle end of a session (15
 * minutes), which the calls the app makes by itself while it waits (an order's status every
 * 5 s) keep alive, as they would have over the whole wait.
 */
const STEP_MS = 5 * 60_000;

/**
 * Fires a timer as time would: once the journey is in the state that started it (within a
 * minute), the page's clock moved past its delay, and the provider's with it, a few minutes at a
 * time, the calls the app then makes by itself let finish. False when the journey was not there
 * (settled elsewhere, or still on its way after a minute).
 */
export async function passTimer(
  page: Page,
  timer: { ms: number; owner: string },
  traffic: PageTraffic,
  { moveSandboxClock, beforeFire }: { moveSandboxClock?: ((ms: number) => void) | undefined; beforeFire?: () => Promise<void> } = {},
): Promise<boolean> {
  const inOwner = (at: string) => at === timer.owner || at.startsWith(`${timer.owner}.`);
  // In the state, or settled elsewhere: the journey went on without the timer (the provider
  // answered otherwise than the path: an order activated at its first check).
  const there = async () => inOwner(await journeyState(page));
  if (!(await twoLooks(traffic, async () => (await there()) || (await waitsOnNothing(page, traffic)), 60_000)) || !(await there())) return false;
  await beforeFire?.();
  for (let passed = 0; passed < timer.ms; ) {
    const step = Math.min(STEP_MS, timer.ms - passed);
    passed += step;
    // The provider's time first: the calls the page then makes are signed in its new time.
    moveSandboxClock?.(step);
    const before = traffic.calls.length;
    await page.clock.fastForward(step);
    // A call of the app's own answered (or the journey gone on, the timer fired), then no
    // request in flight (the journey is `busy` all along: its polling's pause).
    const waited = Date.now() + 10_000;
    while (traffic.calls.length === before && inOwner(await journeyState(page)) && Date.now() < waited) await pause(50);
    await twoLooks(traffic, traffic.idle, 60_000);
  }
  return true;
}
