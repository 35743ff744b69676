import { buildJourneyGraph, stepNodeOf, type GraphEdge, type GraphNode, type JourneyGraph } from '../../pack/journeyGraph';
import type { InvokeConfig, JourneyConfig, NamedRef } from '../../pack/journeyTypes';
import { isRestingState, resumePlace } from '../../runtime/versionResume';

/** One change between two versions of a journey, in its own words. */
export interface JourneyChange {
  kind: 'state' | 'step' | 'transition' | 'guard' | 'actions' | 'call' | 'message' | 'data' | 'inProgress';
  /** `stranded`: the sales in progress at a state the new version no longer has, and where they go. */
  change: 'added' | 'removed' | 'changed' | 'stranded';
  /** Where: a state's id, or a transition as "state: event → target". */
  where: string;
  /** What changed, for a change: `route "/a" → "/b"`. */
  detail?: string;
}

const json = (value: unknown) => JSON.stringify(value ?? null);
const refName = (ref: NamedRef) => (typeof ref === 'string' ? ref : ref.type);

/** An action without a message's words (compared on their own). */
function withoutWords(ref: NamedRef): NamedRef {
  if (typeof ref === 'string' || ref.type !== 'message' || !ref.params) return ref;
  const params = Object.fromEntries(Object.entries(ref.params).filter(([key]) => key !== 'text' && key !== 'fallback'));
  return { ...ref, params };
}

/** A transition by what it is: its state, event and targets (file positions do not count). */
function edgeName(edge: GraphEdge): string {
  const targets = edge.targets.map((t) => t.node?.id ?? t.text).join(', ');
  return `${edge.source.id}: ${edge.label || 'always'} → ${targets || '(stays)'}`;
}

/** Each transition by name; branches alike in name (told apart by guards) get their order. */
function edgesByName(graph: JourneyGraph): Map<string, GraphEdge> {
  const out = new Map<string, GraphEdge>();
  for (const edge of graph.edges) {
    const base = edgeName(edge);
    let name = base;
    for (let n = 2; out.has(name); n++) name = `${base} #${n}`;
    out.set(name, edge);
  }
  return out;
}

/** Every message a transition shows (`message` actions' words). */
function messagesOf(graph: JourneyGraph): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, edge] of edgesByName(graph)) {
    for (const action of edge.actions) {
      if (typeof action === 'string' || action.type !== 'message') continue;
      const params = action.params ?? {};
      for (const text of [params.text, params.fallback]) if (typeof text === 'string') out.set(`${text}\u0000${name}`, name);
    }
  }
  return out;
}

/** The step meta a product owner sees: its screen, route, progress, back policy, analytics, end, data. */
const STEP_KEYS = ['route', 'step', 'progress', 'back', 'track', 'end', 'data', 'public', 'history', 'aliases', 'params'] as const;

/** States added and removed, and their step meta changed. */
function stateChanges(a: JourneyGraph, b: JourneyGraph): JourneyChange[] {
  const changes: JourneyChange[] = [];
  for (const node of a.nodes) if (!b.byId.has(node.id)) changes.push({ kind: 'state', change: 'removed', where: node.id });
  for (const node of b.nodes) {
    const old = a.byId.get(node.id);
    if (!old) {
      changes.push({ kind: 'state', change: 'added', where: node.id, ...(node.meta.route ? { detail: `route ${node.meta.route}` } : {}) });
      continue;
    }
    for (const key of STEP_KEYS) {
      if (json(old.meta[key]) !== json(node.meta[key])) changes.push({ kind: 'step', change: 'changed', where: node.id, detail: `${key} ${json(old.meta[key])} → ${json(node.meta[key])}` });
    }
  }
  return changes;
}

/** A transition's guard and actions changed (a message's new words are said once, as a message change, not again as an action's). */
function branchChanges(name: string, old: GraphEdge, edge: GraphEdge): JourneyChange[] {
  const changes: JourneyChange[] = [];
  if (json(old.guard) !== json(edge.guard)) changes.push({ kind: 'guard', change: 'changed', where: name, detail: `${json(old.guard)} → ${json(edge.guard)}` });
  if (json(old.actions.map(withoutWords)) !== json(edge.actions.map(withoutWords))) {
    const names = (list: NamedRef[]) => list.map(refName).join(', ') || '(none)';
    const detail = names(old.actions) === names(edge.actions) ? `${names(edge.actions)}: their params` : `${names(old.actions)} → ${names(edge.actions)}`;
    changes.push({ kind: 'actions', change: 'changed', where: name, detail });
  }
  return changes;
}

/** Transitions added and removed, and the guards and actions of the others changed. */
function transitionChanges(a: JourneyGraph, b: JourneyGraph): JourneyChange[] {
  const changes: JourneyChange[] = [];
  const edgesA = edgesByName(a);
  const edgesB = edgesByName(b);
  for (const name of edgesA.keys()) if (!edgesB.has(name)) changes.push({ kind: 'transition', change: 'removed', where: name });
  for (const [name, edge] of edgesB) {
    const old = edgesA.get(name);
    if (old) changes.push(...branchChanges(name, old, edge));
    else changes.push({ kind: 'transition', change: 'added', where: name, ...(edge.guard ? { detail: `when ${json(edge.guard)}` } : {}) });
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
function callChanges(a: JourneyGraph, b: JourneyGraph): JourneyChange[] {
  const callsOf = (g: JourneyGraph) => new Map(g.invokes.map((i) => [`${i.node.id}`, i.invoke] as const));
  const callsA = callsOf(a);
  const callsB = callsOf(b);
  const changes: JourneyChange[] = [];
  for (const [where, invoke] of callsA) if (!callsB.has(where)) changes.push({ kind: 'call', change: 'removed', where, detail: invoke.src });
  for (const [where, invoke] of callsB) {
    const old = callsA.get(where);
    if (!old) changes.push({ kind: 'call', change: 'added', where, detail: invoke.src });
    else if (old.src !== invoke.src) changes.push({ kind: 'call', change: 'changed', where, detail: `${old.src} → ${invoke.src}` });
    else changes.push(...inputChanges(where, old, invoke));
  }
  return changes;
}

/** Messages shown, removed and added, by their words and transition. */
function messageChanges(a: JourneyGraph, b: JourneyGraph): JourneyChange[] {
  const wordsA = messagesOf(a);
  const wordsB = messagesOf(b);
  const changes: JourneyChange[] = [];
  for (const [key, name] of wordsA) if (!wordsB.has(key)) changes.push({ kind: 'message', change: 'removed', where: name, detail: json(key.split('\u0000')[0]) });
  for (const [key, name] of wordsB) if (!wordsA.has(key)) changes.push({ kind: 'message', change: 'added', where: name, detail: json(key.split('\u0000')[0]) });
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
 * What differs in meaning between two versions of a journey, not in lines: states (and their
 * step meta) added, removed or changed; transitions added or removed, their guards and actions
 * changed; calls (`invoke`) added, removed or given another input; messages shown; the data the
 * journey declares (`meta.context`). A reordered file, reindented or with its states in another
 * order, has no change.
 *
 * @example diffJourneys(before, after) // [{ kind: 'call', change: 'added', where: 'cc.signedIn.sale.checking', detail: 'api.check' }, ...]
 */
export function diffJourneys(before: JourneyConfig, after: JourneyConfig): JourneyChange[] {
  const a = buildJourneyGraph(before);
  const b = buildJourneyGraph(after);
  return [...stateChanges(a, b), ...transitionChanges(a, b), ...callChanges(a, b), ...messageChanges(a, b), ...dataChanges(before, after), ...strandedSales(a, b)];
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

/** A change on one line: `+ call cc.signedIn.sale.checking: api.check`. */
export function formatChange(change: JourneyChange): string {
  if (change.change === 'stranded') return `! sales in progress at ${change.where} ${change.detail ?? ''}`;
  const sign = change.change === 'added' ? '+' : change.change === 'removed' ? '-' : '~';
  return `${sign} ${change.kind} ${change.where}${change.detail ? `: ${change.detail}` : ''}`;
}
