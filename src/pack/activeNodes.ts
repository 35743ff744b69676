import type { StateValue } from 'xstate';
import type { GraphNode, JourneyGraph } from './journeyGraph';

/** The states active in a snapshot's value, outermost first (the root included). */
export function activeNodes(graph: JourneyGraph, value: StateValue): GraphNode[] {
  const active: GraphNode[] = [graph.root];
  let node = graph.root;
  let current: StateValue | undefined = value;
  while (current !== undefined) {
    const key: string = typeof current === 'string' ? current : (Object.keys(current)[0] as string);
    const child = node.children.find((c) => c.key === key);
    if (!child) break;
    active.push(child);
    node = child;
    current = typeof current === 'string' ? undefined : (current as Record<string, StateValue>)[key];
  }
  return active;
}
