import { walkActive } from './activeWalk';
import type { GraphEdge, GraphNode, JourneyGraph } from '../pack/journeyGraph';
import type { Problem } from './problem';
import { refParts } from './lintGuardsActions';

const isPrivateStep = (n: GraphNode) => n.meta.route !== undefined && n.meta.public !== true;

/**
 * Private steps entered from the anonymous area without a transition that has `startSession`,
 * each with the first transition found that opens onto it. The walk stops at the first private
 * step on each way (the outermost that an entry activates).
 */
function privateEntrances(graph: JourneyGraph): Array<{ node: GraphNode; via: GraphEdge }> {
  const seen = new Set<GraphNode>();
  const found = new Map<GraphNode, GraphEdge>();
  const signsIn = (edge: GraphEdge) => edge.actions.some((a) => refParts(a).type === 'startSession');
  walkActive(
    graph,
    (edge) => !signsIn(edge),
    (states, via) => {
      const step = states.find(isPrivateStep);
      if (!step) return states.filter((n) => !seen.has(n) && seen.add(n));
      if (via && !found.has(step)) found.set(step, via);
      return [];
    },
  );
  return [...found].map(([node, via]) => ({ node, via }));
}

/**
 * Private steps reachable without signing in: the anonymous area is walked up to the first
 * private step on each way, and that step is named with the transition that opens onto it.
 */
export function lintPrivateSteps(graph: JourneyGraph): Problem[] {
  return privateEntrances(graph).map(({ node, via }) => ({
    pointer: via.pointer,
    message: `"${via.label}" leads from "${via.source.key}" to the private step "${node.key}" (${node.meta.route}) without signing in: mark that step public, or pass through a transition with "startSession"`,
  }));
}
