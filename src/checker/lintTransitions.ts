import { actionProblems, guardProblems, readsEvent } from './lintGuardsActions';
import { didYouMean, suggestion } from '../pack/didYouMean';
import { resolveTarget, type GraphEdge, type GraphNode, type GraphTarget, type JourneyGraph } from '../pack/journeyGraph';
import type { Problem } from './problem';

const childKeys = (node: GraphNode | undefined) => (node ? node.children.map((c) => c.key) : []);

/** The targets a transition could have meant: ids after "#", own children after ".", siblings otherwise. */
function targetCandidates(graph: JourneyGraph, edge: GraphEdge, text: string): string[] {
  if (text.startsWith('#')) return [...graph.byId.keys()].map((id) => `#${id}`);
  if (text.startsWith('.')) return childKeys(edge.source).map((k) => `.${k}`);
  return childKeys(edge.source.parent);
}

/**
 * A target that names no state, with the state it likely meant added to `meant`. A short target
 * names a sibling: a state of that name elsewhere is reached by its id.
 */
function unknownTargetProblem(graph: JourneyGraph, edge: GraphEdge, target: GraphTarget, meant: Set<GraphNode>): Problem {
  const short = !target.text.startsWith('#') && !target.text.startsWith('.');
  const elsewhere = short ? graph.nodes.filter((n) => n.key === target.text && n !== graph.root) : [];
  if (elsewhere.length > 0) {
    elsewhere.forEach((n) => meant.add(n));
    const ids = elsewhere.map((n) => `"#${n.id}"`).join(' or ');
    return { pointer: target.pointer, message: `unknown state "${target.text}": a target without "#" names a state beside this one; the state "${target.text}" is elsewhere, write ${ids}` };
  }
  const candidates = targetCandidates(graph, edge, target.text);
  const likely = didYouMean(target.text, candidates);
  const likelyNode = likely === undefined ? undefined : resolveTarget(graph, edge.source, likely);
  if (likelyNode) meant.add(likelyNode);
  return { pointer: target.pointer, message: `unknown state "${target.text}"${suggestion(target.text, candidates)}` };
}

/**
 * A guard that reads the event decides on data only an example can give: without one, a path
 * through this branch would be a guess (journeys:paths and the replays need it).
 */
function missingExample(edge: GraphEdge): Problem | undefined {
  if (edge.guard === undefined || !readsEvent(edge.guard) || edge.transition.meta?.example !== undefined || edge.transition.meta?.examples !== undefined) return undefined;
  return {
    pointer: `${edge.pointer}/guard`,
    message: `this branch's guard reads the event but the branch has no meta.example: write the event that takes it ({"data": ...}, {"output": ...} or {"error": ...})`,
  };
}

/**
 * Transitions: targets, guards, actions, examples of the branches a guard on the event takes.
 * A misspelt target's likely state is given back in `meant`, so that the state is not also
 * reported unreachable: one typo, one problem.
 */
export function lintTransitions(graph: JourneyGraph): { problems: Problem[]; meant: Set<GraphNode> } {
  const problems: Problem[] = [];
  const meant = new Set<GraphNode>();
  for (const edge of graph.edges) {
    for (const target of edge.targets) if (!target.node) problems.push(unknownTargetProblem(graph, edge, target, meant));
    if (edge.guard !== undefined) problems.push(...guardProblems(edge.guard, `${edge.pointer}/guard`));
    const example = missingExample(edge);
    if (example) problems.push(example);
    problems.push(...actionProblems(edge.actions, `${edge.pointer}/actions`, Array.isArray(edge.transition.actions)));
  }
  return { problems, meant };
}
