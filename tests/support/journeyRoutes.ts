import { buildJourneyGraph } from '../../src/pack/journeyGraph';
import type { JourneyConfig } from '../../src/pack/journeyTypes';

/** A journey file's routes, as the engine's graph reads them, without their parameters (`/orden/:id` → `/orden`). */
export function routesOf(journey: unknown): string[] {
  return buildJourneyGraph(journey as JourneyConfig).nodes.flatMap((node) => (typeof node.meta.route === 'string' ? [node.meta.route.replace(/\/:.*$/, '')] : []));
}
