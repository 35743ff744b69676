import { walkActive } from './activeWalk';
import { edgesActiveIn, isAncestorOrSelf, stepNodeOf, type GraphNode, type JourneyGraph } from '../pack/journeyGraph';
import type { Problem } from './problem';

/** What can be active: entering a node activates its ancestors and its initial chain. */
function reachable(graph: JourneyGraph): Set<GraphNode> {
  const marked = new Set<GraphNode>();
  walkActive(
    graph,
    () => true,
    (states) => states.filter((n) => !marked.has(n) && marked.add(n)),
  );
  return marked;
}

/** A live leaf state the agent cannot leave, or one that shows nothing and does nothing by itself. */
function deadEndProblems(graph: JourneyGraph, node: GraphNode): Problem[] {
  if (node.children.length > 0 || node.config.type === 'final') return [];
  const step = stepNodeOf(node);
  if (step?.meta.end) return [];
  const problems: Problem[] = [];
  // Transitions on the root are the shell's (maintenance, redirect): they are no way out for the agent.
  const leaves = edgesActiveIn(graph, node).some((edge) => edge.source !== graph.root && edge.targets.some((t) => t.node && !isAncestorOrSelf(node, t.node)));
  if (!leaves) problems.push({ pointer: node.pointer, message: `state "${node.key}" has no way out: no transition leaves it (mark it meta.end if the flow ends here)` });
  const transient = node.config.invoke !== undefined || node.config.always !== undefined || node.config.after !== undefined;
  if (!step && !transient) {
    problems.push({ pointer: node.pointer, message: `state "${node.key}" has no route and does nothing by itself: the agent would see a blank screen` });
  }
  return problems;
}

/**
 * Unreachable states and states with no way out. Of an unreachable region only its start is
 * reported (a state no transition names); what lies beyond it follows from that one mistake.
 * `meant`: states a misspelt target likely meant, already reported with the typo.
 */
export function lintReachability(graph: JourneyGraph, meant: ReadonlySet<GraphNode>): Problem[] {
  const problems: Problem[] = [];
  const live = reachable(graph);
  const named = new Set(graph.edges.flatMap((e) => e.targets.map((t) => t.node)));
  for (const node of graph.nodes) {
    if (live.has(node)) {
      problems.push(...deadEndProblems(graph, node));
      continue;
    }
    const parentDead = node.parent !== undefined && !live.has(node.parent);
    if (!parentDead && !named.has(node) && !meant.has(node)) problems.push({ pointer: node.pointer, message: `unreachable state "${node.key}": no transition leads here` });
  }
  return problems;
}
