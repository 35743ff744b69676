/**
 * A journey run in Node against a running sandbox, as the Node replay drives it: its calls made
 * for real by a client of the sandbox (each recorded with its outcome), the device's position
 * given unless the replay has it refused, and what the replay asks of it (where it is, whether
 * it has settled, what the screen says).
 */
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorRef, type InspectionEvent } from 'xstate';
import { createApiActors } from '../../api/apiActors';
import type { CallInput } from '../../api/callOperation';
import type { OperationTable } from '../../api/operationTable';
import { activeNodes } from '../../pack/activeNodes';
import { currentStep, type CompiledJourney, type JourneySnapshot } from '../../runtime/compileJourney';
import type { runningSandbox } from '../sandbox/runningSandbox';

/** A call the replay made to the sandbox, and what came back. */
export interface ReplayCall {
  operationId: string;
  ok: boolean;
  status?: number;
  message?: string;
}

type Sandbox = Awaited<ReturnType<typeof runningSandbox>>;

/**
 * An event the journey took, and the state it settled in after it (its innermost state's id):
 * what tells which call's answer sent the journey elsewhere than the path (differingCall.ts).
 */
export interface TracedEvent {
  event: { type: string; output?: unknown; error?: unknown };
  leaf: string;
}

/**
 * The time a replay runs on: the journey's timers on a simulated clock, and how far the
 * sandbox's clock has been moved with it (the sandbox is made with `now` reading `shift`). A
 * journey polling its order every 5 s is moved on at once rather than waited for, and the
 * provider finds the same time passed.
 */
export interface Timeline {
  clock: SimulatedClock;
  shift: { ms: number };
}

/** A timeline that has not moved yet. */
export const newTimeline = (): Timeline => ({ clock: new SimulatedClock(), shift: { ms: 0 } });

/** How far a busy journey's time is moved at once, and at most in all (the longest wait of a journey, the order's 1000 s, and some). */
const TIME_STEP_MS = 1_000;
const MOST_TIME_MS = 1_200_000;

/** Whether none of an actor's calls is still running. */
const noCallRunning = (children: Record<string, unknown>) => Object.values(children).every((c) => (c as AnyActorRef | undefined)?.getSnapshot().status !== 'active');

/** The country's client of the sandbox, each call's outcome recorded in `calls`. */
function recordedClient(sandbox: Sandbox, operations: OperationTable, calls: ReplayCall[]) {
  const api = sandbox.countryClient(operations);
  const call = async (operationId: string, input?: CallInput) => {
    const outcome = await api.call(operationId, input);
    calls.push(outcome.ok ? { operationId, ok: true } : { operationId, ok: false, status: outcome.error.status, message: outcome.error.message });
    return outcome;
  };
  return { api, call };
}

/** The device's position as an actor: given, unless `refuseNext` was told the error of the one refusal the path has next. */
function deviceLocation(position: { latitude: number; longitude: number }) {
  let refuseLocation: unknown;
  // Typed as the journey's calls are (what the machine is given): its answer is read at /event/output.
  const location = fromPromise<unknown, Record<string, unknown>>(async () => {
    const refused = refuseLocation;
    refuseLocation = undefined;
    if (refused !== undefined) throw refused;
    return position;
  });
  const refuseNext = (error: unknown) => {
    refuseLocation = error;
  };
  return { location, refuseNext };
}

/**
 * Waits until no call is in flight and no state the journey marks busy is active. On a timeline,
 * a busy journey's time (and the sandbox's) is moved on until it is not; otherwise it is waited for.
 */
async function settle(actor: AnyActorRef, timeline: Timeline | undefined): Promise<void> {
  if (!timeline) {
    await waitFor(actor, (s) => !s.hasTag('busy') && noCallRunning(s.children), { timeout: 20_000 }).catch(() => undefined);
    return;
  }
  const quiet = () => waitFor(actor, (s) => noCallRunning(s.children), { timeout: 20_000 }).catch(() => undefined);
  await quiet();
  for (let moved = 0; actor.getSnapshot().hasTag('busy') && moved < MOST_TIME_MS; moved += TIME_STEP_MS) {
    timeline.shift.ms += TIME_STEP_MS;
    timeline.clock.increment(TIME_STEP_MS);
    await quiet();
  }
}

/**
 * Each event a journey's root actor took and where it settled, by the root's session (a second
 * actor, the sign-in of `openSession`, keeps its own): `inspect` for createActor, `traceOf` a session's.
 */
function journeyTrace(journey: CompiledJourney) {
  const traced: Array<TracedEvent & { session: string }> = [];
  const inspect = (seen: InspectionEvent) => {
    if (seen.type !== '@xstate.snapshot' || seen.actorRef.sessionId !== seen.rootId) return;
    const leaf = activeNodes(journey.graph, (seen.snapshot as JourneySnapshot).value).at(-1)?.id ?? '';
    traced.push({ session: seen.rootId, event: seen.event as TracedEvent['event'], leaf });
  };
  const traceOf = (session: string): TracedEvent[] => traced.filter((t) => t.session === session).map(({ event, leaf }) => ({ event, leaf }));
  return { inspect, traceOf };
}

/** The outside page at `leftFor` answered: `form` posted to it, and the query of the page it sends the person back to. */
async function answerOutsidePage(address: string, leftFor: string | undefined, form: Record<string, string>): Promise<Record<string, string>> {
  if (!leftFor) throw new Error('the journey has left for no outside page');
  const page = await fetch(new URL(leftFor, address), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form), redirect: 'manual' });
  const back = page.headers.get('location');
  if (!back) throw new Error(`the outside page ${leftFor} sent nobody back (${page.status})`);
  return Object.fromEntries(new URL(back, address).searchParams);
}

/** Starts the journey in Node on the sandbox's client of the country's `operations`. */
export function startNodeJourney(
  journey: CompiledJourney,
  sandbox: Sandbox,
  { country, operations, position, timeline }: { country: string; operations: OperationTable; position: { latitude: number; longitude: number }; timeline?: Timeline },
) {
  const calls: ReplayCall[] = [];
  const { api, call } = recordedClient(sandbox, operations, calls);
  const { location, refuseNext } = deviceLocation(position);
  const actors = { ...createApiActors(operations, call, {}, { retryDelaysMs: [50, 100, 200] }), 'device.location': location };
  const { inspect, traceOf } = journeyTrace(journey);
  const start = () => createActor(journey.machine.provide({ actors }), { inspect, ...(timeline ? { clock: timeline.clock } : {}) }).start();
  const actor = start();
  // Where the journey last left for (its `leave`): an outside page the replay answers as a person would.
  let leftFor: string | undefined;
  actor.on('app.leave', (event) => void (leftFor = (event as { url?: string }).url));
  /** The innermost active state's id. */
  const leafId = (running: AnyActorRef = actor) => activeNodes(journey.graph, (running.getSnapshot() as JourneySnapshot).value).at(-1)?.id ?? '';
  return {
    journey,
    country,
    operations,
    actor,
    api,
    calls,
    /** The events the journey took so far, each with the state it settled in. */
    trace: (): TracedEvent[] => traceOf(actor.sessionId),
    address: sandbox.address,
    leafId,
    /** Refuses the device's position the next time the journey asks for it, with this error. */
    refuseLocation: refuseNext,
    /**
     * Settled: no call in flight, and no state the journey marks busy (an order's activation
     * polled every few seconds). On a timeline, a busy journey's time (and the sandbox's) is moved
     * on until it is not; otherwise it is waited for.
     */
    settled: () => settle(actor, timeline),
    /** The route the journey shows, else its state's last name. */
    place: (stateId: string) => currentStep(journey, actor.getSnapshot() as JourneySnapshot)?.route ?? `(${stateId.split('.').pop()})`,
    /** The journey's data as it is now. */
    context: () => actor.getSnapshot().context as unknown,
    /**
     * The outside page the journey last left for, answered: `form` posted to it as a browser posts
     * a form, and the query of the page it sends the person back to (the return link's values).
     */
    answerOutside: (form: Record<string, string>) => answerOutsidePage(sandbox.address, leftFor, form),
    /**
     * A session the provider opened before the journey starts, as when another of its apps sends
     * the agent to a shell route with its cookie set: the journey's own sign-in (its first step's
     * submit, with its example) run in a second actor on the same client, then stopped.
     */
    openSession: async () => {
      const first = journey.graph.edges.find((e) => e.source.id === leafId() && e.event === 'step.submit');
      const signIn = start();
      signIn.send({ type: 'step.submit', ...(first?.transition.meta?.example ?? {}) });
      await waitFor(signIn, (s) => leafId(signIn) !== first?.source.id && noCallRunning(s.children), { timeout: 20_000 }).catch(() => undefined);
      signIn.stop();
    },
  };
}

/** A journey run in Node against a sandbox. */
export type NodeJourney = ReturnType<typeof startNodeJourney>;
