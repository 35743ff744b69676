import { buildJourneyGraph, stepNodeOf, type GraphEdge, type GraphNode, type JourneyGraph } from '../../pack/journeyGraph';
import type { InvokeConfig, JourneyConfig, NamedRef } from '../../pack/journeyTypes';
import { isRestingState, resumePlace } from '../../runtime/versionResume';
import { edgesByName, ownId, type IdOf } from './edgeNames';
import type { JourneyChange } from './journeyChange';
import { intentChanges } from './journeyIntents';

const json = (value: unknown) => JSON.stringify(value ?? null);
const refName = (ref: NamedRef) => (typeof ref === 'string' ? ref : ref.type);

/** An action without a message's words (compared on their own). */
function withoutWords(ref: NamedRef): NamedRef {
  if (typeof ref === 'string' || ref.type !== 'message' || !ref.params) return ref;
  const params = Object.fromEntries(Object.entries(ref.params).filter(([key]) => key !== 'text' && key !== 'fallback'));
  return { ...ref, params };
}

/** Every message a transition shows (`message` actions' words), with the transition's name and state. */
function messagesOf(graph: JourneyGraph, idOf: IdOf): Map<string, { name: string; state: string }> {
  const out = new Map<string, { name: string; state: string }>();
  for (const [name, edge] of edgesByName(graph, idOf)) {
    for (const action of edge.actions) {
      if (typeof action === 'string' || action.type !== 'message') continue;
      const params = action.params ?? {};
      for (const text of [params.text, params.fallback]) if (typeof text === 'string') out.set(`${text}\u0000${name}`, { name, state: idOf(edge.source) });
    }
  }
  return out;
}

/** The step meta a product owner sees: its screen, route, progress, back policy, analytics, end, data. */
const STEP_KEYS = ['route', 'step', 'progress', 'back', 'track', 'end', 'data', 'public', 'history', 'aliases', 'params'] as const;

/** States added and removed, and their step meta changed. */
function stateChanges(a: JourneyGraph, b: JourneyGraph, oldId: IdOf): JourneyChange[] {
  const changes: JourneyChange[] = [];
  for (const node of a.nodes) if (!b.byId.has(oldId(node))) changes.push({ kind: 'state', change: 'removed', where: node.id });
  const olds = new Map(a.nodes.map((node) => [oldId(node), node]));
  for (const node of b.nodes) {
    const old = olds.get(node.id);
    if (!old) {
      changes.push({ kind: 'state', change: 'added', where: node.id, state: node.id, ...(node.meta.route ? { detail: `route ${node.meta.route}` } : {}) });
      continue;
    }
    for (const key of STEP_KEYS) {
      if (json(old.meta[key]) !== json(node.meta[key])) changes.push({ kind: 'step', change: 'changed', where: node.id, state: node.id, detail: `${key} ${json(old.meta[key])} → ${json(node.meta[key])}` });
    }
  }
  return changes;
}

/** A transition's guard and actions changed (a message's new words are said once, as a message change, not again as an action's). */
function branchChanges(name: string, old: GraphEdge, edge: GraphEdge): JourneyChange[] {
  const changes: JourneyChange[] = [];
  const state = edge.source.id;
  if (json(old.guard) !== json(edge.guard)) changes.push({ kind: 'guard', change: 'changed', where: name, state, detail: `${json(old.guard)} → ${json(edge.guard)}` });
  if (json(old.actions.map(withoutWords)) !== json(edge.actions.map(withoutWords))) {
    const names = (list: NamedRef[]) => list.map(refName).join(', ') || '(none)';
    const detail = names(old.actions) === names(edge.actions) ? `${names(edge.actions)}: their params` : `${names(old.actions)} → ${names(edge.actions)}`;
    changes.push({ kind: 'actions', change: 'changed', where: name, state, detail });
  }
  return changes;
}

/**
 * Transitions added and removed, and the guards and actions of the others changed; those a move
 * retargeted (`folded`) are said with the move instead. A renamed state's transitions are
 * compared under its new name.
 */
function transitionChanges(a: JourneyGraph, b: JourneyGraph, oldId: IdOf, folded: Set<string>): JourneyChange[] {
  const changes: JourneyChange[] = [];
  const edgesA = edgesByName(a, oldId);
  const edgesB = edgesByName(b);
  const inB = (node: GraphNode) => (b.byId.has(oldId(node)) ? { state: oldId(node) } : {});
  for (const [name, edge] of edgesA) if (!edgesB.has(name) && !folded.has(name)) changes.push({ kind: 'transition', change: 'removed', where: name, ...inB(edge.source) });
  for (const [name, edge] of edgesB) {
    const old = edgesA.get(name);
    if (old) changes.push(...branchChanges(name, old, edge));
    else if (!folded.has(name)) changes.push({ kind: 'transition', change: 'added', where: name, state: edge.source.id, ...(edge.guard ? { detail: `when ${json(edge.guard)}` } : {}) });
  }
  return changes;
}

/** The keys of a call's input given another value, added or removed. */
function inputChanges(where: string, old: InvokeConfig, invoke: InvokeConfig): JourneyChange[] {
  const inA = (old.input ?? {}) as Record<string, unknown>;
  const inB = (invoke.input ?? {}) as Record<string, unknown>;
  const changes: JourneyChange[] = [];
  for (const key of new Set([...Object.keys(inA), ...Object.keys(inB)])) {
    if (json(inA[key]) === json(inB[key])) continue;
    const what = !(key in inA) ? 'added' : !(key in inB) ? 'removed' : `${json(inA[key])} → ${json(inB[key])}`;
    changes.push({ kind: 'call', change: 'changed', where, detail: `${invoke.src} input "${key}" ${what}` });
  }
  return changes;
}

/** Calls added and removed by their state, another actor called, another input given. */
function callChanges(a: JourneyGraph, b: JourneyGraph, oldId: IdOf): JourneyChange[] {
  const callsOf = (g: JourneyGraph, idOf: IdOf) => new Map(g.invokes.map((i) => [idOf(i.node), i.invoke] as const));
  const callsA = callsOf(a, oldId);
  const callsB = callsOf(b, ownId);
  const changes: JourneyChange[] = [];
  for (const [where, invoke] of callsA) if (!callsB.has(where)) changes.push({ kind: 'call', change: 'removed', where, detail: invoke.src, ...(b.byId.has(where) ? { state: where } : {}) });
  for (const [where, invoke] of callsB) {
    const old = callsA.get(where);
    if (!old) changes.push({ kind: 'call', change: 'added', where, state: where, detail: invoke.src });
    else if (old.src !== invoke.src) changes.push({ kind: 'call', change: 'changed', where, state: where, detail: `${old.src} → ${invoke.src}` });
    else changes.push(...inputChanges(where, old, invoke).map((change) => ({ ...change, state: where })));
  }
  return changes;
}

/** Messages shown, removed and added, by their words and transition. */
function messageChanges(a: JourneyGraph, b: JourneyGraph, oldId: IdOf): JourneyChange[] {
  const wordsA = messagesOf(a, oldId);
  const wordsB = messagesOf(b, ownId);
  const changes: JourneyChange[] = [];
  const words = (key: string) => json(key.split('\u0000')[0]);
  for (const [key, { name, state }] of wordsA) if (!wordsB.has(key)) changes.push({ kind: 'message', change: 'removed', where: name, detail: words(key), ...(b.byId.has(state) ? { state } : {}) });
  for (const [key, { name, state }] of wordsB) if (!wordsA.has(key)) changes.push({ kind: 'message', change: 'added', where: name, state, detail: words(key) });
  return changes;
}

/** The data the journey declares (`meta.context`), by pointer. */
function dataChanges(before: JourneyConfig, after: JourneyConfig): JourneyChange[] {
  const dataA = before.meta?.context ?? {};
  const dataB = after.meta?.context ?? {};
  const changes: JourneyChange[] = [];
  for (const pointer of Object.keys(dataA)) if (!(pointer in dataB)) changes.push({ kind: 'data', change: 'removed', where: pointer });
  for (const [pointer, schema] of Object.entries(dataB)) {
    if (!(pointer in dataA)) changes.push({ kind: 'data', change: 'added', where: pointer });
    else if (json(dataA[pointer]) !== json(schema)) changes.push({ kind: 'data', change: 'changed', where: pointer, detail: `${json(dataA[pointer])} → ${json(schema)}` });
  }
  return changes;
}

/**
 * What differs in meaning between two versions of a journey, not in lines: first the edit's
 * intents, each state renamed and each step moved (met at another point of the sale, or under
 * another parent) with the progress numbers and the paths of `journeys:paths` it changes (the
 * paths left out with `paths: false`: exploring both versions takes a second or two); then states
 * (and their step meta) added, removed or changed; transitions added or removed (those a move
 * retargeted said with it), their guards and actions changed; calls (`invoke`) added, removed or
 * given another input; messages shown; the data the journey declares (`meta.context`); the sales
 * in progress the new version strands. A renamed state's transitions, calls and messages are
 * compared under its new name. A reordered file, reindented or with its states in another order,
 * has no change.
 *
 * @example diffJourneys(before, after) // [{ kind: 'step', change: 'renamed', from: 'cc.signedIn.sale.income', where: 'cc.signedIn.sale.customerIncome', ... }, ...]
 */
export function diffJourneys(before: JourneyConfig, after: JourneyConfig, { paths = true }: { paths?: boolean } = {}): JourneyChange[] {
  const a = buildJourneyGraph(before);
  const b = buildJourneyGraph(after);
  const intents = intentChanges(before, after, a, b, paths);
  const { oldId, folded } = intents;
  return [
    ...intents.changes,
    ...stateChanges(a, b, oldId),
    ...transitionChanges(a, b, oldId, folded),
    ...callChanges(a, b, oldId),
    ...messageChanges(a, b, oldId),
    ...dataChanges(before, after),
    ...strandedSales(a, b),
  ];
}

/** A state with the route its step shows: `cc.signedIn.sale.review (/revisar)`. */
const placeName = (node: GraphNode) => {
  const route = stepNodeOf(node)?.meta.route;
  return route ? `${node.id} (${route})` : node.id;
};

/**
 * The sales in progress the new version strands, and where each goes once the agents' app is
 * updated: every state a sale can be saved in (a step the agent waits on) of the old version
 * that the new one no longer has, decided as the app decides it (src/runtime/versionResume.ts):
 * where `formerStates` sends it, else the first step of its nearest parent still there, else a
 * fresh start.
 */
function strandedSales(a: JourneyGraph, b: JourneyGraph): JourneyChange[] {
  const changes: JourneyChange[] = [];
  for (const node of a.nodes) {
    if (!isRestingState(node)) continue;
    const place = resumePlace(b, node.path, node.id);
    if (place.kind === 'same') continue;
    const detail =
      place.kind === 'declared'
        ? `go to ${placeName(place.node)}, as formerStates.${place.from} says, told "${place.message}"`
        : place.kind === 'nearest'
          ? `go to ${placeName(place.node)}, the first step of ${place.within.id} (no formerStates entry names it), told "${place.message}"`
          : `start again from the beginning (nothing of their place is left and no formerStates entry names it), told "${place.message}"`;
    changes.push({ kind: 'inProgress', change: 'stranded', where: placeName(node), detail });
  }
  return changes;
}
