import type { Snapshot, StateValue } from 'xstate';
import { activeNodes } from '../pack/activeNodes';
import { getAt, setAt } from '../pack/jsonPointer';
import type { CompiledJourney } from './compileJourney';
import { contextPointer } from './scope';
import { DRAFT_POINTER } from './stepEngine';
import { MESSAGE_POINTER } from './actions';
import { stepNodeOf } from '../pack/journeyGraph';
import { defaultIdOf, pathOf, resumePlace, valueOfPath } from './versionResume';

/** What is kept so that a reload or a killed tab resumes at the same step. */
export interface PersistedJourney {
  journey: string;
  hash: string;
  /** The state's id in the version that saved it: what a later version's `formerStates` names (records saved before it was kept lack it). */
  stateId?: string;
  snapshot: unknown;
}

/**
 * Serializes a running journey (`actor.getPersistedSnapshot()`) with the journey's id and
 * version hash. The shell encrypts the text before it stores it (see docs/security.md).
 */
export function persistJourney(journey: CompiledJourney, persistedSnapshot: Snapshot<unknown>): string {
  const leaf = activeNodes(journey.graph, (persistedSnapshot as { value?: StateValue }).value ?? {}).at(-1);
  const record: PersistedJourney = { journey: journey.id, hash: journey.hash, ...(leaf ? { stateId: leaf.id } : {}), snapshot: persistedSnapshot };
  return JSON.stringify(record);
}

function isStateValue(value: unknown): value is StateValue {
  if (typeof value === 'string') return true;
  if (value === null || typeof value !== 'object') return false;
  const entries = Object.entries(value);
  return entries.length === 1 && isStateValue(entries[0]?.[1]);
}

/** How many states deep a value goes: `"a"` is 1, `{"a": "b"}` is 2. */
function nesting(value: StateValue): number {
  return typeof value === 'string' ? 1 : 1 + nesting(Object.values(value)[0] as StateValue);
}

/** What an older version's sale became: where it was, where it resumes, what the agent is told and which typed fields this version no longer has. */
export interface VersionResume {
  from: string;
  to: string;
  kind: 'same' | 'declared' | 'nearest';
  notice?: string;
  dropped: string[];
}

export type RestoreResult =
  | { ok: true; snapshot: Snapshot<unknown>; resumed?: VersionResume }
  | { ok: false; reason: 'unreadable' | 'other-journey' | 'other-version' | 'unknown-state'; notice?: string };

/**
 * What of a step's draft this version's screen still has: `step` is the step file's name. The app
 * gives it from the step schemas (fields this version no longer has, or whose value no longer
 * passes, are dropped and named); without it the draft is kept as it is.
 */
export type DraftFit = (step: string, data: unknown) => { data: unknown; dropped: string[] };

/** Said when a sale resumes in place but some of what was typed on its step no longer fits. */
export const DRAFT_TRIMMED = 'La aplicación se actualizó: algunos datos de este paso ya no se piden y se quitaron. Revisa el formulario.';

type SnapshotRecord = Record<string, unknown> & { value: unknown; context?: unknown };

/**
 * A sale saved by another version of this journey, resumed where versionResume.ts says: its
 * snapshot moved to that state (the context kept: what was submitted stays), the step's draft
 * given to the step it resumes at and trimmed to what that step's screen still has, the old
 * step's message dropped. Nowhere to resume: a fresh start, with the notice.
 */
function resumeOtherVersion(journey: CompiledJourney, record: PersistedJourney, fit: DraftFit | undefined): RestoreResult {
  const snapshot = record.snapshot as SnapshotRecord;
  const path = pathOf(snapshot.value);
  if (path.length === 0) return { ok: false, reason: 'unknown-state' };
  const from = record.stateId ?? defaultIdOf(journey.id, path);
  const place = resumePlace(journey.graph, path, from);
  if (place.kind === 'restart') return { ok: false, reason: 'other-version', notice: place.message };
  const step = stepNodeOf(place.node);
  let context = (snapshot.context ?? {}) as Record<string, unknown>;
  const draft = getAt(context, contextPointer(DRAFT_POINTER)) as { stateId?: unknown; data?: unknown } | null | undefined;
  let dropped: string[] = [];
  if (draft && step) {
    const trimmed = step.meta.step !== undefined && fit ? fit(step.meta.step, draft.data) : { data: draft.data, dropped: [] };
    dropped = trimmed.dropped;
    context = setAt(context, contextPointer(DRAFT_POINTER), { stateId: step.id, data: trimmed.data });
  }
  const moved = place.kind !== 'same';
  if (moved) context = setAt(context, contextPointer(MESSAGE_POINTER), null);
  const notice = moved ? place.message : dropped.length > 0 ? DRAFT_TRIMMED : undefined;
  const resumed: VersionResume = { from, to: place.node.id, kind: place.kind, dropped, ...(notice ? { notice } : {}) };
  const value = moved ? valueOfPath(place.node.path) : snapshot.value;
  // A moved sale leaves its old state's history behind (it names states of the other version).
  const next = { ...snapshot, value, context, ...(moved ? { historyValue: {}, children: {} } : {}) };
  return { ok: true, snapshot: next as unknown as Snapshot<unknown>, resumed };
}

/**
 * The saved text read back: the record `persistJourney` wrote, or undefined when the text is not
 * one. Parsed once at start-up (src/app/journeyRuntime.ts): the snapshot and its context can be long.
 */
export function readPersisted(text: string | null | undefined): PersistedJourney | undefined {
  if (!text) return undefined;
  let record: PersistedJourney;
  try {
    record = JSON.parse(text) as PersistedJourney;
  } catch {
    return undefined;
  }
  if (!record || typeof record !== 'object' || typeof record.snapshot !== 'object' || record.snapshot === null) return undefined;
  return record;
}

/**
 * The snapshot to resume from (`createActor(machine, { snapshot })`), or why there is none:
 * nothing saved or text that is not ours, or another country's journey: the journey starts
 * afresh. An older (or newer) version of this journey resumes where versionResume.ts says,
 * `resumed` saying how. The record is not changed: a resume builds a new snapshot.
 */
export function restoreRecord(journey: CompiledJourney, record: PersistedJourney | undefined, fit?: DraftFit): RestoreResult {
  if (!record) return { ok: false, reason: 'unreadable' };
  if (record.journey !== journey.id) return { ok: false, reason: 'other-journey' };
  if (record.hash !== journey.hash) return resumeOtherVersion(journey, record, fit);
  const value = (record.snapshot as { value?: unknown }).value;
  // Every key must name a state, down to a leaf: anything else is a journey that has changed.
  const active = isStateValue(value) ? activeNodes(journey.graph, value) : [];
  if (!isStateValue(value) || active.length !== 1 + nesting(value) || (active.at(-1)?.children.length ?? 1) > 0) {
    return { ok: false, reason: 'unknown-state' };
  }
  return { ok: true, snapshot: record.snapshot as Snapshot<unknown> };
}

/** `restoreRecord` of a saved text (`persistJourney`'s). */
export function restoreJourney(journey: CompiledJourney, text: string | null | undefined, fit?: DraftFit): RestoreResult {
  return restoreRecord(journey, readPersisted(text), fit);
}
