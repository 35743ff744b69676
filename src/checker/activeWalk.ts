import type { GraphEdge, GraphNode, JourneyGraph } from '../pack/journeyGraph';

/** What entering a state makes active: its ancestors (outermost first), itself, and its initial chain below. */
export function enteredStates(node: GraphNode): GraphNode[] {
  const chain: GraphNode[] = [];
  for (let n: GraphNode | undefined = node; n; n = n.parent) chain.unshift(n);
  for (let n: GraphNode | undefined = node; n && n.children.length > 0; ) {
    n = n.children.find((c) => c.key === n?.config.initial);
    if (n) chain.push(n);
  }
  return chain;
}

/**
 * Walks what can become active from the journey's start, breadth first, through the transitions
 * `follow` takes. Each entry (the root at the start, a transition's target after) hands `enter`
 * the states it makes active with the transition that made them so; `enter` gives back those
 * whose own transitions are walked next (the new ones).
 */
export function walkActive(
  graph: JourneyGraph,
  follow: (edge: GraphEdge) => boolean,
  enter: (states: GraphNode[], via: GraphEdge | undefined) => GraphNode[],
): void {
  const queue: GraphNode[] = [...enter(enteredStates(graph.root), undefined)];
  while (queue.length > 0) {
    const node = queue.shift() as GraphNode;
    for (const edge of graph.outgoing.get(node) ?? []) {
      if (!follow(edge)) continue;
      for (const target of edge.targets) if (target.node) queue.push(...enter(enteredStates(target.node), edge));
    }
  }
}
