import type { JourneyGraph } from './journeyGraph';

/**
 * Where a step's data is kept in the journey's data: the step's `meta.data` (journeys:check
 * makes sure its submit saves there). The screen starts from it, so going back to a step, or
 * reloading, shows what was typed. None for a step that keeps nothing (`false`: a PIN, a code).
 */
export function stepDataPointer(graph: JourneyGraph, stateId: string): string | undefined {
  const data = graph.byId.get(stateId)?.meta.data;
  return typeof data === 'string' ? data : undefined;
}
