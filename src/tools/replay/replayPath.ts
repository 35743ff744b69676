import { existsSync, readFileSync } from 'node:fs';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { getAt } from '../../pack/jsonPointer';
import { createApiActors } from '../../api/apiActors';
import type { CallInput } from '../../api/callOperation';
import { activeNodes } from '../../pack/activeNodes';
import { currentStep, type CompiledJourney, type JourneySnapshot } from '../../runtime/compileJourney';
import { isCallEvent, type JourneyPath } from '../paths/journeyPaths';
import type { OperationTable } from '../../api/operationTable';
import type { runningSandbox } from '../sandbox/runningSandbox';
import { armFault, outboxCodes } from '../sandbox/testerTools';
import { operationsOf, uploadPhoto } from './countryOperations';
import { DEFAULT_COUNTRY } from '../../pack/defaultCountry';

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

/** What the agent types where the seed decides the branch (src/sandbox/seed/<cc>/replay.json). */
export interface ReplayData {
  events: Array<{
    at: string;
    when?: { call: string; pointer: string; equals: unknown };
    /** A photo of tests/fixtures/ids/ uploaded first; `$answer/<pointer>` in `data` reads its answer. */
    upload?: { operation: string; file: string };
    /** The event's data; `$outbox:<pointer>` is the last code sent to the phone or e-mail at that pointer of the journey's data. */
    data: unknown;
  }>;
  /**
   * How a call the path has fail is failed, by its actor (`api.getOTP`), where its status would
   * not do: `lost-answer` (the provider did it, its answer was lost: a code was sent all the
   * same, which the agent then types). Any fault of src/sandbox/faults.ts.
   */
  faults?: Record<string, string>;
}

/** The seed's replay data of a country, none when its seed has no such file. */
export function replayDataOf(country: string): ReplayData {
  const file = `src/sandbox/seed/${country.toLowerCase()}/replay.json`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ReplayData) : { events: [] };
}

/**
 * How an event of the path is made ready for the sandbox, in place of the seed's replay data laid
 * over the path's example (a recorded session's: src/tools/replay/sessionReplay.ts); with the fresh
 * sandbox's photo uploads and one-time codes at hand.
 */
export type PrepareEvent = (
  event: JourneyPath['steps'][number]['event'],
  tools: { at: string; index: number; context: unknown; upload: (operation: string, file: string) => Promise<unknown>; outboxCode: (to: string) => Promise<string> },
) => Promise<JourneyPath['steps'][number]['event']>;

/** What the journey does by itself, not the agent (the engine's own test, for the browser replay too). */
export const isCall = isCallEvent;
const placeOf = (journey: CompiledJourney, snapshot: JourneySnapshot, stateId: string) => currentStep(journey, snapshot)?.route ?? `(${stateId.split('.').pop()})`;

/**
 * The seed's replay entry for the agent's event at `index` of a path, sent from state `at`: the
 * first for that state whose `when` fits the answer the path has the next call give (the
 * browser replay reads it too).
 */
export function seedEntryFor(data: ReplayData, path: JourneyPath, index: number, at: string): ReplayData['events'][number] | undefined {
  // The calls this event starts, until the agent acts again, and what the path has them answer.
  const window: Array<{ type: string } & Record<string, unknown>> = [];
  for (const { event: e } of path.steps.slice(index + 1)) {
    if (!isCall(e.type)) break;
    window.push(e);
  }
  const answerOf = (call: string) => window.find((e) => e.type === `xstate.done.actor.${call}`)?.output;
  // (`equals: null` also matches a value the answer does not have.)
  return data.events.find((e) => e.at === at && (!e.when || JSON.stringify(getAt(answerOf(e.when.call), e.when.pointer) ?? null) === JSON.stringify(e.when.equals ?? null)));
}

/**
 * The calls the path has fail right after the agent's event at `index` (until the agent acts
 * again): the actor (`api.<operationId>`, `device.location`), the status the path gives it and
 * its error. What a replay fails for real (a sandbox fault armed, the position refused).
 */
export function failuresAfter(
  path: JourneyPath,
  index: number,
  { data, operations }: { data?: ReplayData; operations?: OperationTable } = {},
): Array<{ actor: string; status?: number; fault?: string; error: unknown }> {
  const failures: Array<{ actor: string; status?: number; fault?: string; error: unknown }> = [];
  for (const { event } of path.steps.slice(index + 1)) {
    if (!isCall(event.type)) break;
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
 * Replays a path of `journeys:paths` against a running sandbox, every call real: the agent's
 * events of the path are sent one by one (the provider's answers are the sandbox's, not the
 * path's examples), and before each the journey must be where the path says. The first place it
 * is not is where the replay left the path, with the provider's last answer and the screen's
 * message: why it went elsewhere (an example that does not match the seed, a provider that
 * answers otherwise).
 */
export async function replayPath(
  journey: CompiledJourney,
  path: JourneyPath,
  sandbox: Awaited<ReturnType<typeof runningSandbox>>,
  { position = { latitude: 13.697366, longitude: -89.192282 }, data, prepare }: { position?: { latitude: number; longitude: number }; data?: ReplayData; prepare?: PrepareEvent } = {},
): Promise<ReplayResult> {
  const country = journey.config.meta?.country ?? DEFAULT_COUNTRY.toUpperCase();
  const operations = operationsOf(country);
  if (!operations) throw new Error(`no operations table for ${country} in src/tools/replay/replayPath.ts`);
  const api = sandbox.countryClient(operations);
  /** The innermost active state's id. */
  const leafId = (running: AnyActorRef) => activeNodes(journey.graph, (running.getSnapshot() as JourneySnapshot).value).at(-1)?.id ?? '';
  const calls: ReplayCall[] = [];
  const call = async (operationId: string, input?: CallInput) => {
    const outcome = await api.call(operationId, input);
    calls.push(outcome.ok ? { operationId, ok: true } : { operationId, ok: false, status: outcome.error.status, message: outcome.error.message });
    return outcome;
  };
  // The device's position: given, unless the path has the agent refuse it.
  let refuseLocation: unknown;
  const location = fromPromise(async () => {
    const refused = refuseLocation;
    refuseLocation = undefined;
    if (refused !== undefined) throw refused;
    return position;
  });
  const actors = { ...createApiActors(operations, call, {}, { retryDelaysMs: [50, 100, 200] }), 'device.location': location };
  const actor = createActor(journey.machine.provide({ actors: actors as never })).start();
  // Settled: no call in flight, and no state the journey marks busy (an order's activation polled every few seconds).
  const settled = () =>
    waitFor(actor, (s) => !s.hasTag('busy') && Object.values(s.children).every((c) => (c as AnyActorRef | undefined)?.getSnapshot().status !== 'active'), { timeout: 20_000 }).catch(
      () => undefined,
    );
  const done: ReplayResult['done'] = [];
  const seedData = data ?? replayDataOf(country);
  try {
    await settled();
    const agentSteps = path.steps.map((step, index) => ({ step, index })).filter(({ step }) => !isCall(step.event.type));
    for (const { step, index } of agentSteps) {
      const at = leafId(actor);
      if (at !== step.stateId) return left(index, step.stateId, at);
      if (index === 0 && step.event.type.startsWith('app.') && answersAfter(index)) await openSession();
      done.push({ place: placeOf(journey, actor.getSnapshot() as JourneySnapshot, at), event: step.event.type });
      await armFailures(index);
      const tools = { at, index, context: actor.getSnapshot().context as unknown, upload: (operation: string, file: string) => uploadPhoto(api, country, operation, file), outboxCode: async (to: string) => (await outboxCodes(sandbox.address, to)).at(-1) ?? '' };
      actor.send((await (prepare ? prepare(step.event, tools) : seedEvent(step.event, at, index))) as never);
      await settled();
    }
    const at = leafId(actor);
    return at === path.end.stateId ? { ok: true, done } : left(path.steps.length, path.end.stateId, at);
  } finally {
    actor.stop();
  }

  /** Whether the calls right after the event at `index` answer (none fails). */
  function answersAfter(index: number) {
    const next = path.steps.slice(index + 1).find((s) => isCall(s.event.type));
    return next?.event.type.startsWith('xstate.done.actor.') === true;
  }

  /**
   * A session the provider opened before the journey starts, as when another of its apps sends
   * the agent to a shell route with its cookie set: the journey's own sign-in (its first step's
   * submit, with its example) run in a second actor on the same client, then stopped.
   */
  async function openSession() {
    const first = journey.graph.edges.find((e) => e.source.id === leafId(actor) && e.event === 'step.submit');
    const signIn = createActor(journey.machine.provide({ actors: actors as never })).start();
    signIn.send({ type: 'step.submit', ...(first?.transition.meta?.example ?? {}) } as never);
    await waitFor(signIn, (s) => leafId(signIn) !== first?.source.id && Object.values(s.children).every((c) => (c as AnyActorRef | undefined)?.getSnapshot().status !== 'active'), { timeout: 20_000 }).catch(() => undefined);
    signIn.stop();
  }

  /**
   * The event as the agent sends it to the sandbox: where the seed's replay data has an entry for
   * this state that fits the answer the path expects of the next call, its data; else the path's.
   */
  async function seedEvent(event: JourneyPath['steps'][number]['event'], at: string, index: number) {
    const fits = seedEntryFor(seedData, path, index, at);
    if (!fits) return event;
    let uploaded: unknown;
    if (fits.upload) uploaded = await uploadPhoto(api, country, fits.upload.operation, fits.upload.file).catch(() => undefined);
    const context = actor.getSnapshot().context as unknown;
    const fill = async (value: unknown): Promise<unknown> => {
      if (typeof value === 'string' && value.startsWith('$answer')) return getAt(uploaded, value.slice('$answer'.length));
      if (typeof value === 'string' && value.startsWith('$outbox:')) return (await outboxCodes(sandbox.address, String(getAt({ context }, value.slice('$outbox:'.length)) ?? ''))).at(-1) ?? '';
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        return Object.fromEntries(await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await fill(v)] as const)));
      }
      return value;
    };
    // What the entry gives is laid over the path's example (only what differs is written).
    const given = await fill(fits.data);
    const example = event.data;
    const both = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
    return { ...event, data: both(given) && both(example) ? { ...example, ...given } : given };
  }

  /**
   * The calls the path has fail after this event, failed for real: the sandbox's fault of that
   * status armed for the operation (a 500, a 504 ...), the device's position refused.
   */
  async function armFailures(index: number) {
    for (const failure of failuresAfter(path, index, { data: seedData, operations })) {
      if (failure.actor === 'device.location') refuseLocation = failure.error;
      // A status the sandbox has no fault for (a 422) is left to its seed's answers.
      else if (failure.fault !== undefined) await armFault(sandbox.address, failure.actor.slice('api.'.length), failure.fault, country).catch(() => undefined);
    }
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
