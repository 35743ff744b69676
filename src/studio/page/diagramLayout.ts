/**
 * Where each state's box goes: elkjs's layered layout, nested states inside their parent's box
 * (compound nodes, laid out with their transitions across levels: INCLUDE_CHILDREN).
 */
import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { DiagramModel, StateBox } from './diagramModel';

export interface Box {
  /** Relative to the parent's box, as React Flow places a child node. */
  x: number;
  y: number;
  width: number;
  height: number;
}

const CHAR = 7.2;
/** Room for a compound state's own label above its children. */
const HEADER = 44;

/** A leaf's size from what it shows: its name, and its step's route and meta on a line each. */
export function leafSize(state: StateBox): { width: number; height: number } {
  const lines = [state.key, state.route ?? '', metaLine(state)];
  const widest = Math.max(...lines.map((line) => line.length));
  return { width: Math.max(120, Math.round(widest * CHAR) + 24), height: 20 + lines.filter(Boolean).length * 17 };
}

/** Progress and back policy, as one line under a step's route. */
export function metaLine(state: StateBox): string {
  return [state.progress ? `progress ${state.progress}` : '', state.back ? `back ${state.back}` : ''].filter(Boolean).join(' · ');
}

/**
 * The layout runs in a worker: a journey takes elkjs a few hundred milliseconds, during which
 * the page must go on showing a save's problems and the live app's state.
 */
let elk: InstanceType<typeof ELK> | undefined;

export async function layoutDiagram(model: DiagramModel, engine: Pick<InstanceType<typeof ELK>, 'layout'> = (elk ??= new ELK({ workerUrl: elkWorkerUrl }))): Promise<Map<string, Box>> {
  const children = new Map<string | undefined, StateBox[]>();
  for (const state of model.states) children.set(state.parentId, [...(children.get(state.parentId) ?? []), state]);
  const parentOf = new Map(model.states.map((s) => [s.id, s.parentId]));
  const isAncestor = (a: string, b: string) => {
    for (let n: string | undefined = parentOf.get(b); n; n = parentOf.get(n)) if (n === a) return true;
    return false;
  };
  const elkNode = (state: StateBox): ElkNode => {
    const inner = children.get(state.id) ?? [];
    // A journey is read from where it starts: each initial state in the first row of its parent.
    const first: Record<string, string> = state.initial ? { 'elk.layered.layering.layerConstraint': 'FIRST' } : {};
    if (inner.length === 0) return { id: state.id, ...leafSize(state), layoutOptions: first };
    return {
      id: state.id,
      layoutOptions: { ...first, 'elk.padding': `[top=${HEADER},left=14,bottom=14,right=14]` },
      children: inner.map(elkNode),
    };
  };
  // A transition between a state and one inside it is drawn, but not laid out: layered layout
  // cannot place a node below its own container.
  const edges: ElkExtendedEdge[] = model.transitions
    .filter((t) => t.source !== t.target && !isAncestor(t.source, t.target) && !isAncestor(t.target, t.source))
    .map((t) => ({ id: t.id, sources: [t.source], targets: [t.target] }));
  const root: ElkNode = {
    id: '__root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '56',
      'elk.spacing.nodeNode': '28',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    },
    children: (children.get(undefined) ?? []).map(elkNode),
    edges,
  };
  const laid = await engine.layout(root);
  const boxes = new Map<string, Box>();
  const collect = (node: ElkNode) => {
    for (const child of node.children ?? []) {
      boxes.set(child.id, { x: child.x ?? 0, y: child.y ?? 0, width: child.width ?? 0, height: child.height ?? 0 });
      collect(child);
    }
  };
  collect(laid);
  return boxes;
}
