/**
 * The calls of a path around one of the agent's events, as both replays (in Node and in the
 * browser) read them: the calls the event starts, the answer the path has the first give, the
 * failures the path has them end in and how a replay makes them happen, and the path's own
 * answer before a place the replay left, to set beside the provider's.
 */
import { isCallEvent as isCall, type JourneyPath } from '../paths/journeyPaths';
import type { OperationTable } from '../../api/operationTable';
import { armFault } from '../sandbox/testerTools';
import type { ReplayData } from './replayData';

type PathEvent = JourneyPath['steps'][number]['event'];

/** A call the path has fail: its actor (`api.<operationId>`, `device.location`), its status and error, and the sandbox's fault that makes it. */
export interface PathFailure {
  actor: string;
  status?: number;
  fault?: string;
  error: unknown;
}

/**
 * The calls the agent's event at `index` starts, until the agent acts again; with `toTimer`,
 * only until the journey's next timer fires (the browser replay fires each itself, and arms the
 * failures of the calls after it then: an order's third status check fails, not its first).
 */
export function callsAfter(path: JourneyPath, index: number, { toTimer = false } = {}): PathEvent[] {
  const calls: PathEvent[] = [];
  for (const { event } of path.steps.slice(index + 1)) {
    if (!isCall(event.type) || (toTimer && event.type.startsWith('xstate.after.'))) break;
    calls.push(event);
  }
  return calls;
}

/** Whether the first call after the agent's event at `index` answers (none fails). */
export function answersAfter(path: JourneyPath, index: number): boolean {
  const next = path.steps.slice(index + 1).find((s) => isCall(s.event.type));
  return next?.event.type.startsWith('xstate.done.actor.') === true;
}

/**
 * The calls the path has fail right after the agent's event at `index` (until the agent acts
 * again): the actor (`api.<operationId>`, `device.location`), the status the path gives it and
 * its error. What a replay fails for real (a sandbox fault armed, the position refused).
 */
export function failuresAfter(path: JourneyPath, index: number, { data, operations, toTimer }: { data?: ReplayData; operations?: OperationTable; toTimer?: boolean } = {}): PathFailure[] {
  const failures: PathFailure[] = [];
  for (const event of callsAfter(path, index, { toTimer })) {
    const answered = event.type.startsWith('xstate.done.actor.api.');
    // A call the path has answer nothing, where its spec makes a 404 a quiet empty answer
    // (`x-not-found: quiet`): that 404, whatever the seed would have found.
    if (answered && (event.output ?? null) === null && operations?.[event.type.slice('xstate.done.actor.api.'.length)]?.notFound === 'quiet') {
      failures.push({ actor: event.type.slice('xstate.done.actor.'.length), fault: '404', error: undefined });
    }
    if (!event.type.startsWith('xstate.error.actor.')) continue;
    const actor = event.type.replace(/^xstate\.error\.actor\./, '');
    const status = (event.error as { status?: unknown } | undefined)?.status;
    // The seed's replay data may name the way it fails instead of its status (a code sent whose answer was lost).
    const fault = data?.faults?.[actor] ?? (typeof status === 'number' ? String(status) : undefined);
    if (actor === 'device.location') failures.push({ actor, error: event.error });
    else if (actor.startsWith('api.')) failures.push({ actor, error: event.error, ...(typeof status === 'number' ? { status } : {}), ...(fault ? { fault } : {}) });
  }
  return failures;
}

/**
 * The calls the path has fail after the agent's event at `index`, failed for real: the
 * sandbox's fault of that status armed for the operation (a 500, a 504 ...) at `address`, and
 * the device's position refused the replay's way (`refuseLocation`).
 */
export async function failForReal(
  path: JourneyPath,
  index: number,
  { address, country, data, operations, toTimer }: { address: string; country: string; data: ReplayData; operations: OperationTable; toTimer?: boolean },
  refuseLocation: (error: unknown) => void | Promise<void>,
): Promise<void> {
  for (const failure of failuresAfter(path, index, { data, operations, toTimer })) {
    if (failure.actor === 'device.location') await refuseLocation(failure.error);
    // A status the sandbox has no fault for (a 422) is left to its seed's answers.
    else if (failure.fault !== undefined) await armFault(address, failure.actor.slice('api.'.length), failure.fault, country).catch(() => undefined);
  }
}

/**
 * What the path had the last call before step `atStep` answer (its example), to set beside what
 * the sandbox answered; with `operation`, the last call of that operation (the one the replay
 * made last): the example of another call beside it misled.
 */
export function pathAnswerBefore(path: JourneyPath, atStep: number, operation?: string): string | undefined {
  const calls = path.steps.slice(0, atStep).filter((s) => isCall(s.event.type));
  const answered = (operation ? calls.filter((s) => /^xstate\.(done|error)\.actor\.api\.(.+)$/.exec(s.event.type)?.[2] === operation) : calls).at(-1)?.event;
  return answered ? JSON.stringify(answered.output ?? answered.error ?? null).slice(0, 200) : undefined;
}
