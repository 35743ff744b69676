import type { GraphEdge, GraphNode, JourneyGraph } from '../../pack/journeyGraph';

/** A state's id in the new version's words: its own id, or for an old version's state its new id when it was renamed or moved. */
export type IdOf = (node: GraphNode) => string;

export const ownId: IdOf = (node) => node.id;

/** A transition's targets by id, `(stays)` for none. */
export function targetsOf(edge: GraphEdge, idOf: IdOf = ownId): string {
  return edge.targets.map((t) => (t.node ? idOf(t.node) : t.text)).join(', ') || '(stays)';
}

/** A transition by what it is: its state, event and targets (file positions do not count). */
export function edgeName(edge: GraphEdge, idOf: IdOf = ownId): string {
  return `${idOf(edge.source)}: ${edge.label || 'always'} → ${targetsOf(edge, idOf)}`;
}

/** Each transition by name; branches alike in name (told apart by guards) get their order. */
export function edgesByName(graph: JourneyGraph, idOf: IdOf = ownId): Map<string, GraphEdge> {
  const out = new Map<string, GraphEdge>();
  for (const edge of graph.edges) {
    const base = edgeName(edge, idOf);
    let name = base;
    for (let n = 2; out.has(name); n++) name = `${base} #${n}`;
    out.set(name, edge);
  }
  return out;
}
