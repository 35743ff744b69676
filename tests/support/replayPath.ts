import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { createApiActors } from '../../src/api/apiActors';
import type { CallInput } from '../../src/api/callOperation';
import { operations as hnOperations } from '../../src/api/generated/hn/operations';
import { operations as svOperations } from '../../src/api/generated/sv/operations';
import { currentStep, type CompiledJourney, type JourneySnapshot } from '../../src/engine/compileJourney';
import type { JourneyPath } from '../../src/engine/journeyPaths';
import type { runningSandbox } from './runningSandbox';

/** Each country's table of operations, by the journey's country. */
const operationsOf: Record<string, typeof svOperations | typeof hnOperations> = { SV: svOperations, HN: hnOperations };

/** A call the replay made to the sandbox, and what came back. */
export interface ReplayCall {
  operationId: string;
  ok: boolean;
  status?: number;
  message?: string;
}

/** Where a replay left its path, and why. */
export interface ReplayResult {
  ok: boolean;
  /** The agent's events sent, each with the place it was sent from. */
  done: Array<{ place: string; event: string }>;
  /** When it left the path: where it should have been, where it was, what the provider last said, what the screen said. */
  left?: { atStep: number; expected: string; actual: string; lastCall?: ReplayCall; message?: string; pathAnswer?: string };
}

const isCall = (type: string) => type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.');
const placeOf = (journey: CompiledJourney, snapshot: JourneySnapshot, stateId: string) => currentStep(journey, snapshot)?.route ?? `(${stateId.split('.').pop()})`;

/** The innermost active state's id. */
function leafId(actor: AnyActorRef): string {
  const ids = (actor.getSnapshot() as { _nodes?: Array<{ id: string; type: string }> })._nodes ?? [];
  return ids.filter((n) => n.type === 'atomic' || n.type === 'final').map((n) => n.id).at(-1) ?? '';
}

/**
 * Replays a path of `journeys:paths` against a running sandbox, every call real: the agent's
 * events of the path are sent one by one (the provider's answers are the sandbox's, not the
 * path's examples), and before each the journey must be where the path says. The first place it
 * is not is where the replay left the path, with the provider's last answer and the screen's
 * message: why it went elsewhere (an example that does not match the seed, a provider that
 * answers otherwise).
 */
export async function replayPath(journey: CompiledJourney, path: JourneyPath, sandbox: Awaited<ReturnType<typeof runningSandbox>>, position = { latitude: 13.697366, longitude: -89.192282 }): Promise<ReplayResult> {
  const country = journey.config.meta?.country ?? 'SV';
  const operations = operationsOf[country];
  if (!operations) throw new Error(`no operations table for ${country} in tests/support/replayPath.ts`);
  const api = sandbox.countryClient(operations);
  const calls: ReplayCall[] = [];
  const call = async (operationId: string, input?: CallInput) => {
    const outcome = await api.call(operationId, input);
    calls.push(outcome.ok ? { operationId, ok: true } : { operationId, ok: false, status: outcome.error.status, message: outcome.error.message });
    return outcome;
  };
  const actors = { ...createApiActors(operations, call, {}, { retryDelaysMs: [50, 100, 200] }), 'device.location': fromPromise(async () => position) };
  const actor = createActor(journey.machine.provide({ actors: actors as never })).start();
  const settled = () => waitFor(actor, (s) => Object.values(s.children).every((c) => (c as AnyActorRef | undefined)?.getSnapshot().status !== 'active'), { timeout: 10_000 }).catch(() => undefined);
  const done: ReplayResult['done'] = [];
  try {
    await settled();
    const agentSteps = path.steps.map((step, index) => ({ step, index })).filter(({ step }) => !isCall(step.event.type));
    for (const { step, index } of agentSteps) {
      const at = leafId(actor);
      if (at !== step.stateId) return left(index, step.stateId, at);
      done.push({ place: placeOf(journey, actor.getSnapshot() as JourneySnapshot, at), event: step.event.type });
      actor.send(step.event as never);
      await settled();
    }
    const at = leafId(actor);
    return at === path.end.stateId ? { ok: true, done } : left(path.steps.length, path.end.stateId, at);
  } finally {
    actor.stop();
  }

  function left(atStep: number, expected: string, actual: string): ReplayResult {
    const message = (actor.getSnapshot().context as { ui?: { message?: unknown } }).ui?.message;
    const lastCall = calls.at(-1);
    // What the path had that call answer (its example), to set beside what the sandbox answered.
    const answered = path.steps.slice(0, atStep).filter((s) => isCall(s.event.type)).at(-1)?.event;
    const pathAnswer = answered ? JSON.stringify(answered.output ?? answered.error ?? null).slice(0, 200) : undefined;
    return {
      ok: false,
      done,
      left: { atStep, expected, actual, ...(lastCall ? { lastCall } : {}), ...(pathAnswer ? { pathAnswer } : {}), ...(typeof message === 'string' && message !== '' ? { message } : {}) },
    };
  }
}
