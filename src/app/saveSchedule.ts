import { whenIdle } from '../screens/whenIdle';

export interface SaveScheduleOptions {
  /** Writes the journey's snapshot (sealing it on its way). */
  save: () => void;
  /** Whether the journey waits on a call (journeyBusy.ts). */
  busy: () => boolean;
  /** How long an idle slot is waited for before the save runs anyway. */
  idleTimeoutMs?: number;
  /** How long a busy journey holds its save back: an order checked for minutes is still saved this often. */
  busyCeilingMs?: number;
  /** Seams for the tests: idle time, the clock and a timer. */
  idle?: (task: () => void, timeoutMs: number) => () => void;
  now?: () => number;
  later?: (task: () => void, ms: number) => () => void;
}

/**
 * When the journey's snapshot is written: once per burst of changes, in idle time, and only once
 * the journey has settled. A step change that calls the provider leaves the main thread idle
 * while the answer travels, and a save there ran just as the answer came in; so nothing is
 * saved while a call is in flight, unless it lasts past `busyCeilingMs` (a reload then loses no
 * more than that). A tab being hidden (the camera, another app) or closed writes at once.
 *
 * @example
 * const saving = scheduleSaves({ save, busy: () => isBusy(actor.getSnapshot()) });
 * actor.subscribe(saving.changed);
 * window.addEventListener('pagehide', saving.flush);
 */
export function scheduleSaves({
  save,
  busy,
  idleTimeoutMs = 1000,
  busyCeilingMs = 5000,
  idle = whenIdle,
  now = Date.now,
  later = (task, ms) => {
    const handle = setTimeout(task, ms);
    return () => clearTimeout(handle);
  },
}: SaveScheduleOptions) {
  let dirty = false;
  let cancelIdle: (() => void) | undefined;
  let cancelRecheck: (() => void) | undefined;
  /** Since when the journey has been busy with a save waiting. */
  let busySince: number | undefined;

  /** Whether the save waits for the journey to settle (then it looks again at the ceiling). */
  const heldBack = () => {
    if (!busy()) {
      busySince = undefined;
      return false;
    }
    busySince ??= now();
    const left = busyCeilingMs - (now() - busySince);
    if (left <= 0) return false;
    cancelRecheck?.();
    cancelRecheck = later(changed, left);
    return true;
  };
  const write = () => {
    cancelIdle?.();
    cancelIdle = undefined;
    cancelRecheck?.();
    cancelRecheck = undefined;
    dirty = false;
    // A long wait goes on: the next save waits another ceiling.
    busySince = busy() ? now() : undefined;
    save();
  };
  const run = () => {
    cancelIdle = undefined;
    // The agent may have started a call since this was scheduled.
    if (dirty && !heldBack()) write();
  };
  function changed() {
    dirty = true;
    if (cancelIdle || heldBack()) return;
    cancelIdle = idle(run, idleTimeoutMs);
  }
  /** Writes at once what is not written yet: the tab is hidden or closing. */
  const flush = () => {
    if (dirty) write();
  };
  return { changed, flush };
}
