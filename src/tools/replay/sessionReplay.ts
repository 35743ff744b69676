/**
 * A session recorded in the app (src/app/sessionRecorder.ts) and exported sealed for the support
 * team (src/app/sessionSeal.ts), opened and replayed in Node against a fresh sandbox, every call
 * real, through the path replay (replayPath.ts): the session becomes a path of the agent's events,
 * each sent from the state it was recorded from, ending where the journey was at the export.
 *
 * What a fresh sandbox cannot answer as the recorded one did is taken from it instead, where the
 * seed's replay data (src/sandbox/seed/<cc>/replay.json) marks the field: a one-time code
 * (`$outbox:`) is the one the fresh sandbox sent, an uploaded photo's answer (`$answer`) the
 * fresh upload's of the seed's photo. Data the app did not record (`withheld`: the PIN, the codes)
 * is the journey file's example. Where the session stayed on a step after such an event (a wrong
 * code, a photo that read nothing), the replay sends a value that fails the same way.
 */
import { readFileSync } from 'node:fs';
import { openSession } from '../../app/sessionSeal';
import { SESSION_RECORD_VERSION, type RecordedEvent, type SessionRecord } from '../../app/sessionRecorder';
import type { CompiledJourney } from '../../runtime/compileJourney';
import { hashText } from '../../pack/hashText';
import { getAt } from '../../pack/jsonPointer';
import { journeyForBrowser } from '../../runtime/journeyForBrowser';
import { edgesActiveIn } from '../../pack/journeyGraph';
import type { JourneyPath } from '../paths/journeyPaths';
import type { JourneyConfig } from '../../pack/journeyTypes';
import { replayPath, type PrepareEvent, type ReplayResult } from './replayPath';
import { replayDataOf, type ReplayData } from './replayData';
import { resumePlace } from '../../runtime/versionResume';
import type { runningSandbox } from '../sandbox/runningSandbox';

/** The committed test key's private half (tests/fixtures/session-export/README.md): what opens sessions of dev and test builds. */
export const TEST_SESSION_PRIVATE_KEY = 'tests/fixtures/session-export/private.jwk';

type PathEvent = JourneyPath['steps'][number]['event'];

/** The journey's hash as the app has it: its build's journey (examples and descriptions left out: journeyForBrowser), compiled. */
export function journeyHashOf(config: JourneyConfig): string {
  return hashText(JSON.stringify(journeyForBrowser(config)));
}

/** A session file opened with a private key (the test key by default): the record, or an Error saying why not. */
export async function readSessionFile(file: string, keyFile = TEST_SESSION_PRIVATE_KEY): Promise<SessionRecord> {
  const key = JSON.parse(readFileSync(keyFile, 'utf8')) as JsonWebKey;
  const record = JSON.parse(await openSession(JSON.parse(readFileSync(file, 'utf8')), key)) as SessionRecord;
  if (record.version !== SESSION_RECORD_VERSION || !Array.isArray(record.events)) throw new Error(`${file}: a session record of another version (${String(record.version)}), this replay reads ${SESSION_RECORD_VERSION}`);
  return record;
}

/** What to tell the tester before replaying: another journey or version than the recording's, events lost to the bound. */
export function sessionWarnings(journey: CompiledJourney, record: SessionRecord): string[] {
  const warnings: string[] = [];
  if (record.journey !== journey.id) warnings.push(`the session was recorded on the journey "${record.journey}", this is "${journey.id}"`);
  else if (record.journeyHash !== journeyHashOf(journey.config)) {
    warnings.push(`the journey changed since the session was recorded (hash ${record.journeyHash}, now ${journeyHashOf(journey.config)}): the replay may leave it where the edit is`);
  }
  if (record.dropped > 0) warnings.push(`the session's first ${record.dropped} event(s) fell out of the record's bound: the replay cannot start where it did`);
  return warnings;
}

/** The session as a path: its events in order, each from the state it was sent from, ending where the export found the journey. */
export function sessionPath(record: SessionRecord): JourneyPath {
  const last = record.events.at(-1);
  return {
    name: `session ${record.country.toLowerCase()} ${record.startedAt === null ? '' : new Date(record.startedAt).toISOString()}`.trim(),
    steps: record.events.map((e) => ({ stateId: e.from, route: e.route, label: e.event.type, event: e.event as PathEvent })),
    end: record.end ? { stateId: record.end.stateId, route: record.end.route } : { stateId: last?.from ?? '', route: last?.route },
  };
}

const isPlaceholder = (value: unknown): value is string => typeof value === 'string' && (value.startsWith('$answer') || value.startsWith('$outbox:'));
const hasPlaceholder = (value: unknown): boolean =>
  isPlaceholder(value) || (value !== null && typeof value === 'object' && Object.values(value as Record<string, unknown>).some(hasPlaceholder));
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A value that fails where `value` passes: each digit moved on by one (a code, a PIN), else a mark added. */
export const otherThan = (value: unknown): unknown => (typeof value === 'string' ? (/^\d+$/.test(value) ? value.replace(/\d/g, (d) => String((Number(d) + 1) % 10)) : `${value}-x`) : value);

/**
 * How each recorded event is sent to the fresh sandbox (the replay's `prepare`): as recorded,
 * withheld data from the journey file's example, and the fields the seed's replay data marks as
 * the sandbox's own (a code sent, a photo's answer) taken from the fresh sandbox.
 */
export function sessionEvents(journey: CompiledJourney, record: SessionRecord, data: ReplayData): PrepareEvent {
  /** Whether the session left the state after the event at `index` (the next one was sent from elsewhere, or the export found it elsewhere). */
  const movedOn = (index: number) => {
    const from = record.events[index]?.from;
    const next = record.events[index + 1]?.from ?? record.end?.stateId;
    return next !== from;
  };
  /** The event with the example the journey file gives the transition it takes from `at`. */
  const example = (at: string, event: RecordedEvent['event']): PathEvent => {
    const node = journey.graph.byId.get(at);
    const edge = node ? edgesActiveIn(journey.graph, node).find((e) => e.event === event.type && e.transition.meta?.example) : undefined;
    const meta = edge?.transition.meta;
    return { ...(meta?.example ?? meta?.examples?.[0] ?? {}), type: event.type } as PathEvent;
  };
  return async (event, { at, index, context, upload, outboxCode }) => {
    const recorded = record.events[index];
    const passed = movedOn(index);
    const withheld = recorded?.withheld === true;
    const base = withheld ? example(at, event) : event;
    const entries = data.events.filter((e) => e.at === at && hasPlaceholder(e.data));
    if (entries.length === 0) {
      if (!withheld || passed) return base;
      // Withheld and not got past (a wrong PIN): the example made wrong.
      return { ...base, ...(isObject(base.data) ? { data: Object.fromEntries(Object.entries(base.data).map(([k, v]) => [k, otherThan(v)])) } : {}) };
    }
    // The entry for a photo that reads (no condition) when the session went on, the one that reads nothing otherwise.
    const entry = (passed ? entries.find((e) => !e.when) : entries.find((e) => e.when)) ?? (entries[0] as ReplayData['events'][number]);
    const uploaded = entry.upload ? await upload(entry.upload.operation, entry.upload.file).catch(() => undefined) : undefined;
    const fill = async (value: string): Promise<unknown> => {
      if (value.startsWith('$answer')) return getAt(uploaded, value.slice('$answer'.length));
      const code = await outboxCode(String(getAt({ context }, value.slice('$outbox:'.length)) ?? ''));
      return passed ? code : otherThan(code);
    };
    // Only the fields marked are taken from the fresh sandbox; the rest is as the agent sent it.
    const overlay = async (sent: unknown, marked: unknown): Promise<unknown> => {
      if (isPlaceholder(marked)) return fill(marked);
      if (!isObject(marked) || !isObject(sent)) return sent;
      const out: Record<string, unknown> = { ...sent };
      for (const [key, value] of Object.entries(marked)) if (hasPlaceholder(value)) out[key] = await overlay(sent[key], value);
      return out;
    };
    return { ...base, data: await overlay(base.data ?? (isObject(entry.data) ? {} : undefined), entry.data) };
  };
}

/**
 * Replays a recorded session against a running sandbox (fresh: the seed's own data): the result
 * of the path replay (where it left the session's path, and why) and the warnings to print first.
 */
export async function replaySession(
  journey: CompiledJourney,
  record: SessionRecord,
  sandbox: Awaited<ReturnType<typeof runningSandbox>>,
  { data = replayDataOf(journey.config.meta?.country ?? record.country) }: { data?: ReplayData } = {},
): Promise<{ result: ReplayResult; path: JourneyPath; warnings: string[] }> {
  const path = sessionPath(record);
  const result = await replayPath(journey, path, sandbox, { data, prepare: sessionEvents(journey, record, data) });
  return { result, path, warnings: sessionWarnings(journey, record) };
}

/**
 * Where a session recorded on another version of the journey parts from this one, when its replay
 * left the session's path (`left`): the recorded event whose state this version does not have
 * (and where this version sends the sales saved there: formerStates, src/runtime/versionResume.ts),
 * or, where the state is still there, the event after which this version took another way.
 */
export function whereVersionsPart(journey: CompiledJourney, record: SessionRecord, left: { atStep: number; expected: string; actual: string }): string | undefined {
  if (record.journey !== journey.id || record.journeyHash === journeyHashOf(journey.config)) return undefined;
  const recorded = record.events[left.atStep];
  const what = recorded ? `the session's event ${left.atStep + 1} (${recorded.event.type})` : "the session's end";
  const route = (recorded ? recorded.route : record.end?.route) ?? '';
  const at = `${left.expected}${route ? ` (${route})` : ''}`;
  if (!journey.graph.byId.has(left.expected)) {
    // A state id of the older version: the journey's id and its path, as the app names states.
    const path = left.expected.startsWith(`${journey.id}.`) ? left.expected.slice(journey.id.length + 1).split('.') : [];
    const place = path.length > 0 ? resumePlace(journey.graph, path, left.expected) : undefined;
    const goes =
      place?.kind === 'declared' ? `; its formerStates entry sends the sales saved there to ${place.node.id}` : place?.kind === 'nearest' ? `; the sales saved there resume at ${place.node.id}` : '';
    return `the versions part at ${what}: it was sent from ${at}, a state this version does not have${goes}; this version is at ${left.actual}`;
  }
  const before = record.events[left.atStep - 1];
  const after = before ? ` after the session's event ${left.atStep} (${before.event.type} from ${before.from})` : '';
  return `the versions part${after}: the session went on to ${at}, this version to ${left.actual}`;
}

