/**
 * Runs `task` when the main thread is idle after the next frame is drawn, at the latest after
 * `timeoutMs` (a hidden tab draws no frames; a browser without idle callbacks waits a short
 * pause); returns how to cancel it. For work that must not be part of a step change: saving the
 * journey, loading the next steps' code, the browser's history entry for the new step. Tasks
 * asked for in order run in that order. The wait for a frame matters: a step's click is handled
 * and then the browser waits for the screen's next refresh, idle, and an idle callback asked for
 * during the click ran there, before the new screen was drawn (a save of 8 ms at 4x CPU in every
 * step change).
 *
 * The tasks share one queue: a step change asks for four (the save, the history entry, the next
 * steps' code, the next screen drawn ahead), and with a frame callback, an idle callback and a
 * timer each, their four frame callbacks ran inside the frame that draws the new screen (0.5 to
 * 1.5 ms of it at 4x CPU). Now one frame callback marks every waiting task as drawn past, one idle
 * callback runs them while the browser says it has time, and one timer keeps the earliest deadline.
 */

interface Waiting {
  task: () => void;
  /** When it runs at the latest (`Date.now()` time). */
  due: number;
  /** A frame has been drawn since it was asked for. */
  drawn: boolean;
}

const queue: Waiting[] = [];
let frameAsked = false;
let idleAsked = false;
let deadlineTimer: ReturnType<typeof setTimeout> | undefined;
let deadlineAt = Infinity;

/** When the first waiting task runs at the latest. */
const earliestDue = () => queue.reduce((at, waiting) => Math.min(at, waiting.due), Infinity);

function runOne(waiting: Waiting) {
  queue.splice(queue.indexOf(waiting), 1);
  try {
    waiting.task();
  } catch (error) {
    // Thrown where the browser reports it, without stopping the tasks queued behind it.
    queueMicrotask(() => {
      throw error;
    });
  }
}

/** Runs, in order, every task whose deadline has passed, then waits for the next deadline. */
function runDue() {
  deadlineTimer = undefined;
  deadlineAt = Infinity;
  const now = Date.now();
  for (const waiting of [...queue]) if (waiting.due <= now && queue.includes(waiting)) runOne(waiting);
  armDeadline();
}

function armDeadline() {
  const earliest = earliestDue();
  if (earliest >= deadlineAt) return;
  if (deadlineTimer !== undefined) clearTimeout(deadlineTimer);
  deadlineAt = earliest;
  deadlineTimer = earliest === Infinity ? undefined : setTimeout(runDue, Math.max(0, earliest - Date.now()));
}

/** Runs the drawn-past tasks in order while the browser has time (at least one per idle callback). */
function runIdle(deadline?: IdleDeadline) {
  idleAsked = false;
  let ran = 0;
  while (queue[0]?.drawn && (ran === 0 || !deadline || deadline.timeRemaining() > 1)) {
    runOne(queue[0]);
    ran++;
  }
  if (queue.some((waiting) => waiting.drawn)) askIdle();
  // Nothing left to wait for: no timer kept running for it.
  if (queue.length === 0 && deadlineTimer !== undefined) {
    clearTimeout(deadlineTimer);
    deadlineTimer = undefined;
    deadlineAt = Infinity;
  }
}

function askIdle() {
  if (idleAsked || queue.length === 0) return;
  idleAsked = true;
  const timeout = Math.max(0, earliestDue() - Date.now());
  if (typeof requestIdleCallback === 'function') requestIdleCallback(runIdle, { timeout });
  else setTimeout(runIdle, Math.min(timeout, 200));
}

/** The frame is drawn (or about to be: asked for inside a frame's callback, an idle callback runs after it). */
function afterFrame() {
  frameAsked = false;
  for (const waiting of queue) waiting.drawn = true;
  askIdle();
}

export function whenIdle(task: () => void, timeoutMs: number): () => void {
  const waiting: Waiting = { task, due: Date.now() + timeoutMs, drawn: typeof requestAnimationFrame !== 'function' };
  queue.push(waiting);
  armDeadline();
  if (waiting.drawn) askIdle();
  else if (!frameAsked) {
    frameAsked = true;
    requestAnimationFrame(afterFrame);
  }
  return () => {
    const at = queue.indexOf(waiting);
    if (at >= 0) queue.splice(at, 1);
  };
}
