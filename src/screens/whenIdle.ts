/**
 * Runs `task` when the main thread is idle, at the latest after `timeoutMs` (a short pause where
 * the browser has no idle callbacks); returns how to cancel it. For work that must not be part
 * of a step change: saving the journey, loading the next steps' code.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, Math.min(timeoutMs, 200));
  return () => clearTimeout(handle);
}
