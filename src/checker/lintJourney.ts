import { suggestion } from '../pack/didYouMean';
import type { GraphNode, JourneyGraph } from '../pack/journeyGraph';
import type { Problem } from './problem';
import { lintEventPointers } from './lintEventPointers';
import { lintFormerStates } from './lintFormerStates';
import { lintLinks } from './lintLinks';
import { lintPrivateSteps } from './lintPrivateSteps';
import { lintReachability } from './lintReachability';
import { lintStates } from './lintStates';
import { lintTransitions } from './lintTransitions';

/** Invocations: known actors, and a way on when the call fails. */
function lintInvokes(graph: JourneyGraph, actors: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  const known = new Set(actors);
  for (const { node, invoke, pointer } of graph.invokes) {
    if (!known.has(invoke.src)) {
      problems.push({ pointer: `${pointer}/src`, message: `unknown actor "${invoke.src}"${suggestion(invoke.src, actors)}` });
    }
    if (invoke.onError === undefined) {
      problems.push({ pointer, message: `"${invoke.src}" in state "${node.key}" has no onError: a failed call would leave the agent stuck` });
    }
  }
  return problems;
}

/** Routes (and aliases) used twice: the later one is reported, with the state that has it first. */
function lintRoutesUsedTwice(graph: JourneyGraph): Problem[] {
  const problems: Problem[] = [];
  const routes = new Map<string, GraphNode>();
  for (const node of graph.nodes) {
    const paths = [node.meta.route, ...(node.meta.aliases ?? [])].filter((r): r is string => r !== undefined);
    paths.forEach((route, i) => {
      const first = routes.get(route);
      const pointer = i === 0 ? `${node.pointer}/meta/route` : `${node.pointer}/meta/aliases/${i - 1}`;
      if (first && first !== node) problems.push({ pointer, message: `route "${route}" is already used by state "${first.key}" (${first.pointer})` });
      else routes.set(route, node);
    });
  }
  return problems;
}

/**
 * Finds what the meta-schema cannot see: unknown targets, guards, actions and actors,
 * unreachable states, states with no way out, routes used twice, private steps reachable
 * without signing in, engine events a journey may not declare, and `/event` pointers that read
 * what their event does not carry (lintEventPointers). `actors`: what a journey of
 * this country may invoke (`countryActorNames` of its provider operations).
 */
export function lintJourney(graph: JourneyGraph, actors: readonly string[]): Problem[] {
  const transitions = lintTransitions(graph);
  return [
    ...lintStates(graph),
    ...transitions.problems,
    ...lintInvokes(graph, actors),
    ...lintRoutesUsedTwice(graph),
    ...lintReachability(graph, transitions.meant),
    ...lintPrivateSteps(graph),
    // What each event carries: `/event/output` in an onDone, `/event/error` in an onError, ...
    ...lintEventPointers(graph),
    // The deep links: their routes, their events, and the values those events carry.
    ...lintLinks(graph),
    // Where sales saved in a removed or renamed state resume.
    ...lintFormerStates(graph),
  ];
}
