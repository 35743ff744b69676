/**
 * What the diagram shows of a journey with some states folded: the boxes drawn, the order the
 * sale meets them in, the lines between drawn boxes, and the transitions a container takes from
 * anywhere inside it (menu, session, maintenance), listed in its legend rather than drawn as
 * arrows across the whole canvas. Framework-free, so it is tested without a page.
 */
import type { DiagramModel, StateBox, TransitionLine } from './diagramModel';

/** The containers: states that group steps (the journey, the signed-in part, the sale), not steps themselves. */
export function containersOf(model: DiagramModel): Set<string> {
  const parent = new Map(model.states.map((s) => [s.id, s.parentId]));
  const holding = new Set<string>();
  for (const state of model.states) {
    if (state.route === undefined) continue;
    for (let p = parent.get(state.id); p; p = parent.get(p)) holding.add(p);
  }
  return new Set(model.states.filter((s) => s.compound && s.route === undefined && holding.has(s.id)).map((s) => s.id));
}

/**
 * The compound states drawn open as the studio starts: the containers of steps. A step with
 * inner states (its loading, checking and choosing phases) is drawn folded, one box with its
 * progress, until it is opened.
 */
export function defaultExpanded(model: DiagramModel): Set<string> {
  return containersOf(model);
}

/** The ancestors of a state, outermost first (not the state itself). */
export function ancestorsOf(model: DiagramModel, id: string): string[] {
  const parent = new Map(model.states.map((s) => [s.id, s.parentId]));
  const chain: string[] = [];
  for (let p = parent.get(id); p; p = parent.get(p)) chain.unshift(p);
  return chain;
}

/** Each state's chain of states from the journey down to itself. */
function chainsOf(model: DiagramModel): Map<string, string[]> {
  const parent = new Map(model.states.map((s) => [s.id, s.parentId]));
  const chains = new Map<string, string[]>();
  const chain = (id: string): string[] => {
    let known = chains.get(id);
    if (!known) {
      const up = parent.get(id);
      known = up ? [...chain(up), id] : [id];
      chains.set(id, known);
    }
    return known;
  };
  for (const state of model.states) chain(state.id);
  return chains;
}

/** The child of `parent` that holds `id` (itself or an ancestor), if any. */
function childHolding(chains: Map<string, string[]>, parent: string, id: string): string | undefined {
  const chain = chains.get(id) ?? [];
  const at = chain.indexOf(parent);
  return at >= 0 ? chain[at + 1] : undefined;
}

/**
 * Each compound state's children in the order the sale meets them: breadth first from its
 * initial state along the transitions between them (a step's failure beside the step it fails
 * in, the next step after it), ties in file order; children no transition inside leads to (a
 * menu's destination, the maintenance page) follow, in file order.
 */
export function saleOrder(model: DiagramModel): Map<string, string[]> {
  const byParent = new Map<string, StateBox[]>();
  for (const state of model.states) if (state.parentId) byParent.set(state.parentId, [...(byParent.get(state.parentId) ?? []), state]);
  const chains = chainsOf(model);
  const order = new Map<string, string[]>();
  for (const [parent, children] of byParent) {
    const next = new Map<string, string[]>(children.map((c) => [c.id, []]));
    for (const t of model.transitions) {
      const from = childHolding(chains, parent, t.source);
      const to = childHolding(chains, parent, t.target);
      if (from && to && from !== to) next.get(from)?.push(to);
    }
    const start = children.find((c) => c.initial) ?? children[0];
    const seen = new Set<string>();
    const queue = start ? [start.id] : [];
    for (const id of queue) {
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(next.get(id) ?? []).filter((n) => !seen.has(n)));
    }
    order.set(parent, [...seen, ...children.map((c) => c.id).filter((id) => !seen.has(id))]);
  }
  return order;
}

/** One line between two drawn boxes: every transition from the one to the other, merged. */
export interface ShownLine {
  id: string;
  source: string;
  target: string;
  labels: string[];
  guarded: boolean;
  transitions: TransitionLine[];
}

/** A container's legend: what takes the sale anywhere from inside it. */
export interface LegendEntry {
  label: string;
  target: string;
  /** The target's name as the legend prints it (its key). */
  targetKey: string;
}

export interface DiagramView {
  /** The boxes drawn: open states are frames around their children, the rest are boxes. */
  shown: StateBox[];
  expanded: ReadonlySet<string>;
  order: Map<string, string[]>;
  lines: ShownLine[];
  legends: Map<string, LegendEntry[]>;
  /** For each state, the box it is drawn in. */
  boxOf: Map<string, string>;
}

export function diagramView(model: DiagramModel, expanded: ReadonlySet<string>): DiagramView {
  const chains = chainsOf(model);
  // The box a state is drawn in: itself when every state around it is open, else the outermost folded one.
  const boxOf = new Map(model.states.map((s) => [s.id, (chains.get(s.id) ?? [s.id]).find((id) => id !== s.id && !expanded.has(id)) ?? s.id]));
  const shown = model.states.filter((s) => boxOf.get(s.id) === s.id);
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const containers = containersOf(model);
  const legends = new Map<string, LegendEntry[]>();
  const lines = new Map<string, ShownLine>();
  for (const t of model.transitions) {
    const source = byId.get(t.source);
    // A transition an open container takes from anywhere inside it: its legend.
    if (source && expanded.has(source.id) && containers.has(source.id)) {
      legends.set(source.id, [...(legends.get(source.id) ?? []), { label: t.label, target: t.target, targetKey: byId.get(t.target)?.key ?? t.target }]);
      continue;
    }
    const from = boxOf.get(t.source) ?? t.source;
    const to = boxOf.get(t.target) ?? t.target;
    if (from === to) continue;
    const id = `${from}->${to}`;
    const line = lines.get(id) ?? { id, source: from, target: to, labels: [], guarded: false, transitions: [] };
    if (!line.labels.includes(t.label)) line.labels.push(t.label);
    line.guarded ||= t.guard !== undefined;
    line.transitions.push(t);
    lines.set(id, line);
  }
  return { shown, expanded, order: saleOrder(model), lines: [...lines.values()], legends, boxOf };
}
