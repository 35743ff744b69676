/**
 * The agent's session as a tester can replay it: the events sent to the journey from outside it
 * (the screens, the sidebar, the browser's back button, the shell's idle timeout), each with the
 * state and step route it was sent from and when, not what the journey does by itself (its
 * `xstate.*` events: call answers, delays). Kept with the journey's snapshot in the tab's sealed
 * store (src/app/sealedStorage.ts), so nothing the agent typed is in clear at rest, and forgotten
 * with it when the session ends (the journey's `session.wiped`). A tester exports it sealed for
 * the support team (src/app/sessionSeal.ts) and replays it in Node: `journeys:replay --session`.
 */

import type { AnyActorRef, InspectionEvent } from 'xstate';
import { activeNodes } from '../pack/activeNodes';
import { currentStep, type CompiledJourney, type JourneySnapshot } from '../runtime/compileJourney';

/** The record's format, read by the replay: a new shape gets a new number. */
export const SESSION_RECORD_VERSION = 1;
/** How many events a session keeps: the latest ones (a whole sale sends a few dozen). */
export const SESSION_EVENT_LIMIT = 500;

/** One event the agent sent: what, from where, and when. */
export interface RecordedEvent {
  /** The event as sent (type and its data); only the type when `withheld`. */
  event: { type: string } & Record<string, unknown>;
  /** The innermost state the journey was in when the event was sent. */
  from: string;
  /** The route pattern of the step showing then (`/lead/:id`, never a filled-in value), if any. */
  route?: string;
  /** Milliseconds since the session's first event. */
  at: number;
  /**
   * The event's data was not kept: it was sent from a step whose data the journey does not keep
   * either (`meta.data: false`: the PIN, one-time codes). The replay supplies it.
   */
  withheld?: true;
}

/** Which journey and app a session was recorded with: a replay warns when they differ. */
export interface SessionIdentity {
  country: string;
  journey: string;
  /** The journey's hash as the app compiled it (engine `hashText` of its configuration). */
  journeyHash: string;
  appVersion: string;
}

/** A recorded session: what the export seals and the replay reads. */
export interface SessionRecord extends SessionIdentity {
  version: typeof SESSION_RECORD_VERSION;
  /** When the first event was sent (epoch ms); null before any. */
  startedAt: number | null;
  events: RecordedEvent[];
  /** Events that fell out of the bound (the oldest): a replay cannot start from the sign-in then. */
  dropped: number;
  /** Where the journey was when the record was taken (an export): where a replay must end. */
  end?: { stateId: string; route?: string };
}

/** What the app does not record: its own events (call answers, delays, start), and a step's autosaved draft, which moves nothing and would push real events out of the bound. */
const isRecorded = (type: string) => !type.startsWith('xstate.') && type !== 'step.draft';

/** Where a snapshot is: its innermost state and the route pattern of the step showing. */
export function placeOf(journey: CompiledJourney, snapshot: Pick<JourneySnapshot, 'value'>): { stateId: string; route?: string; keepsData: boolean } {
  const stateId = activeNodes(journey.graph, snapshot.value).at(-1)?.id ?? '';
  const step = currentStep(journey, snapshot);
  const keepsData = step ? journey.graph.byId.get(step.stateId)?.meta.data !== false : true;
  return { stateId, ...(step ? { route: step.route } : {}), keepsData };
}

/** A plain copy of an event (what JSON keeps), or undefined when it has none to keep. */
function plain(event: { type: string }): RecordedEvent['event'] | undefined {
  try {
    return JSON.parse(JSON.stringify(event)) as RecordedEvent['event'];
  } catch {
    return undefined;
  }
}

/**
 * A session's record, bounded to the latest `limit` events.
 *
 * @example
 * const recorder = createSessionRecorder(identity);
 * recorder.record({ type: 'step.submit', data }, { stateId, route, keepsData: true });
 * recorder.take(); // { ...identity, events: [...], dropped: 0, ... }
 */
export function createSessionRecorder(identity: SessionIdentity, { limit = SESSION_EVENT_LIMIT, now = Date.now }: { limit?: number; now?: () => number } = {}) {
  let startedAt: number | null = null;
  let events: RecordedEvent[] = [];
  let dropped = 0;
  /** Events noted as they were sent, written into the record when it is next read. */
  let noted: Array<{ event: { type: string } & Record<string, unknown>; place: Place | (() => Place); time: number }> = [];
  /**
   * Writes the noted events: their copy and their place are worked out when the record is read
   * (a save, in idle time), not in the agent's click, where they were a tenth of it.
   * The events and snapshots noted are never changed afterwards (the engine copies what it writes).
   */
  const settle = () => {
    for (const { event, place: placeOrFind, time } of noted) {
      const place = typeof placeOrFind === 'function' ? placeOrFind() : placeOrFind;
      const copy = place.keepsData ? plain(event) : { type: event.type };
      if (!copy) continue;
      startedAt ??= time;
      events.push({ event: copy, from: place.stateId, ...(place.route !== undefined ? { route: place.route } : {}), at: time - startedAt, ...(place.keepsData ? {} : { withheld: true as const }) });
    }
    noted = [];
    if (events.length > limit) {
      dropped += events.length - limit;
      events = events.slice(-limit);
    }
  };
  return {
    /** Adds an event sent from `place` (or from where `place()` says, asked later); the oldest goes when the bound is reached. */
    record(event: { type: string } & Record<string, unknown>, place: Place | (() => Place)) {
      noted.push({ event, place, time: now() });
      if (noted.length >= limit) settle();
    },
    /** The record as it stands, with where the journey is now when `end` is given. */
    take(end?: SessionRecord['end']): SessionRecord {
      settle();
      return { version: SESSION_RECORD_VERSION, ...identity, startedAt, events: [...events], dropped, ...(end ? { end } : {}) };
    },
    /** Goes on from a record kept before a reload, when it is this journey's (same hash); else starts afresh. */
    resume(saved: unknown) {
      const record = saved as Partial<SessionRecord> | null | undefined;
      if (!record || record.version !== SESSION_RECORD_VERSION || record.journeyHash !== identity.journeyHash || !Array.isArray(record.events)) return;
      noted = [];
      startedAt = typeof record.startedAt === 'number' ? record.startedAt : null;
      events = record.events.slice(-limit);
      dropped = (typeof record.dropped === 'number' ? record.dropped : 0) + record.events.length - events.length;
    },
    /** Forgets everything: the session ended. */
    clear() {
      noted = [];
      startedAt = null;
      events = [];
      dropped = 0;
    },
    get size() {
      settle();
      return events.length;
    },
  };
}

/** Where an event was sent from (placeOf). */
type Place = { stateId: string; route?: string; keepsData: boolean };

export type SessionRecorder = ReturnType<typeof createSessionRecorder>;

/**
 * Records every event sent to `actor` from outside (XState's inspection: an event relayed with
 * no source actor is one the app sent; the journey's own come from itself or its calls), each
 * with the state it was sent from (inspection comes before the event is processed), and clears
 * the record when the journey wipes the session. `changed` runs after each (to save).
 * Returns what stops it.
 */
export function recordSession(actor: AnyActorRef, journey: CompiledJourney, recorder: SessionRecorder, changed: () => void = () => undefined): () => void {
  const inspection = actor.system.inspect((event: InspectionEvent) => {
    if (event.type !== '@xstate.event' || event.sourceRef !== undefined || event.actorRef !== actor || !isRecorded(event.event.type)) return;
    const from = actor.getSnapshot() as JourneySnapshot;
    recorder.record(event.event as RecordedEvent['event'], () => placeOf(journey, from));
    changed();
  });
  const wiped = actor.on('session.wiped', () => {
    recorder.clear();
    changed();
  });
  return () => {
    inspection.unsubscribe();
    wiped.unsubscribe();
  };
}
