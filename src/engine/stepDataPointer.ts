import { subtree, type JourneyGraph } from './journeyGraph';

/**
 * Where a step's submitted data is kept in the journey's data: the `to` of the `save` (without
 * `from`) on its `step.submit`. The screen starts from it, so going back to a step, or reloading,
 * shows what was typed.
 */
export function stepDataPointer(graph: JourneyGraph, stateId: string): string | undefined {
  const node = graph.byId.get(stateId);
  if (!node) return undefined;
  for (const n of subtree(node)) {
    for (const edge of graph.outgoing.get(n) ?? []) {
      if (edge.event !== 'step.submit') continue;
      for (const action of edge.actions) {
        if (typeof action === 'object' && action.type === 'save' && action.params && action.params.from === undefined) return String(action.params.to);
      }
    }
  }
  return undefined;
}
