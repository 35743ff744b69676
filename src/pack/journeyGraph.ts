import { toPointer } from './jsonPointer';
import type {
  InvokeConfig,
  JourneyConfig,
  NamedRef,
  StateConfig,
  StepMeta,
  TransitionConfig,
  TransitionObject,
} from './journeyTypes';

/** One state of a journey, with where it sits in the file. */
export interface GraphNode {
  /** The XState id: the state's own `id`, else the machine id and the path joined by dots. */
  id: string;
  key: string;
  path: string[];
  /** JSON Pointer of the state object in the journey file (`""` for the root). */
  pointer: string;
  config: StateConfig;
  parent: GraphNode | undefined;
  children: GraphNode[];
  meta: StepMeta;
}

export interface GraphTarget {
  text: string;
  pointer: string;
  node: GraphNode | undefined;
}

/** One branch of a transition as written in the file. */
export interface GraphEdge {
  source: GraphNode;
  kind: 'on' | 'always' | 'after' | 'done' | 'error';
  /** The XState event type that takes it (`""` for eventless transitions). */
  event: string;
  /** The event's name as a product owner wrote it: `step.submit`, `done api.sales`, `after 5000`. */
  label: string;
  pointer: string;
  branch: number;
  transition: TransitionObject;
  targets: GraphTarget[];
  guard: NamedRef | undefined;
  actions: NamedRef[];
  invoke: { src: string; id: string; pointer: string } | undefined;
}

/** The structure of a journey file: states, transitions and how targets resolve. */
export interface JourneyGraph {
  id: string;
  config: JourneyConfig;
  root: GraphNode;
  nodes: GraphNode[];
  byId: Map<string, GraphNode>;
  edges: GraphEdge[];
  /** The edges declared on each state, in file order. */
  outgoing: Map<GraphNode, GraphEdge[]>;
  invokes: Array<{ node: GraphNode; invoke: InvokeConfig; id: string; pointer: string }>;
}

export function asList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The id an invocation gets: its own `id`, else the actor's name. */
export function invokeIdOf(invoke: InvokeConfig): string {
  return invoke.id ?? invoke.src;
}

function childByPath(node: GraphNode, path: string): GraphNode | undefined {
  let current: GraphNode | undefined = node;
  for (const key of path.split('.')) {
    current = current?.children.find((c) => c.key === key);
  }
  return current;
}

/** Resolves a target the way XState v5 does: `#id`, `.child` (own child) or `sibling.child`. */
export function resolveTarget(graph: JourneyGraph, source: GraphNode, target: string): GraphNode | undefined {
  if (target.startsWith('#')) {
    const wanted = target.slice(1);
    const exact = graph.byId.get(wanted);
    if (exact) return exact;
    // `#id.child.path`: an id followed by a path below it.
    for (const [id, node] of graph.byId) {
      if (wanted.startsWith(id + '.')) {
        const found = childByPath(node, wanted.slice(id.length + 1));
        if (found) return found;
      }
    }
    return undefined;
  }
  if (target.startsWith('.')) return childByPath(source, target.slice(1));
  return source.parent ? childByPath(source.parent, target) : undefined;
}

/** The leaf entered when `node` is entered: its initial child, recursively. */
export function enteredLeaf(node: GraphNode): GraphNode | undefined {
  let current = node;
  while (current.children.length > 0) {
    const next = current.children.find((c) => c.key === current.config.initial);
    if (!next) return undefined;
    current = next;
  }
  return current;
}

/** The step (state with a route) showing while `node` is active: itself, an ancestor, or its initial chain. */
export function stepNodeOf(node: GraphNode): GraphNode | undefined {
  for (let n: GraphNode | undefined = node; n; n = n.parent) if (n.meta.route !== undefined) return n;
  for (let n: GraphNode | undefined = node; n; ) {
    if (n.meta.route !== undefined) return n;
    n = n.children.find((c) => c.key === n?.config.initial);
  }
  return undefined;
}

/** A node and every state below it. */
export function subtree(node: GraphNode): GraphNode[] {
  return [node, ...node.children.flatMap(subtree)];
}

export function isAncestorOrSelf(ancestor: GraphNode, node: GraphNode): boolean {
  for (let n: GraphNode | undefined = node; n; n = n.parent) if (n === ancestor) return true;
  return false;
}

function normalize(config: TransitionConfig, pointer: string): Array<{ t: TransitionObject; pointer: string; targetPointer: string }> {
  const one = (item: string | TransitionObject, at: string) =>
    typeof item === 'string' ? { t: { target: item }, pointer: at, targetPointer: at } : { t: item, pointer: at, targetPointer: `${at}/target` };
  return Array.isArray(config) ? config.map((item, i) => one(item, `${pointer}/${i}`)) : [one(config, pointer)];
}

/** Every state of a journey, outermost first in file order, and each by its id. */
function stateNodes(config: JourneyConfig): { nodes: GraphNode[]; byId: Map<string, GraphNode> } {
  const nodes: GraphNode[] = [];
  const byId = new Map<string, GraphNode>();
  const visit = (cfg: StateConfig, key: string, path: string[], pointer: string, parent: GraphNode | undefined) => {
    const node: GraphNode = {
      id: cfg.id ?? [config.id, ...path].join('.'),
      key,
      path,
      pointer,
      config: cfg,
      parent,
      children: [],
      meta: (cfg.meta ?? {}) as StepMeta,
    };
    parent?.children.push(node);
    nodes.push(node);
    byId.set(node.id, node);
    for (const [childKey, child] of Object.entries(cfg.states ?? {})) {
      visit(child, childKey, [...path, childKey], `${pointer}/states${toPointer([childKey])}`, node);
    }
  };
  visit(config, config.id, [], '', undefined);
  return { nodes, byId };
}

/** What a transition is taken on, as GraphEdge says it: its kind, XState event, label and the call it answers. */
type EdgeEvent = Pick<GraphEdge, 'kind' | 'event' | 'label' | 'invoke'>;

/** Adds the branches of one transition as written (a target, an object or a list of them) to the graph, its targets resolved. */
function addEdges(graph: JourneyGraph, source: GraphNode, on: EdgeEvent, transitions: TransitionConfig | undefined, pointer: string): void {
  if (transitions === undefined) return;
  normalize(transitions, pointer).forEach(({ t, pointer: at, targetPointer }, branch) => {
    const targets = asList(t.target).map((text, i) => ({
      text,
      pointer: Array.isArray(t.target) ? `${targetPointer}/${i}` : targetPointer,
      node: resolveTarget(graph, source, text),
    }));
    const { kind, event, label, invoke } = on;
    const edge: GraphEdge = { source, kind, event, label, pointer: at, branch, transition: t, targets, guard: t.guard, actions: asList(t.actions), invoke };
    graph.edges.push(edge);
    graph.outgoing.get(source)?.push(edge);
  });
}

/** A state's transitions in the graph (`on`, `always`, `after`, then each call's onDone and onError), its calls in `invokes`. */
function addStateEdges(graph: JourneyGraph, node: GraphNode): void {
  const cfg = node.config;
  for (const [event, t] of Object.entries(cfg.on ?? {})) {
    addEdges(graph, node, { kind: 'on', event, label: event, invoke: undefined }, t, `${node.pointer}/on${toPointer([event])}`);
  }
  addEdges(graph, node, { kind: 'always', event: '', label: 'always', invoke: undefined }, cfg.always, `${node.pointer}/always`);
  for (const [delay, t] of Object.entries(cfg.after ?? {})) {
    addEdges(graph, node, { kind: 'after', event: `xstate.after.${delay}.${node.id}`, label: `after ${delay}`, invoke: undefined }, t, `${node.pointer}/after${toPointer([delay])}`);
  }
  asList(cfg.invoke).forEach((invoke, i) => {
    const pointer = Array.isArray(cfg.invoke) ? `${node.pointer}/invoke/${i}` : `${node.pointer}/invoke`;
    const id = invokeIdOf(invoke);
    graph.invokes.push({ node, invoke, id, pointer });
    const ref = { src: invoke.src, id, pointer };
    addEdges(graph, node, { kind: 'done', event: `xstate.done.actor.${id}`, label: `done ${invoke.src}`, invoke: ref }, invoke.onDone, `${pointer}/onDone`);
    addEdges(graph, node, { kind: 'error', event: `xstate.error.actor.${id}`, label: `error ${invoke.src}`, invoke: ref }, invoke.onError, `${pointer}/onError`);
  });
}

/**
 * Builds the graph of a journey file that passed the meta-schema. Targets that do not resolve
 * are kept with `node: undefined` so that lint can name them.
 */
export function buildJourneyGraph(config: JourneyConfig): JourneyGraph {
  const { nodes, byId } = stateNodes(config);
  const graph: JourneyGraph = {
    id: config.id,
    config,
    root: nodes[0] as GraphNode,
    nodes,
    byId,
    edges: [],
    outgoing: new Map(nodes.map((n) => [n, []])),
    invokes: [],
  };
  for (const node of nodes) addStateEdges(graph, node);
  return graph;
}

/** Every state a node's transitions may fire from: the node and its ancestors (innermost first). */
export function edgesActiveIn(graph: JourneyGraph, node: GraphNode): GraphEdge[] {
  const active: GraphEdge[] = [];
  for (let n: GraphNode | undefined = node; n; n = n.parent) active.push(...(graph.outgoing.get(n) ?? []));
  return active;
}
