import { nestedGuards } from '../runtime/guards';
import { asList, enteredLeaf, isAncestorOrSelf, type GraphEdge, type GraphNode, type JourneyGraph } from '../pack/journeyGraph';
import { toPointer } from '../pack/jsonPointer';
import type { JsonObject, NamedRef } from '../pack/journeyTypes';

/**
 * Where a journey reads and writes by JSON Pointer: its actions' and guards' params, with the
 * transition that runs them, and the pointers below a value built as a call's input is. The
 * checks of the journey's data (lintJourneyData) and of what events carry (lintEventPointers)
 * walk the same sites.
 */

export const isContext = (p: unknown): p is string => typeof p === 'string' && (p === '/context' || p.startsWith('/context/'));
export const isEvent = (p: unknown): p is string => typeof p === 'string' && (p === '/event' || p.startsWith('/event/'));

function refParts(ref: NamedRef): { type: string; params: JsonObject } {
  return typeof ref === 'string' ? { type: ref, params: {} } : { type: ref.type, params: ref.params ?? {} };
}

/** One action with where it sits in the file (its params' pointer) and the transition that runs it, if any. */
export interface ActionSite {
  type: string;
  params: JsonObject;
  pointer: string;
  edge: GraphEdge | undefined;
}

/** Every action of the journey: states' entry and exit (no transition), then each transition's. */
export function actionSites(graph: JourneyGraph): ActionSite[] {
  const sites: ActionSite[] = [];
  const add = (refs: NamedRef | NamedRef[] | undefined, pointer: string, edge: GraphEdge | undefined) => {
    asList(refs).forEach((ref, i) => {
      const at = Array.isArray(refs) ? `${pointer}/${i}` : pointer;
      const { type, params } = refParts(ref);
      sites.push({ type, params, pointer: typeof ref === 'string' ? at : `${at}/params`, edge });
    });
  };
  for (const node of graph.nodes) {
    add(node.config.entry, `${node.pointer}/entry`, undefined);
    add(node.config.exit, `${node.pointer}/exit`, undefined);
  }
  for (const edge of graph.edges) add(edge.transition.actions, `${edge.pointer}/actions`, edge);
  return sites;
}

/** Every guard of a transition, nested ones too, with its params' pointer and its transition. */
export function guardSites(graph: JourneyGraph): Array<{ params: JsonObject; pointer: string; edge: GraphEdge }> {
  const sites: Array<{ params: JsonObject; pointer: string; edge: GraphEdge }> = [];
  const visit = (ref: NamedRef, pointer: string, edge: GraphEdge) => {
    const { params } = refParts(ref);
    if (typeof ref !== 'string') sites.push({ params, pointer: `${pointer}/params`, edge });
    nestedGuards(params).forEach((inner, i) => visit(inner, Array.isArray(params.of) ? `${pointer}/params/of/${i}` : `${pointer}/params/guard`, edge));
  };
  for (const edge of graph.edges) if (edge.guard !== undefined) visit(edge.guard, `${edge.pointer}/guard`, edge);
  return sites;
}

/**
 * The transitions that enter `node` from outside it (so start what it invokes): a call's input
 * reads the event that entered its state, the PIN of the sign-in step's submit for example.
 */
export function enteringEdges(graph: JourneyGraph, node: GraphNode): GraphEdge[] {
  return graph.edges.filter(
    (edge) =>
      !isAncestorOrSelf(node, edge.source) &&
      edge.targets.some((t) => t.node !== undefined && (isAncestorOrSelf(node, t.node) || (isAncestorOrSelf(t.node, node) && isAncestorOrSelf(node, enteredLeaf(t.node) ?? t.node)))),
  );
}

/** Every string below `value` that is a pointer of a kind (`/context`, `/event`), with its own pointer (constants skipped). */
export function pointersIn(value: unknown, pointer: string, found: Array<{ text: string; pointer: string }>, kind: (p: unknown) => p is string = isContext): void {
  if (kind(value)) found.push({ text: value, pointer });
  else if (Array.isArray(value)) value.forEach((v, i) => pointersIn(v, `${pointer}/${i}`, found, kind));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) if (key !== 'value') pointersIn(v, `${pointer}${toPointer([key])}`, found, kind);
  }
}

/**
 * The pointers an action reads the way a call's input does: a tracking record's `fields`, the
 * `object` an assign builds (of the kind asked: the journey's data, or the event).
 */
export function builtPointers(site: { type: string; params: JsonObject; pointer: string }, kind: (p: unknown) => p is string): Array<{ text: string; pointer: string }> {
  const built = builtValue(site);
  const found: Array<{ text: string; pointer: string }> = [];
  if (built) pointersIn(built.value, built.pointer, found, kind);
  return found;
}

/** The value an action builds as a call's input is built (a tracking record's `fields`, `assign`'s `object`), with its pointer. */
export function builtValue({ type, params, pointer }: { type: string; params: JsonObject; pointer: string }): { value: unknown; pointer: string } | undefined {
  const built = type === 'track' ? 'fields' : type === 'assign' ? 'object' : undefined;
  return built && params[built] !== undefined ? { value: params[built], pointer: `${pointer}/${built}` } : undefined;
}

/** The pointers an action names in its params (`from`, `key`, `item`, `leave`'s `url`, each of `with`), of a kind. */
export function namedReads({ params, pointer }: { params: JsonObject; pointer: string }, kind: (p: unknown) => p is string): Array<{ text: string; pointer: string }> {
  const found: Array<{ text: string; pointer: string }> = [];
  for (const key of ['from', 'key', 'item', 'url']) if (kind(params[key])) found.push({ text: params[key], pointer: `${pointer}/${key}` });
  for (const [name, p] of Object.entries((params.with as JsonObject | undefined) ?? {})) if (kind(p)) found.push({ text: p, pointer: `${pointer}/with${toPointer([name])}` });
  return found;
}

/**
 * Every pointer an action reads, as written (`from`, `key`, `item`, `url`, each of `with`, and those
 * of a value it builds), of a kind; `save` with no `from` reads `/event/data`, not written.
 */
export function actionReads(site: { type: string; params: JsonObject; pointer: string }, kind: (p: unknown) => p is string): Array<{ text: string; pointer: string }> {
  return [...namedReads(site, kind), ...builtPointers(site, kind)];
}

/** Every pointer a guard reads (`at`, `a`, `b`), of a kind. */
export function guardReads(params: JsonObject, pointer: string, kind: (p: unknown) => p is string): Array<{ text: string; pointer: string }> {
  return ['at', 'a', 'b'].filter((key) => kind(params[key])).map((key) => ({ text: params[key] as string, pointer: `${pointer}/${key}` }));
}
