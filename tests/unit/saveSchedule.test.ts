import { describe, expect, it } from 'vitest';
import { scheduleSaves } from '../../src/app/saveSchedule';

/** A journey's saves with the idle slots, the clock and the timers in the test's hands. */
function setUp() {
  let clock = 0;
  let busy = false;
  const saves: number[] = [];
  let idleTasks: Array<() => void> = [];
  let timers: Array<{ at: number; task: () => void }> = [];
  const saving = scheduleSaves({
    save: () => saves.push(clock),
    busy: () => busy,
    idle: (task) => {
      idleTasks.push(task);
      return () => (idleTasks = idleTasks.filter((t) => t !== task));
    },
    now: () => clock,
    later: (task, ms) => {
      const timer = { at: clock + ms, task };
      timers.push(timer);
      return () => (timers = timers.filter((t) => t !== timer));
    },
  });
  return {
    saving,
    saves,
    setBusy: (value: boolean) => (busy = value),
    /** The main thread falls idle: what waits for it runs. */
    idleNow: () => {
      const tasks = idleTasks;
      idleTasks = [];
      tasks.forEach((task) => task());
    },
    /** Time passes: due timers fire. */
    advance: (ms: number) => {
      clock += ms;
      const due = timers.filter((t) => t.at <= clock);
      timers = timers.filter((t) => t.at > clock);
      due.forEach((t) => t.task());
    },
  };
}

describe("the journey's saves", () => {
  it('write a burst of changes once, when the main thread is idle', () => {
    const { saving, saves, idleNow } = setUp();
    saving.changed();
    saving.changed();
    saving.changed();
    expect(saves).toEqual([]);
    idleNow();
    expect(saves).toHaveLength(1);
  });

  it('wait while a call is in flight (the step change goes on), and write once it has answered', () => {
    const { saving, saves, setBusy, idleNow, advance } = setUp();
    setBusy(true);
    saving.changed();
    idleNow(); // the answer travels: the thread is idle, and still nothing is written
    advance(2000);
    expect(saves).toEqual([]);
    setBusy(false);
    saving.changed(); // the answer: the journey moves on
    idleNow();
    expect(saves).toEqual([2000]);
  });

  it('hold back an idle slot that comes after a call has started', () => {
    const { saving, saves, setBusy, idleNow } = setUp();
    saving.changed(); // typed
    setBusy(true); // the agent pressed the button before the idle slot
    idleNow();
    expect(saves).toEqual([]);
    setBusy(false);
    saving.changed();
    idleNow();
    expect(saves).toHaveLength(1);
  });

  it('write anyway when the journey stays busy past the ceiling (an order checked for minutes), and again after as long', () => {
    const { saving, saves, setBusy, idleNow, advance } = setUp();
    setBusy(true);
    saving.changed();
    advance(4999);
    expect(saves).toEqual([]);
    advance(1);
    idleNow();
    expect(saves).toEqual([5000]);
    saving.changed();
    advance(4000);
    idleNow();
    expect(saves).toEqual([5000]);
    advance(1000);
    idleNow();
    expect(saves).toEqual([5000, 10000]);
  });

  it('write at once what is not written when the tab is hidden or closed, busy or not, and nothing twice', () => {
    const { saving, saves, setBusy, idleNow } = setUp();
    saving.flush();
    expect(saves).toEqual([]);
    setBusy(true);
    saving.changed();
    saving.flush();
    expect(saves).toHaveLength(1);
    setBusy(false);
    idleNow();
    saving.flush();
    expect(saves).toHaveLength(1);
  });
});
