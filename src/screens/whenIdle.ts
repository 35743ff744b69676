/**
 * Runs `task` when the main thread is idle after the next frame is drawn, at the latest after
 * `timeoutMs` (a hidden tab draws no frames; a browser without idle callbacks waits a short
 * pause); returns how to cancel it. For work that must not be part of a step change: saving the
 * journey, loading the next steps' code, the browser's history entry for the new step. Tasks
 * asked for in order run in that order. The wait for a frame matters: a step's click is handled
 * and then the browser waits for the screen's next refresh, idle, and an idle callback asked for
 * during the click ran there, before the new screen was drawn (a save of 8 ms at 4x CPU in every
 * step change).
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  let cancelWait = () => {};
  let finished = false;
  const run = () => {
    if (finished) return;
    finished = true;
    cancel();
    task();
  };
  const deadline = setTimeout(run, timeoutMs);
  const afterFrame = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(run, { timeout: timeoutMs });
      cancelWait = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(run, Math.min(timeoutMs, 200));
      cancelWait = () => clearTimeout(handle);
    }
  };
  if (typeof requestAnimationFrame === 'function') {
    // Asked for inside a frame's callback, an idle callback runs after that frame is drawn.
    const frame = requestAnimationFrame(afterFrame);
    cancelWait = () => cancelAnimationFrame(frame);
  } else afterFrame();
  function cancel() {
    clearTimeout(deadline);
    cancelWait();
  }
  return () => {
    finished = true;
    cancel();
  };
}

