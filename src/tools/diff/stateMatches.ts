import type { GraphNode, JourneyGraph } from '../../pack/journeyGraph';
import type { StateConfig } from '../../pack/journeyTypes';

/** A state of the old version found again in the new one under another id: renamed, or under another parent. */
export interface StateMatch {
  before: GraphNode;
  after: GraphNode;
  /** Its key changed (`income` → `customerIncome`). */
  renamed: boolean;
  /** Its parent changed (the state moved to another part of the journey). */
  reparented: boolean;
}

/** A state's content without what a rename or a move changes: its targets (which name states) and its `id`. */
function shapeOf(config: StateConfig): string {
  const strip = (value: unknown, key?: string): unknown => {
    if (key === 'target') return '';
    if (Array.isArray(value)) return value.map((item) => strip(item));
    if (value === null || typeof value !== 'object') return value;
    // Keys sorted: a reordered file has the same shape.
    const entries = Object.entries(value as Record<string, unknown>).filter(([k]) => k !== 'id' || value !== config);
    return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, strip(v, k)]));
  };
  return JSON.stringify(strip(config));
}

/** The states only one side has, outermost only (a renamed parent takes its children with it), under a parent both have. */
function unmatched(graph: JourneyGraph, other: JourneyGraph): GraphNode[] {
  return graph.nodes.filter((node) => !other.byId.has(node.id) && node.parent !== undefined && other.byId.has(node.parent.id));
}

/** The one node of `list` that `pick` accepts, none when none or several do. */
function single(list: GraphNode[], pick: (node: GraphNode) => boolean): GraphNode | undefined {
  const found = list.filter(pick);
  return found.length === 1 ? found[0] : undefined;
}

/** The match of a removed state among the added ones: the same shape, else (same parent or key) the same route or screen. */
function counterpart(node: GraphNode, added: GraphNode[], shapes: Map<GraphNode, string>): GraphNode | undefined {
  const shape = shapes.get(node);
  const same = single(added, (other) => shapes.get(other) === shape);
  if (same) return same;
  const near = added.filter((other) => other.key === node.key || other.parent?.id === node.parent?.id);
  const { route, step } = node.meta;
  return (route !== undefined && single(near, (other) => other.meta.route === route)) || (step !== undefined ? single(near, (other) => other.meta.step === step) : undefined);
}

/** The old id of each state of a matched state's subtree, to its new id (children by their keys). */
function mapSubtree(before: GraphNode, after: GraphNode, ids: Map<string, string>): void {
  ids.set(before.id, after.id);
  for (const child of before.children) {
    const other = after.children.find((c) => c.key === child.key);
    if (other && !ids.has(child.id)) mapSubtree(child, other, ids);
  }
}

/**
 * The states of the old version that the new one has under another id: renamed (another key,
 * the same parent) or moved to another parent (the same key), recognised by their content with
 * their targets left out (a transition that pointed at a renamed state points at its new name),
 * else by their route or screen when one state alone has it. A state matched once only, and only
 * when the match is the only one: two states alike are left as removed and added.
 *
 * `ids`: the old id of each matched state and of the states below it, to its new id.
 *
 * @example matchStates(before, after).matches[0] // { before: cc...income, after: cc...customerIncome, renamed: true, reparented: false }
 */
export function matchStates(before: JourneyGraph, after: JourneyGraph): { matches: StateMatch[]; ids: Map<string, string> } {
  const removed = unmatched(before, after);
  const added = unmatched(after, before);
  const shapes = new Map([...removed, ...added].map((node) => [node, shapeOf(node.config)]));
  const matches: StateMatch[] = [];
  const ids = new Map<string, string>();
  for (const node of removed) {
    const free = added.filter((other) => !matches.some((m) => m.after === other));
    const other = counterpart(node, free, shapes);
    // Each way round: the added state's own best match must be this one.
    if (!other || counterpart(other, removed, shapes) !== node) continue;
    const reparented = other.parent?.id !== node.parent?.id;
    matches.push({ before: node, after: other, renamed: other.key !== node.key, reparented });
    mapSubtree(node, other, ids);
  }
  return { matches, ids };
}
