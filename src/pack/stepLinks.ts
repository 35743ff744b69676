import { edgesActiveIn, enteredLeaf, stepNodeOf, subtree, type GraphEdge, type GraphNode, type JourneyGraph } from './journeyGraph';

/** The steps (states with a route) of a journey, in file order. */
export function stepNodes(graph: JourneyGraph): GraphNode[] {
  return graph.nodes.filter((n) => n.meta.route !== undefined);
}

/**
 * How much a transition looks like the journey's main line: 0 for a form submitted or a call
 * answered without a guard, 1 for a guarded branch of those (the exception), 2 for any other
 * event (retake, edit, a sidebar link). Computed progress follows the main line first.
 */
function mainLineRank(edge: GraphEdge): number {
  const forward = edge.kind === 'done' || edge.kind === 'always' || (edge.kind === 'on' && edge.event === 'step.submit');
  if (!forward) return 2;
  return edge.guard === undefined ? 0 : 1;
}

/**
 * For each step, the steps the agent can see next, each with the rank of the best way there
 * (see {@link mainLineRank}): following transitions from anything active while the step shows
 * (its own states and its ancestors), through states without a route (calls in flight), up to
 * the next step. This is the graph behind back navigation and computed progress.
 */
export function stepSuccessors(graph: JourneyGraph): Map<GraphNode, Map<GraphNode, number>> {
  const successors = new Map<GraphNode, Map<GraphNode, number>>();
  for (const step of stepNodes(graph)) {
    const found = new Map<GraphNode, number>();
    const seen = new Set<GraphNode>();
    const explore = (from: GraphNode, within: GraphNode, rankSoFar: number) => {
      if (seen.has(from)) return;
      seen.add(from);
      const edges = new Set<GraphEdge>(edgesActiveIn(graph, within));
      for (const n of subtree(within)) for (const e of graph.outgoing.get(n) ?? []) edges.add(e);
      for (const edge of edges) {
        const rank = Math.max(rankSoFar, mainLineRank(edge));
        for (const target of edge.targets) {
          if (!target.node) continue;
          const next = stepNodeOf(target.node);
          if (next === step) continue;
          if (next) found.set(next, Math.min(found.get(next) ?? Infinity, rank));
          else explore(target.node, enteredLeaf(target.node) ?? target.node, rank);
        }
      }
    };
    explore(step, step, 0);
    successors.set(step, found);
  }
  return successors;
}

/** The inverse of {@link stepSuccessors}: the steps each step can be reached from. */
export function stepPredecessors(graph: JourneyGraph, successors = stepSuccessors(graph)): Map<GraphNode, GraphNode[]> {
  const predecessors = new Map<GraphNode, GraphNode[]>(stepNodes(graph).map((s) => [s, []]));
  for (const [from, tos] of successors) {
    for (const to of tos.keys()) predecessors.get(to)?.push(from);
  }
  return predecessors;
}
