import { enteredLeaf, stepNodeOf, type GraphNode, type JourneyGraph } from '../pack/journeyGraph';
import { stepNodes, stepSuccessors } from '../pack/stepLinks';

export interface Progress {
  n: number;
  of: number;
}

/**
 * Progress of every step that shows one. `meta.progress: "n/N"` is taken as written (a country
 * whose spec shows 1/12 to 10/12); `"auto"` numbers the step by the longest run of `auto` steps that can lead to
 * it, out of the longest such run in the journey, so adding a step renumbers the rest.
 * `successors` is the journey's step graph, when the caller has it already.
 */
export function computeProgress(graph: JourneyGraph, successors = stepSuccessors(graph)): Map<GraphNode, Progress> {
  const result = new Map<GraphNode, Progress>();
  const steps = stepNodes(graph);
  for (const step of steps) {
    const written = step.meta.progress;
    if (written && written !== 'auto') {
      const [n, of] = written.split('/').map(Number) as [number, number];
      result.set(step, { n, of });
    }
  }
  const auto = new Set(steps.filter((s) => s.meta.progress === 'auto'));
  if (auto.size === 0) return result;

  // Drop the edges that close cycles (retries, retakes, back to home) so the step graph is a
  // DAG. The walk follows the main line first (see mainLineRank), so which edge of a cycle is
  // dropped does not depend on the order branches are written in.
  const start = stepNodeOf(enteredLeaf(graph.root) ?? graph.root);
  const order: GraphNode[] = [];
  const state = new Map<GraphNode, 'open' | 'done'>();
  const forward = new Map<GraphNode, GraphNode[]>();
  const visit = (node: GraphNode) => {
    state.set(node, 'open');
    const next: GraphNode[] = [];
    const ranked = [...(successors.get(node) ?? new Map<GraphNode, number>())].sort((a, b) => a[1] - b[1]).map(([succ]) => succ);
    for (const succ of ranked) {
      if (state.get(succ) === 'open') continue;
      next.push(succ);
      if (!state.has(succ)) visit(succ);
    }
    forward.set(node, next);
    state.set(node, 'done');
    order.push(node);
  };
  for (const root of [start, ...steps]) if (root && !state.has(root)) visit(root);

  const depth = new Map<GraphNode, number>();
  for (const node of order.reverse()) {
    const own = (depth.get(node) ?? 0) + (auto.has(node) ? 1 : 0);
    depth.set(node, own);
    for (const succ of forward.get(node) ?? []) {
      depth.set(succ, Math.max(depth.get(succ) ?? 0, own));
    }
  }
  // depth now holds, for each node, the longest auto chain before it plus itself when auto.
  const total = Math.max(...[...auto].map((s) => depth.get(s) ?? 0));
  for (const step of auto) result.set(step, { n: depth.get(step) ?? 1, of: total });
  return result;
}
