import { existsSync, readFileSync } from 'node:fs';
import { getAt } from '../../pack/jsonPointer';
import type { CompiledJourney } from '../../runtime/compileJourney';
import { isCallEvent as isCall, type JourneyPath } from '../paths/journeyPaths';
import type { runningSandbox } from '../sandbox/runningSandbox';
import { outboxCodes } from '../sandbox/testerTools';
import { operationsOf, uploadPhoto } from './countryOperations';
import { DEFAULT_COUNTRY } from '../../pack/defaultCountry';
import { packPaths } from '../../pack/countryPack';
import { startNodeJourney, type NodeJourney, type ReplayCall, type Timeline } from './nodeJourney';
import { answersAfter, failForReal, pathAnswerBefore } from './pathCalls';
import { replayDataOf, seedEntryFor, type ReplayData } from './replayData';
import { throughLink } from '../../pack/links';
import { differingCall, type DifferingCall } from './differingCall';
import { knownLimit } from './seedLimits';

// Where the replay's callers (and its tests) have found the seed's replay data.
export { replayDataOf, type ReplayData } from './replayData';
export type { ReplayCall } from './nodeJourney';
export type { DifferingCall } from './differingCall';

type PathEvent = JourneyPath['steps'][number]['event'];

/** Where a replay left its path, and why. */
export interface ReplayResult {
  ok: boolean;
  /** The agent's events sent, each with the place it was sent from. */
  done: Array<{ place: string; event: string }>;
  /**
   * When it left the path: where it should have been, where it was, the call whose answer sent it
   * elsewhere (the path's example beside the sandbox's answer), what the provider last said, what
   * the screen said.
   */
  left?: { atStep: number; expected: string; actual: string; differed?: DifferingCall; lastCall?: ReplayCall; message?: string; pathAnswer?: string };
  /** Where it left is a known limit of the seed (src/tools/replay/seedLimits.ts): its reason. */
  expected?: string;
}

/**
 * How an event of the path is made ready for the sandbox, in place of the seed's replay data laid
 * over the path's example (a recorded session's: src/tools/replay/sessionReplay.ts); with the fresh
 * sandbox's photo uploads and one-time codes at hand.
 */
export type PrepareEvent = (
  event: PathEvent,
  tools: { at: string; index: number; context: unknown; upload: (operation: string, file: string) => Promise<unknown>; outboxCode: (to: string) => Promise<string> },
) => Promise<PathEvent>;

/**
 * Where the agent's device is, unless the caller says: the country file's map centre, as the
 * browser replay puts it (an agent stands in its own country: a device in El Salvador found no
 * node of a country whose coverage the device's point decides), else El Salvador's capital.
 */
function standingPoint(country: string): { latitude: number; longitude: number } {
  const file = packPaths(country.toLowerCase()).countryFile;
  const centre = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { map?: { center?: { latitude: number; longitude: number } } }).map?.center : undefined;
  return centre ?? { latitude: 13.697366, longitude: -89.192282 };
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
  {
    position,
    data,
    prepare,
    timeline,
    tour = false,
  }: {
    position?: { latitude: number; longitude: number };
    data?: ReplayData;
    prepare?: PrepareEvent;
    timeline?: Timeline;
    /** The path is a tour (several branches in one sale): the limits of tours apply. */
    tour?: boolean;
  } = {},
): Promise<ReplayResult> {
  const country = journey.config.meta?.country ?? DEFAULT_COUNTRY.toUpperCase();
  const operations = operationsOf(country);
  if (!operations) throw new Error(`no operations table for ${country} in src/tools/replay/replayPath.ts`);
  const run = startNodeJourney(journey, sandbox, { country, operations, position: position ?? standingPoint(country), timeline });
  const done: ReplayResult['done'] = [];
  const seedData = data ?? replayDataOf(country);
  // The agent's last event sent (its index in the path) and how many events the journey had taken
  // before it: where to look for the call that sent the journey elsewhere.
  const since = { from: 0, traced: 0, tour };
  try {
    await run.settled();
    const agentSteps = path.steps.map((step, index) => ({ step, index })).filter(({ step }) => !isCall(step.event.type));
    for (const { step, index } of agentSteps) {
      const at = run.leafId();
      if (at !== step.stateId) return leftAt(run, path, done, { atStep: index, expected: step.stateId, actual: at }, since);
      if (index === 0 && step.event.type.startsWith('app.') && answersAfter(path, index)) await run.openSession();
      done.push({ place: run.place(at), event: step.event.type });
      await failForReal(path, index, { address: run.address, country, data: seedData, operations }, run.refuseLocation);
      const event = prepare ? await prepare(step.event, toolsAt(run, at, index)) : await seedEvent(run, seedData, path, { event: step.event, at, index });
      since.from = index;
      since.traced = run.trace().length;
      // A link's event as the shell sends it once the page is opened at the link's URL.
      run.actor.send(throughLink(journey.config.links, event));
      await run.settled();
    }
    const at = run.leafId();
    return at === path.end.stateId ? { ok: true, done } : leftAt(run, path, done, { atStep: path.steps.length, expected: path.end.stateId, actual: at }, since);
  } finally {
    run.actor.stop();
  }
}

/** What a `prepare` works with at the agent's event at `index`, sent from state `at`: the journey's data, the sandbox's uploads and codes. */
function toolsAt(run: NodeJourney, at: string, index: number): Parameters<PrepareEvent>[1] {
  return {
    at,
    index,
    context: run.context(),
    upload: (operation: string, file: string) => uploadPhoto(run.api, run.country, operation, file),
    outboxCode: async (to: string) => (await outboxCodes(run.address, to)).at(-1) ?? '',
  };
}

/**
 * A value of the seed's entry as the agent types it: `$answer<pointer>` read in the answer of
 * the photo uploaded first, `$outbox:<pointer>` the last code sent to where that pointer of the
 * journey's data says, `$journey:<pointer>` the journey's data there, an object value by value.
 */
async function typedValue(value: unknown, at: { uploaded: unknown; context: unknown; address: string }): Promise<unknown> {
  if (typeof value === 'string' && value.startsWith('$answer')) return getAt(at.uploaded, value.slice('$answer'.length));
  if (typeof value === 'string' && value.startsWith('$journey:')) return getAt({ context: at.context }, value.slice('$journey:'.length));
  if (typeof value === 'string' && value.startsWith('$outbox:')) return (await outboxCodes(at.address, String(getAt({ context: at.context }, value.slice('$outbox:'.length)) ?? ''))).at(-1) ?? '';
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await typedValue(v, at)] as const)));
  }
  return value;
}

/**
 * The event as the agent sends it to the sandbox: where the seed's replay data has an entry for
 * this state that fits the answer the path expects of the next call, its data; else the path's.
 */
async function seedEvent(run: NodeJourney, data: ReplayData, path: JourneyPath, { event, at, index }: { event: PathEvent; at: string; index: number }): Promise<PathEvent> {
  const fits = seedEntryFor(data, path, index, at);
  if (!fits) return event;
  let uploaded: unknown;
  if (fits.upload) uploaded = await uploadPhoto(run.api, run.country, fits.upload.operation, fits.upload.file).catch(() => undefined);
  // What the entry gives is laid over the path's example (only what differs is written): a link's values, another event's data.
  const given = fits.outside ? await run.answerOutside(fits.outside.form) : await typedValue(fits.data, { uploaded, context: run.context(), address: run.address });
  const both = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  // An event whose values are its own fields (`schedule.date`'s `date`): laid over those.
  if (!('values' in event) && !('data' in event)) return both(given) ? { ...event, ...given, type: event.type } : event;
  const key = 'values' in event ? 'values' : 'data';
  const example = event[key];
  return { ...event, [key]: both(given) && both(example) ? { ...example, ...given } : given };
}

/**
 * Where the journey left the path: the call whose answer sent it elsewhere (found among those
 * after the agent's last event, `since`), the provider's last answer, the path's own, and the
 * screen's message.
 */
function leftAt(
  run: NodeJourney,
  path: JourneyPath,
  done: ReplayResult['done'],
  where: { atStep: number; expected: string; actual: string },
  since: { from: number; traced: number; tour: boolean },
): ReplayResult {
  const { tour } = since;
  const message = (run.context() as { ui?: { message?: unknown } }).ui?.message;
  const lastCall = run.calls.at(-1);
  // The path's example of the same call as the last one made.
  const pathAnswer = pathAnswerBefore(path, where.atStep, lastCall?.operationId);
  // Before any agent's event, the calls the journey made at its start.
  const differed = differingCall(path, { from: done.length === 0 ? 0 : since.from, to: where.atStep }, run.trace().slice(done.length === 0 ? 0 : since.traced));
  const expected = knownLimit({ meets: 'left', stateId: where.expected, ...(differed ? { event: differed.event } : {}), tour });
  return {
    ok: false,
    done,
    ...(expected ? { expected } : {}),
    left: {
      ...where,
      ...(differed ? { differed } : {}),
      ...(lastCall ? { lastCall } : {}),
      ...(pathAnswer ? { pathAnswer } : {}),
      ...(typeof message === 'string' && message !== '' ? { message } : {}),
    },
  };
}
