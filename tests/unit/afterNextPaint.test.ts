import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../src/screens/whenIdle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('after the next paint', () => {
  it('runs once the frame is drawn, in the order asked, and by its deadline in a tab that draws none', () => {
    vi.useFakeTimers();
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    const ran: string[] = [];
    afterNextPaint(() => ran.push('push /a'));
    afterNextPaint(() => ran.push('push /b'));
    vi.advanceTimersByTime(10);
    expect(ran).toEqual([]);
    frames.splice(0).forEach((callback) => callback());
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(['push /a', 'push /b']);
    vi.advanceTimersByTime(500);
    expect(ran).toEqual(['push /a', 'push /b']);
    // No frame comes (a hidden tab): the deadline runs it.
    afterNextPaint(() => ran.push('push /c'));
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(['push /a', 'push /b', 'push /c']);
  });
});
