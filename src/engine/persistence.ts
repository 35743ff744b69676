import type { Snapshot } from 'xstate';
import { activeNodes } from './activeNodes';
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
  const depth = activeNodes(journey.graph, value as never).length;
  const expected = JSON.stringify(value).split(':').length; // one level per nested key, plus the root
  if (typeof value !== 'string' && (typeof value !== 'object' || value === null)) return { ok: false, reason: 'unknown-state' };
  if (depth < expected) return { ok: false, reason: 'unknown-state' };
  return { ok: true, snapshot: record.snapshot as Snapshot<unknown> };
}
