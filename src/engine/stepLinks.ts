import { edgesActiveIn, enteredLeaf, isAncestorOrSelf, stepNodeOf, type GraphNode, type JourneyGraph } from './journeyGraph';

/** The steps (states with a route) of a journey, in file order. */
export function stepNodes(graph: JourneyGraph): GraphNode[] {
  return graph.nodes.filter((n) => n.meta.route !== undefined);
}

/**
 * For each step, the steps the agent can see next: following transitions from anything active
 * while the step shows (its own states and its ancestors), through states without a route
 * (calls in flight), up to the next step. This is the graph behind back navigation and
 * computed progress.
 */
export function stepSuccessors(graph: JourneyGraph): Map<GraphNode, Set<GraphNode>> {
  const successors = new Map<GraphNode, Set<GraphNode>>();
  for (const step of stepNodes(graph)) {
    const found = new Set<GraphNode>();
    const seen = new Set<GraphNode>();
    const explore = (from: GraphNode, within: GraphNode) => {
      if (seen.has(from)) return;
      seen.add(from);
      const sources = graph.nodes.filter((n) => isAncestorOrSelf(within, n));
      const edges = new Set([...sources.flatMap((n) => edgesActiveIn(graph, n))]);
      for (const edge of edges) {
        for (const target of edge.targets) {
          if (!target.node) continue;
          const next = stepNodeOf(target.node);
          if (next === step) continue;
          if (next) found.add(next);
          else explore(target.node, enteredLeaf(target.node) ?? target.node);
        }
      }
    };
    explore(step, step);
    successors.set(step, found);
  }
  return successors;
}

/** The inverse of {@link stepSuccessors}: the steps each step can be reached from. */
export function stepPredecessors(graph: JourneyGraph): Map<GraphNode, GraphNode[]> {
  const predecessors = new Map<GraphNode, GraphNode[]>(stepNodes(graph).map((s) => [s, []]));
  for (const [from, tos] of stepSuccessors(graph)) {
    for (const to of tos) predecessors.get(to)?.push(from);
  }
  return predecessors;
}
