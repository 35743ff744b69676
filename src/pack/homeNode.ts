import type { GraphNode, JourneyGraph } from './journeyGraph';

/** Where `back: "home"` goes: the state named by the journey's meta.home, else the state at `/`. */
export function homeNodeOf(graph: JourneyGraph): GraphNode | undefined {
  const named = graph.config.meta?.home;
  if (named !== undefined) return graph.byId.get(named);
  return graph.nodes.find((n) => n.meta.route === '/');
}
