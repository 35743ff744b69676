import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../src/screens/whenIdle';

/** The browser's frame and idle queues, run by hand. */
function browserQueues() {
  const frames: Array<() => void> = [];
  const idles: Array<() => void> = [];
  const asked = { frames: 0 };
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
    asked.frames++;
    return frames.push(callback);
  });
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idles.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  return {
    asked,
    drawFrame: () => frames.splice(0).forEach((callback) => callback()),
    idle: () => idles.splice(0).forEach((callback) => callback()),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('idle work', () => {
  // A step's click asked for the journey's save in idle time, and the browser, idle while it
  // waited to draw the new screen, ran the save first: every step change waited for it.
  it('waits until the next screen is drawn (a save ran before the new step showed)', () => {
    const { drawFrame, idle } = browserQueues();
    const task = vi.fn();
    whenIdle(task, 1000);
    idle();
    expect(task).not.toHaveBeenCalled();
    drawFrame();
    idle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs by its deadline in a tab that draws no frames, once', () => {
    vi.useFakeTimers();
    const { drawFrame, idle } = browserQueues();
    const task = vi.fn();
    whenIdle(task, 1000);
    vi.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(1);
    drawFrame();
    idle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs tasks in the order they were asked for', () => {
    const { drawFrame, idle } = browserQueues();
    const ran: string[] = [];
    whenIdle(() => ran.push('push /a'), 200);
    whenIdle(() => ran.push('push /b'), 200);
    drawFrame();
    idle();
    expect(ran).toEqual(['push /a', 'push /b']);
  });

  it('does nothing once cancelled', () => {
    const { drawFrame, idle } = browserQueues();
    const task = vi.fn();
    const cancel = whenIdle(task, 1000);
    drawFrame();
    cancel();
    idle();
    expect(task).not.toHaveBeenCalled();
  });

  // A step change asks for four (the save, the history entry, the next steps' code, the next
  // screen drawn ahead), and their four frame callbacks each ran in the frame that draws the new
  // screen.
  it('asks for one frame callback for every task asked before a frame (four ran in the new screen\'s frame)', () => {
    const { asked, drawFrame, idle } = browserQueues();
    const ran: string[] = [];
    for (const name of ['save', 'history', 'code', 'ahead']) whenIdle(() => ran.push(name), 1000);
    expect(asked.frames).toBe(1);
    drawFrame();
    idle();
    expect(ran).toEqual(['save', 'history', 'code', 'ahead']);
  });

  it('makes a task asked after a frame wait for the next one', () => {
    const { drawFrame, idle } = browserQueues();
    const ran: string[] = [];
    whenIdle(() => ran.push('first'), 1000);
    drawFrame();
    whenIdle(() => ran.push('second'), 1000);
    idle();
    expect(ran).toEqual(['first']);
    drawFrame();
    idle();
    expect(ran).toEqual(['first', 'second']);
  });

  // The queue is shared: a task that throws (a save refused by a full storage) must not leave the
  // history entry and the next steps' code behind it waiting for good.
  it('runs the tasks behind one that throws, and reports the error', () => {
    const { drawFrame, idle } = browserQueues();
    const reported: Array<() => void> = [];
    vi.stubGlobal('queueMicrotask', (report: () => void) => reported.push(report));
    const ran: string[] = [];
    whenIdle(() => {
      throw new Error('storage full');
    }, 1000);
    whenIdle(() => ran.push('history'), 1000);
    drawFrame();
    idle();
    expect(ran).toEqual(['history']);
    expect(reported).toHaveLength(1);
    expect(() => reported[0]?.()).toThrow('storage full');
  });
});

