/**
 * Where a sale saved by an older version of a journey resumes in this one. A new build is
 * deployed while agents are selling: the tab's saved snapshot names states of the version it was
 * saved by, and throwing it away loses the sale and everything typed. So, in order:
 *
 * 1. its state still exists (same place in the tree): it resumes there;
 * 2. the journey's `formerStates` names the old state (or an old parent of it): it resumes at
 *    that entry's target, and the agent is told (the entry's message, else DEFAULT_MOVED);
 * 3. otherwise at the first step, in the file's order, of the nearest parent that still exists,
 *    and the agent is told where (NEAREST_MOVED);
 * 4. with no parent left but the root, the journey starts afresh (STARTED_AGAIN).
 *
 * The same decision serves the app (persistence.ts) and `journeys:diff` (which edits strand
 * sales and where they go), so what the diff says is what the agents will see.
 */
import type { StateValue } from 'xstate';
import { activeNodes } from '../pack/activeNodes';
import { asList, enteredLeaf, resolveTarget, stepNodeOf, subtree, type GraphNode, type JourneyGraph } from '../pack/journeyGraph';

export const DEFAULT_MOVED = 'La aplicación se actualizó y el paso en el que estabas ya no existe. La venta sigue aquí, con los datos que ingresaste.';
export const NEAREST_MOVED = 'La aplicación se actualizó y el paso en el que estabas ya no existe. La venta sigue en el primer paso de esta etapa, con los datos que ingresaste.';
export const STARTED_AGAIN = 'La aplicación se actualizó y la venta en curso no se pudo continuar en esta versión. Empieza de nuevo.';

/** Where a saved sale resumes: in place, at a declared target, at the nearest parent's first step, or nowhere (a fresh start). */
export type ResumePlace =
  | { kind: 'same'; node: GraphNode }
  | { kind: 'declared'; node: GraphNode; from: string; message: string }
  | { kind: 'nearest'; node: GraphNode; within: GraphNode; message: string }
  | { kind: 'restart'; message: string };

/**
 * Whether the agent can be left waiting on this state after a reload: a leaf of a step (a route
 * shows), with no call of its own (a restored snapshot does not start a state's calls again) and
 * not a pause the journey marks `busy`.
 */
export function isRestingState(node: GraphNode): boolean {
  if (node.children.length > 0 || stepNodeOf(node) === undefined) return false;
  if (asList(node.config.invoke).length > 0) return false;
  return !(node.config.tags ?? []).includes('busy');
}

/** The state value of a path of state keys: `["a","b","c"]` is `{a: {b: "c"}}`. */
export function valueOfPath(path: string[]): StateValue {
  const last = path.at(-1);
  if (last === undefined) return {};
  return path.slice(0, -1).reduceRight<StateValue>((inner, key) => ({ [key]: inner }), last);
}

/** The keys of a state value from the root down: `{a: {b: "c"}}` is `["a","b","c"]`. */
export function pathOf(value: unknown): string[] {
  const keys: string[] = [];
  let current = value;
  while (current !== undefined) {
    if (typeof current === 'string') return [...keys, current];
    if (current === null || typeof current !== 'object') return [];
    const entries = Object.entries(current);
    if (entries.length !== 1) return [];
    const [key, inner] = entries[0] as [string, unknown];
    keys.push(key);
    current = inner;
  }
  return keys;
}

/** The node a path names in this version, when every key of it still does and it is a leaf. */
function nodeAt(graph: JourneyGraph, path: string[]): GraphNode | undefined {
  const active = activeNodes(graph, valueOfPath(path));
  const leaf = active.at(-1);
  return active.length === path.length + 1 && leaf && leaf.children.length === 0 ? leaf : undefined;
}

/** The first step the agent can wait on below `node`, in the file's order. */
function firstRestingStep(node: GraphNode): GraphNode | undefined {
  for (const n of subtree(node)) {
    if (n.meta.route === undefined) continue;
    const leaf = enteredLeaf(n) ?? n;
    if (isRestingState(leaf)) return leaf;
  }
  return undefined;
}

/** The `formerStates` entry of the old state or of its nearest old parent that has one. */
function declaredFor(graph: JourneyGraph, oldId: string) {
  const entries = graph.config.formerStates ?? {};
  for (let id = oldId; id !== ''; id = id.includes('.') ? id.slice(0, id.lastIndexOf('.')) : '') {
    const entry = entries[id];
    if (entry) return { id, entry };
  }
  return undefined;
}

/** The resting leaf a `formerStates` target lands on (a compound target enters its initial states), if it is one. */
export function formerTarget(graph: JourneyGraph, target: string): GraphNode | undefined {
  const node = resolveTarget(graph, graph.root, target);
  const leaf = node && (enteredLeaf(node) ?? node);
  return leaf && isRestingState(leaf) ? leaf : undefined;
}

/**
 * Where a sale saved at `path` (the old version's state keys, root first) and named `oldId` there
 * resumes in this version `graph`.
 */
export function resumePlace(graph: JourneyGraph, path: string[], oldId: string): ResumePlace {
  const same = nodeAt(graph, path);
  if (same && isRestingState(same)) return { kind: 'same', node: same };
  const declared = declaredFor(graph, oldId);
  const target = declared && formerTarget(graph, declared.entry.target);
  if (declared && target) return { kind: 'declared', node: target, from: declared.id, message: declared.entry.message ?? DEFAULT_MOVED };
  // The nearest old parent still here, and its first step the agent can wait on.
  for (let depth = path.length - 1; depth >= 1; depth -= 1) {
    const active = activeNodes(graph, valueOfPath(path.slice(0, depth)));
    if (active.length !== depth + 1) continue;
    const within = active.at(-1) as GraphNode;
    const node = firstRestingStep(within);
    if (node) return { kind: 'nearest', node, within, message: NEAREST_MOVED };
  }
  return { kind: 'restart', message: STARTED_AGAIN };
}

/** The old state's id as the older version named it, when the saved record does not say: the journey's id and the path joined by dots. */
export const defaultIdOf = (journeyId: string, path: string[]) => [journeyId, ...path].join('.');
