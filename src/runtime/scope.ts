import { getAt } from '../pack/jsonPointer';
import type { JourneyEvent } from './journeyEvents';

/**
 * What a journey's JSON Pointers read: `/context/...` is the journey's data, `/event/...` the
 * event being handled (form data under `/event/data`, a call's answer under `/event/output`, a
 * call's failure under `/event/error`).
 */
export interface Scope {
  context: Record<string, unknown>;
  event: JourneyEvent;
}

export function readScope(scope: Scope, pointer: string): unknown {
  return getAt(scope, pointer);
}

/** Pointers that journeys may write to start with `/context`; this strips that prefix. */
export function contextPointer(pointer: string): string {
  if (pointer !== '/context' && !pointer.startsWith('/context/')) {
    throw new Error(`only /context can be written, not ${pointer}`);
  }
  return pointer.slice('/context'.length);
}
