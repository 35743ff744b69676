/**
 * Which call sent the journey off its path: of the calls between the agent's last event and the
 * place the replay left, the first after whose answer the journey settled elsewhere than the path
 * goes, with what the path's example had it answer and what the sandbox answered. The last call
 * made is often another (a code sent on the screen the journey went to instead): naming it
 * pointed testers at the wrong call. Both replays read it: in Node from the journey's own events
 * (nodeJourney.ts), in the browser from the states the app wrote and the statuses its calls
 * answered (browserTrace.ts), where the answers are sealed.
 */
import { getAt, toPointer } from '../../pack/jsonPointer';
import type { JourneyPath } from '../paths/journeyPaths';

/**
 * An event the journey took and the state it settled in after it (its innermost state's id). In
 * Node the event itself, its answer's output or error with it (nodeJourney.ts's TracedEvent); in
 * the browser a call's answer is sealed, so only the `status` it came with is seen, and its type
 * is read from that status (browserTrace.ts).
 */
export interface TakenEvent {
  event: { type: string; output?: unknown; error?: unknown };
  leaf: string;
  /** The HTTP status of a sealed answer, whose values the replay cannot see. */
  status?: number;
}

/** The call whose answer differed from the path's example, and where each went after it. */
export interface DifferingCall {
  /** The operation (the provider's operation id), or the device's position (`device.location`). */
  operation: string;
  /** The path's event of that call (`xstate.done.actor.api.<operation>`, or its error). */
  event: string;
  /** What the path's example had it answer (the values that differ; all of them beside a sealed answer), or its failure. */
  example: string;
  /** What the sandbox answered (at the same places), or its failure; a sealed answer's status (the browser's). */
  answered: string;
  /** The state the path goes on to after it. */
  pathGoes: string;
  /** The state the journey settled in instead. */
  journeyWent: string;
}

/** The invoked actor an event answers (`api.<operation>` for `xstate.done.actor.api.<operation>`), if it is a call's answer. */
const actorOf = (type: string) => /^xstate\.(done|error)\.actor\.(.+)$/.exec(type)?.[2];

/** Every value that is not an object or array in `value`, by its pointer. */
function leaves(value: unknown, at: Array<string | number> = []): Array<{ pointer: string; value: unknown }> {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, [...at, key]));
  }
  return [{ pointer: toPointer(at), value }];
}

const shown = (value: unknown) => (JSON.stringify(value) ?? 'nothing').slice(0, 200);

/** A failure as the agent's screen would say it: its status and message. */
function failure(error: unknown): string {
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  return `fails (${[status, message].filter((part) => part !== undefined && part !== '').join(': ') || shown(error)})`;
}

/** Every value of an example's answer (the first three), when there is no answer to set them beside. */
function exampleValues(output: unknown): string {
  const all = output !== null && typeof output === 'object' ? leaves(output) : [];
  if (all.length === 0) return `answers ${shown(output ?? null)}`;
  const more = all.length > 3 ? ` (and ${all.length - 3} more)` : '';
  return all.slice(0, 3).map((leaf) => `${leaf.pointer} = ${shown(leaf.value)}`).join(', ') + more;
}

/**
 * A sealed answer beside the path's example: the example's values (or its failure), and the
 * status the sandbox answered with, which is all the browser sees of it.
 */
function sealedSideBySide(expected: TakenEvent['event'], status: number): { example: string; answered: string } {
  return {
    example: expected.type.startsWith('xstate.error.') ? failure(expected.error) : exampleValues(expected.output),
    answered: status >= 400 ? `fails (${status})` : `${status} (a sealed answer: the browser sees its status only)`,
  };
}

/** The example's answer and the sandbox's, side by side where they differ. */
function sideBySide(expected: TakenEvent['event'], got: TakenEvent['event']): { example: string; answered: string } {
  const failedInPath = expected.type.startsWith('xstate.error.');
  const failedHere = got.type.startsWith('xstate.error.');
  if (failedInPath || failedHere) {
    return {
      example: failedInPath ? failure(expected.error) : `answers ${shown(expected.output ?? null)}`,
      answered: failedHere ? failure(got.error) : `answers ${shown(got.output ?? null)}`,
    };
  }
  // The example is the part of an answer its branch reads: each of its values set beside the sandbox's.
  const differing = leaves(expected.output ?? null).filter((leaf) => JSON.stringify(getAt(got.output, leaf.pointer)) !== JSON.stringify(leaf.value));
  if (differing.length === 0) return { example: `answers ${shown(expected.output ?? null)}`, answered: `answers ${shown(got.output ?? null)}` };
  const some = differing.slice(0, 3);
  const more = differing.length > some.length ? ` (and ${differing.length - some.length} more)` : '';
  return {
    example: some.map((leaf) => `${leaf.pointer || '(the answer)'} = ${shown(leaf.value)}`).join(', ') + more,
    answered: some.map((leaf) => `${leaf.pointer || '(the answer)'} = ${shown(getAt(got.output, leaf.pointer))}`).join(', '),
  };
}

/**
 * The call, among the path's steps `from` to `to` (the agent's event sent at `from`, the calls
 * after it until the place the replay left), after whose answer the journey settled elsewhere
 * than the path's next state; `trace` the events the journey took since that agent's event.
 * None when the agent's event or a timer went elsewhere, or every call went as the path says.
 * `sees`: whether the trace can show a step's event at all (the browser's cannot show the
 * device's position or a timer): a step it cannot is passed over.
 *
 * @example differingCall(path, { from: 4, to: 7 }, run.trace().slice(mark))
 * // { operation: <the client's check>, example: '/individualsLists/0/customerAccountLists/hasDebt = true', answered: '... = false', ... }
 */
export function differingCall(
  path: JourneyPath,
  { from, to }: { from: number; to: number },
  trace: readonly TakenEvent[],
  { sees = () => true }: { sees?: (type: string) => boolean } = {},
): DifferingCall | undefined {
  let next = 0;
  for (let index = from; index < Math.min(to, path.steps.length); index += 1) {
    const step = path.steps[index] as JourneyPath['steps'][number];
    if (!sees(step.event.type)) continue;
    const pathGoes = path.steps[index + 1]?.stateId ?? path.end.stateId;
    const actor = actorOf(step.event.type);
    // The same call answered or failed, or the same agent's event or timer.
    const found = trace.findIndex((taken, i) => i >= next && (actor ? actorOf(taken.event.type) === actor : taken.event.type === step.event.type));
    const taken = trace[found];
    if (!taken) return undefined;
    next = found + 1;
    // A sealed answer's type is only read from its status (a 2xx the app refused is an error
    // to the journey): where the journey went is what tells.
    if (taken.leaf === pathGoes && (taken.status !== undefined || taken.event.type === step.event.type)) continue;
    if (!actor) return undefined;
    const expected = step.event as TakenEvent['event'];
    const sides = taken.status === undefined ? sideBySide(expected, taken.event) : sealedSideBySide(expected, taken.status);
    return { operation: actor.replace(/^api\./, ''), event: step.event.type, ...sides, pathGoes, journeyWent: taken.leaf };
  }
  return undefined;
}

/** The call in a line, as the replay's report says it. */
export const describeDifferingCall = (call: DifferingCall) =>
  `${call.operation}'s answer differed from the path's example: the example ${call.example.startsWith('answers') || call.example.startsWith('fails') ? call.example : `has ${call.example}`}, the sandbox ${call.answered.startsWith('answers') || call.answered.startsWith('fails') ? call.answered : `answered ${call.answered}`}; the path goes on to ${call.pathGoes}, the journey went to ${call.journeyWent}`;
