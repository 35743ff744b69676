import type { GraphNode, JourneyGraph } from '../../pack/journeyGraph';
import { stepNodes, stepSuccessors } from '../../pack/stepLinks';
import type { StateMatch } from './stateMatches';

/** A step's place in the sale: the steps met just before and just after it (their ids in the new version). */
export interface StepPlace {
  after: string[];
  before: string[];
}

/** A state met at another point of the sale, or under another parent. */
interface StateMove {
  before: GraphNode;
  after: GraphNode;
  was: StepPlace;
  now: StepPlace;
}

/** The steps one step leads to on the sale's main line (a form sent, a call answered), not a sidebar link or a retake. */
function mainLine(graph: JourneyGraph): Map<GraphNode, GraphNode[]> {
  const out = new Map<GraphNode, GraphNode[]>();
  for (const [step, next] of stepSuccessors(graph)) out.set(step, [...next].filter(([, rank]) => rank < 2).map(([node]) => node));
  return out;
}

/**
 * Each step's place among the steps both versions have: the steps just before and after it,
 * looking through the steps only this version has (a step added between two others does not move
 * them). `idOf`: a step's id in the new version's words.
 */
function placesOf(graph: JourneyGraph, idOf: (node: GraphNode) => string, common: Set<string>): Map<string, StepPlace> {
  const next = mainLine(graph);
  const previous = new Map<GraphNode, GraphNode[]>();
  for (const [from, tos] of next) for (const to of tos) previous.set(to, [...(previous.get(to) ?? []), from]);
  const nearest = (start: GraphNode, links: Map<GraphNode, GraphNode[]>) => {
    const found = new Set<string>();
    const seen = new Set<GraphNode>([start]);
    const walk = (node: GraphNode) => {
      for (const other of links.get(node) ?? []) {
        if (seen.has(other)) continue;
        seen.add(other);
        if (common.has(idOf(other))) found.add(idOf(other));
        else walk(other);
      }
    };
    walk(start);
    return [...found].sort();
  };
  return new Map(stepNodes(graph).map((step) => [idOf(step), { after: nearest(step, previous), before: nearest(step, next) }]));
}

const same = (a: string[], b: string[]) => a.join('\n') === b.join('\n');

/**
 * The steps met at another point of the sale: both the steps just before and just after them
 * changed (among the steps both versions have); and every state moved to another parent. Two
 * steps swapped are one move: the first is said to have moved, after the second.
 */
export function movedStates(before: JourneyGraph, after: JourneyGraph, ids: Map<string, string>, matches: StateMatch[]): StateMove[] {
  const oldId = (node: GraphNode) => ids.get(node.id) ?? node.id;
  const oldSteps = new Map(stepNodes(before).map((node) => [oldId(node), node]));
  const common = new Set(stepNodes(after).map((node) => node.id).filter((id) => oldSteps.has(id)));
  const was = placesOf(before, oldId, common);
  const now = placesOf(after, (node) => node.id, common);
  const moved = new Map<string, StateMove>();
  for (const id of common) {
    const [p, q] = [was.get(id), now.get(id)];
    if (!p || !q || q.after.length === 0 || same(p.after, q.after) || same(p.before, q.before)) continue;
    moved.set(id, { before: oldSteps.get(id) as GraphNode, after: after.byId.get(id) as GraphNode, was: p, now: q });
  }
  // A swap (P A B S → P B A S) moves both A and B by their neighbours: said once, as B before A.
  for (const [id, move] of moved) {
    if (move.was.before.some((other) => moved.has(other) && moved.get(other)?.now.before.includes(id))) moved.delete(id);
  }
  for (const match of matches.filter((m) => m.reparented && !moved.has(m.after.id))) {
    const place = (map: Map<string, StepPlace>) => map.get(match.after.id) ?? { after: [], before: [] };
    moved.set(match.after.id, { before: match.before, after: match.after, was: place(was), now: place(now) });
  }
  return [...moved.values()];
}
