import { actionProblems } from './lintGuardsActions';
import { suggestion } from '../pack/didYouMean';
import { homeNodeOf } from '../pack/homeNode';
import { asList, type GraphNode, type JourneyGraph } from '../pack/journeyGraph';
import type { Problem } from './problem';

/** Events the engine sends itself; a journey file may not declare them. */
const RESERVED_EVENTS = new Set(['nav.back', 'step.draft']);

/** A state with child states names one of them as its `initial`; a state without them names none. */
function initialProblem(node: GraphNode): Problem | undefined {
  const { config } = node;
  if (node.children.length === 0) {
    return config.initial === undefined ? undefined : { pointer: `${node.pointer}/initial`, message: `state "${node.key}" has an "initial" but no child states` };
  }
  if (config.initial === undefined) return { pointer: node.pointer, message: `state "${node.key}" has child states but no "initial"` };
  if (node.children.some((c) => c.key === config.initial)) return undefined;
  return {
    pointer: `${node.pointer}/initial`,
    message: `unknown state "${config.initial}" as initial${suggestion(config.initial, node.children.map((c) => c.key))}`,
  };
}

/** The engine's own events a state declares. */
function reservedEventProblems(node: GraphNode): Problem[] {
  return Object.keys(node.config.on ?? {})
    .filter((event) => RESERVED_EVENTS.has(event))
    .map((event) => {
      const instead = event === 'nav.back' ? `from each step's "back"; set meta.back instead` : 'to keep what a step has not submitted yet; it cannot be handled by a journey';
      return { pointer: `${node.pointer}/on/${event}`, message: `"${event}" is sent by the engine ${instead}` };
    });
}

/** What a step's meta says that cannot be: progress past its total, a route parameter with no pointer, back home with no home. */
function stepMetaProblems(graph: JourneyGraph, node: GraphNode): Problem[] {
  const problems: Problem[] = [];
  const progress = node.meta.progress;
  if (progress && progress !== 'auto') {
    const [n, of] = progress.split('/').map(Number);
    if ((n as number) > (of as number)) problems.push({ pointer: `${node.pointer}/meta/progress`, message: `progress ${progress} counts past its total` });
  }
  for (const name of (node.meta.route ?? '').match(/:(\w+)/g) ?? []) {
    if (!node.meta.params?.[name.slice(1)]) {
      problems.push({ pointer: `${node.pointer}/meta/route`, message: `route parameter "${name}" has no pointer in meta.params` });
    }
  }
  if (node.meta.back === 'home' && !homeNodeOf(graph)) {
    problems.push({ pointer: `${node.pointer}/meta/back`, message: 'back is "home" but the journey has no home: add meta.home or a state with route "/"' });
  }
  return problems;
}

/**
 * States: initial children, entry and exit actions, events the engine keeps for itself,
 * progress, route parameters, back home; then the journey's `meta.home`, a known state.
 */
export function lintStates(graph: JourneyGraph): Problem[] {
  const problems: Problem[] = [];
  for (const node of graph.nodes) {
    const { config } = node;
    const initial = initialProblem(node);
    if (initial) problems.push(initial);
    problems.push(...actionProblems(asList(config.entry), `${node.pointer}/entry`, Array.isArray(config.entry)));
    problems.push(...actionProblems(asList(config.exit), `${node.pointer}/exit`, Array.isArray(config.exit)));
    problems.push(...reservedEventProblems(node), ...stepMetaProblems(graph, node));
  }
  const home = graph.config.meta?.home;
  if (home !== undefined && !graph.byId.has(home)) {
    problems.push({ pointer: '/meta/home', message: `unknown state id "${home}"${suggestion(home, graph.byId.keys())}` });
  }
  return problems;
}
