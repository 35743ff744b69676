import * as precompiled from './generated/validators.js';
import { actions } from '../runtime/actions';
import { didYouMean, suggestion } from '../pack/didYouMean';
import { guards, nestedGuards } from '../runtime/guards';
import {
  asList,
  edgesActiveIn,
  isAncestorOrSelf,
  resolveTarget,
  stepNodeOf,
  type GraphEdge,
  type GraphNode,
  type JourneyGraph,
} from '../pack/journeyGraph';
import type { NamedRef } from '../pack/journeyTypes';
import type { Problem } from './problem';
import { homeNodeOf } from '../pack/homeNode';
import { lintEventPointers } from './lintEventPointers';

/** Events the engine sends itself; a journey file may not declare them. */
const RESERVED_EVENTS = new Set(['nav.back', 'step.draft']);

/** Checks a guard's or action's params with its validator, precompiled from its params schema. */
function paramProblem(kind: 'guard' | 'action', name: string, params: unknown, pointer: string): Problem | undefined {
  const validate = (precompiled as Record<string, precompiled.PrecompiledValidator>)[`${kind}_${name}`];
  if (!validate) return { pointer, message: `${kind} "${name}" has no params validator: run npm run validators:build` };
  if (validate(params ?? {})) return undefined;
  const error = validate.errors?.[0];
  const p = (error?.params ?? {}) as Record<string, unknown>;
  const where = `${pointer}/params${error?.instancePath ?? ''}`;
  if (error?.keyword === 'required') return { pointer: where, message: `${kind} "${name}" needs the param "${String(p.missingProperty)}"` };
  if (error?.keyword === 'additionalProperties') return { pointer: where, message: `${kind} "${name}" has no param "${String(p.additionalProperty)}"` };
  if (error?.keyword === 'pattern') return { pointer: where, message: `${kind} "${name}": a pointer here starts with ${String(p.pattern).includes('event') ? '"/context" or "/event"' : '"/context"'}` };
  return { pointer: where, message: `${kind} "${name}": params ${error?.message ?? 'are not valid'}` };
}

function refParts(ref: NamedRef): { type: string; params: Record<string, unknown> | undefined } {
  return typeof ref === 'string' ? { type: ref, params: undefined } : { type: ref.type, params: ref.params };
}

/** Whether a guard, or one nested in it, reads the event being handled (`/event/...`). */
function readsEvent(ref: NamedRef): boolean {
  if (typeof ref === 'string' || !ref.params) return false;
  return Object.values(ref.params).some((v) => typeof v === 'string' && v.startsWith('/event')) || nestedGuards(ref.params).some(readsEvent);
}

function checkGuard(ref: NamedRef, pointer: string, problems: Problem[]): void {
  const { type, params } = refParts(ref);
  const spec = guards[type];
  const typePointer = typeof ref === 'string' ? pointer : `${pointer}/type`;
  if (!spec) {
    problems.push({ pointer: typePointer, message: `unknown guard "${type}"${suggestion(type, Object.keys(guards))}` });
    return;
  }
  const bad = paramProblem('guard', type, params, pointer);
  if (bad) {
    problems.push(bad);
    return;
  }
  if (type === 'matches') {
    try {
      new RegExp(String(params?.pattern), 'u');
    } catch {
      problems.push({ pointer: `${pointer}/params/pattern`, message: 'guard "matches": the pattern is not a valid regular expression' });
    }
  }
  const inner = nestedGuards(params);
  inner.forEach((g, i) => {
    const at = Array.isArray(params?.of) ? `${pointer}/params/of/${i}` : `${pointer}/params/guard`;
    checkGuard(g, at, problems);
  });
}

function checkActions(refs: NamedRef[], pointer: string, isList: boolean, problems: Problem[]): void {
  refs.forEach((ref, i) => {
    const at = isList ? `${pointer}/${i}` : pointer;
    const { type, params } = refParts(ref);
    const spec = actions[type];
    if (!spec) {
      problems.push({
        pointer: typeof ref === 'string' ? at : `${at}/type`,
        message: `unknown action "${type}"${suggestion(type, Object.keys(actions))}`,
      });
      return;
    }
    const bad = paramProblem('action', type, params, at);
    if (bad) problems.push(bad);
  });
}

/**
 * Marks what can be active: entering a node activates its ancestors and its initial chain.
 * For each node it keeps the edge it was first entered by, to say how it was reached.
 */
function reachable(graph: JourneyGraph, follow: (edge: GraphEdge) => boolean): Map<GraphNode, GraphEdge | undefined> {
  const marked = new Map<GraphNode, GraphEdge | undefined>();
  const queue: GraphNode[] = [];
  const enter = (node: GraphNode, via: GraphEdge | undefined) => {
    const chain: GraphNode[] = [];
    for (let n: GraphNode | undefined = node; n; n = n.parent) chain.push(n);
    for (let n: GraphNode | undefined = node; n && n.children.length > 0; ) {
      n = n.children.find((c) => c.key === n?.config.initial);
      if (n) chain.push(n);
    }
    for (const n of chain) {
      if (!marked.has(n)) {
        marked.set(n, via);
        queue.push(n);
      }
    }
  };
  enter(graph.root, undefined);
  while (queue.length > 0) {
    const node = queue.shift() as GraphNode;
    for (const edge of graph.outgoing.get(node) ?? []) {
      if (!follow(edge)) continue;
      for (const target of edge.targets) if (target.node) enter(target.node, edge);
    }
  }
  return marked;
}

/** Private steps entered from the anonymous area without a transition that has `startSession`. */
function privateEntrances(graph: JourneyGraph): Array<{ node: GraphNode; via: GraphEdge }> {
  const isPrivateStep = (n: GraphNode) => n.meta.route !== undefined && n.meta.public !== true;
  const seen = new Set<GraphNode>();
  const found = new Map<GraphNode, GraphEdge>();
  const queue: GraphNode[] = [];
  const enter = (node: GraphNode, via: GraphEdge | undefined) => {
    // Entering a node activates its ancestors and initial chain; stop at the first private step.
    const chain: GraphNode[] = [];
    for (let n: GraphNode | undefined = node; n; n = n.parent) chain.unshift(n);
    for (let n: GraphNode | undefined = node; n && n.children.length > 0; ) {
      n = n.children.find((c) => c.key === n?.config.initial);
      if (n) chain.push(n);
    }
    const step = chain.find(isPrivateStep);
    if (step) {
      if (via && !found.has(step)) found.set(step, via);
      return;
    }
    for (const n of chain) {
      if (!seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  };
  enter(graph.root, undefined);
  while (queue.length > 0) {
    const node = queue.shift() as GraphNode;
    for (const edge of graph.outgoing.get(node) ?? []) {
      if (edge.actions.some((a) => refParts(a).type === 'startSession')) continue;
      for (const target of edge.targets) if (target.node) enter(target.node, edge);
    }
  }
  return [...found].map(([node, via]) => ({ node, via }));
}

function transitionPointer(edge: GraphEdge, key: 'guard' | 'actions'): string {
  return `${edge.pointer}/${key}`;
}

/**
 * Finds what the meta-schema cannot see: unknown targets, guards, actions and actors,
 * unreachable states, states with no way out, routes used twice, private steps reachable
 * without signing in, engine events a journey may not declare, and `/event` pointers that read
 * what their event does not carry (lintEventPointers). `actors`: what a journey of
 * this country may invoke (`countryActorNames` of its provider operations).
 */
export function lintJourney(graph: JourneyGraph, actors: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  const keysNear = (node: GraphNode | undefined) => (node ? node.children.map((c) => c.key) : []);

  // States: initial children, entry and exit actions, progress, route parameters.
  for (const node of graph.nodes) {
    const { config } = node;
    if (node.children.length > 0) {
      if (config.initial === undefined) problems.push({ pointer: node.pointer, message: `state "${node.key}" has child states but no "initial"` });
      else if (!node.children.some((c) => c.key === config.initial)) {
        problems.push({
          pointer: `${node.pointer}/initial`,
          message: `unknown state "${config.initial}" as initial${suggestion(config.initial, keysNear(node))}`,
        });
      }
    } else if (config.initial !== undefined) {
      problems.push({ pointer: `${node.pointer}/initial`, message: `state "${node.key}" has an "initial" but no child states` });
    }
    checkActions(asList(config.entry), `${node.pointer}/entry`, Array.isArray(config.entry), problems);
    checkActions(asList(config.exit), `${node.pointer}/exit`, Array.isArray(config.exit), problems);
    for (const event of Object.keys(config.on ?? {})) {
      if (RESERVED_EVENTS.has(event)) {
        const instead = event === 'nav.back' ? `from each step's "back"; set meta.back instead` : 'to keep what a step has not submitted yet; it cannot be handled by a journey';
        problems.push({ pointer: `${node.pointer}/on/${event}`, message: `"${event}" is sent by the engine ${instead}` });
      }
    }
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
  }
  const home = graph.config.meta?.home;
  if (home !== undefined && !graph.byId.has(home)) {
    problems.push({ pointer: '/meta/home', message: `unknown state id "${home}"${suggestion(home, graph.byId.keys())}` });
  }

  // Transitions: targets, guards, actions. A misspelt target's likely state is remembered, so
  // that the state is not also reported unreachable: one typo, one problem.
  const meant = new Set<GraphNode>();
  for (const edge of graph.edges) {
    for (const target of edge.targets) {
      if (target.node) continue;
      const candidates = target.text.startsWith('#')
        ? [...graph.byId.keys()].map((id) => `#${id}`)
        : target.text.startsWith('.')
          ? keysNear(edge.source).map((k) => `.${k}`)
          : keysNear(edge.source.parent);
      // A short target names a sibling: a state of that name elsewhere is reached by its id.
      const elsewhere = target.text.startsWith('#') || target.text.startsWith('.') ? [] : graph.nodes.filter((n) => n.key === target.text && n !== graph.root);
      if (elsewhere.length > 0) {
        elsewhere.forEach((n) => meant.add(n));
        const ids = elsewhere.map((n) => `"#${n.id}"`).join(' or ');
        problems.push({ pointer: target.pointer, message: `unknown state "${target.text}": a target without "#" names a state beside this one; the state "${target.text}" is elsewhere, write ${ids}` });
        continue;
      }
      const likely = didYouMean(target.text, candidates);
      const likelyNode = likely === undefined ? undefined : resolveTarget(graph, edge.source, likely);
      if (likelyNode) meant.add(likelyNode);
      problems.push({ pointer: target.pointer, message: `unknown state "${target.text}"${suggestion(target.text, candidates)}` });
    }
    if (edge.guard !== undefined) checkGuard(edge.guard, transitionPointer(edge, 'guard'), problems);
    // A guard that reads the event decides on data only an example can give: without one, a
    // path through this branch would be a guess (journeys:paths and the replays need it).
    if (edge.guard !== undefined && readsEvent(edge.guard) && edge.transition.meta?.example === undefined && edge.transition.meta?.examples === undefined) {
      problems.push({
        pointer: transitionPointer(edge, 'guard'),
        message: `this branch's guard reads the event but the branch has no meta.example: write the event that takes it ({"data": ...}, {"output": ...} or {"error": ...})`,
      });
    }
    checkActions(edge.actions, transitionPointer(edge, 'actions'), Array.isArray(edge.transition.actions), problems);
  }

  // Invocations: known actors, and a way on when the call fails.
  const known = new Set(actors);
  for (const { node, invoke, pointer } of graph.invokes) {
    if (!known.has(invoke.src)) {
      problems.push({ pointer: `${pointer}/src`, message: `unknown actor "${invoke.src}"${suggestion(invoke.src, actors)}` });
    }
    if (invoke.onError === undefined) {
      problems.push({ pointer, message: `"${invoke.src}" in state "${node.key}" has no onError: a failed call would leave the agent stuck` });
    }
  }

  // Routes used twice.
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

  // Unreachable states and states with no way out. Of an unreachable region only its start is
  // reported (a state no transition names); what lies beyond it follows from that one mistake.
  const live = reachable(graph, () => true);
  const named = new Set(graph.edges.flatMap((e) => e.targets.map((t) => t.node)));
  for (const node of graph.nodes) {
    if (!live.has(node)) {
      const parentDead = node.parent !== undefined && !live.has(node.parent);
      if (!parentDead && !named.has(node) && !meant.has(node)) problems.push({ pointer: node.pointer, message: `unreachable state "${node.key}": no transition leads here` });
      continue;
    }
    if (node.children.length > 0 || node.config.type === 'final') continue;
    const step = stepNodeOf(node);
    if (step?.meta.end) continue;
    // Transitions on the root are the shell's (maintenance, redirect): they are no way out for the agent.
    const leaves = edgesActiveIn(graph, node).some(
      (edge) => edge.source !== graph.root && edge.targets.some((t) => t.node && !isAncestorOrSelf(node, t.node)),
    );
    if (!leaves) problems.push({ pointer: node.pointer, message: `state "${node.key}" has no way out: no transition leaves it (mark it meta.end if the flow ends here)` });
    const transient = node.config.invoke !== undefined || node.config.always !== undefined || node.config.after !== undefined;
    if (!step && !transient) {
      problems.push({ pointer: node.pointer, message: `state "${node.key}" has no route and does nothing by itself: the agent would see a blank screen` });
    }
  }

  // Private steps reachable without signing in: the anonymous area is walked up to the first
  // private step on each way, and that step is named with the transition that opens onto it.
  for (const { node, via } of privateEntrances(graph)) {
    problems.push({
      pointer: via.pointer,
      message: `"${via.label}" leads from "${via.source.key}" to the private step "${node.key}" (${node.meta.route}) without signing in: mark that step public, or pass through a transition with "startSession"`,
    });
  }

  // What each event carries: `/event/output` in an onDone, `/event/error` in an onError, ...
  problems.push(...lintEventPointers(graph));
  return problems;
}

