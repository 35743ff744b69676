import type { Snapshot, StateValue } from 'xstate';
import { activeNodes } from '../pack/activeNodes';
import type { CompiledJourney } from './compileJourney';

/** What is kept so that a reload or a killed tab resumes at the same step. */
export interface PersistedJourney {
  journey: string;
  hash: string;
  snapshot: unknown;
}

/**
 * Serializes a running journey (`actor.getPersistedSnapshot()`) with the journey's id and
 * version hash. The shell encrypts the text before it stores it (see docs/security.md).
 */
export function persistJourney(journey: CompiledJourney, persistedSnapshot: Snapshot<unknown>): string {
  const record: PersistedJourney = { journey: journey.id, hash: journey.hash, snapshot: persistedSnapshot };
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

export type RestoreResult =
  | { ok: true; snapshot: Snapshot<unknown> }
  | { ok: false; reason: 'unreadable' | 'other-journey' | 'other-version' | 'unknown-state' };

/**
 * The snapshot to resume from (`createActor(machine, { snapshot })`), or why there is none:
 * text that is not ours, another country's journey, or an older version of this one, whose
 * states may no longer exist. In all those cases the journey starts afresh.
 */
export function restoreJourney(journey: CompiledJourney, text: string | null | undefined): RestoreResult {
  if (!text) return { ok: false, reason: 'unreadable' };
  let record: PersistedJourney;
  try {
    record = JSON.parse(text) as PersistedJourney;
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (!record || typeof record !== 'object' || typeof record.snapshot !== 'object' || record.snapshot === null) {
    return { ok: false, reason: 'unreadable' };
  }
  if (record.journey !== journey.id) return { ok: false, reason: 'other-journey' };
  if (record.hash !== journey.hash) return { ok: false, reason: 'other-version' };
  const value = (record.snapshot as { value?: unknown }).value;
  // Every key must name a state, down to a leaf: anything else is a journey that has changed.
  const active = isStateValue(value) ? activeNodes(journey.graph, value) : [];
  if (!isStateValue(value) || active.length !== 1 + nesting(value) || (active.at(-1)?.children.length ?? 1) > 0) {
    return { ok: false, reason: 'unknown-state' };
  }
  return { ok: true, snapshot: record.snapshot as Snapshot<unknown> };
}
