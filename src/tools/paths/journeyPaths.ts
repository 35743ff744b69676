import type { AnyActorLogic } from 'xstate';
import { getAdjacencyMap, type Step } from 'xstate/graph';
import { activeNodes } from '../../pack/activeNodes';
import { currentStep, type CompiledJourney, type JourneySnapshot } from '../../runtime/compileJourney';
import { evaluateGuard, nestedGuards } from '../../runtime/guards';
import { getAt } from '../../pack/jsonPointer';
import { enteredLeaf, stepNodeOf, type GraphEdge, type GraphNode, type JourneyGraph } from '../../pack/journeyGraph';
import type { NamedRef } from '../../pack/journeyTypes';
import type { JourneyEvent, PackEvent } from '../../runtime/journeyEvents';
import { contextPointer } from '../../runtime/scope';
import { branchNames, stateNames } from './branchNames';
import { moveOrder } from './moveOrder';

/** An event of a path: built from a branch's example in the journey file, so any name with any values. */
type PathEvent = PackEvent;

/** One step of a path: where the journey was, and the event that moved it on. */
export interface PathStep {
  stateId: string;
  route: string | undefined;
  label: string;
  event: PathEvent;
}

/** A path from the start to a terminal step (meta.end) or a final state. */
export interface JourneyPath {
  /**
   * Its name, stable across edits elsewhere in the file and across moving states or transitions
   * in it: the terminal state it ends at, then the branch it was made to take (src/tools/paths/branchNames.ts:
   * the state, its event, what tells it from branches alike, where it leads),
   * `orderSuccess/emailChecking.error.registering`, `orderSuccess/verifyPhone.verifying.done[action=OTP Expirado].waiting`.
   */
  name: string;
  steps: PathStep[];
  end: { stateId: string; route: string | undefined };
}

export interface JourneyPathsResult {
  paths: JourneyPath[];
  /** Transition branches no path takes: their example does not lead there (or none is written). */
  uncovered: GraphEdge[];
}

/** Every `/context/...` pointer a guard reads: two snapshots alike in these decide alike. */
function guardReads(edges: GraphEdge[]): string[] {
  const reads = new Set<string>();
  const visit = (ref: NamedRef) => {
    if (typeof ref === 'string' || !ref.params) return;
    for (const value of Object.values(ref.params)) {
      if (typeof value === 'string' && value.startsWith('/context')) reads.add(value);
    }
    nestedGuards(ref.params).forEach(visit);
  };
  for (const edge of edges) if (edge.guard) visit(edge.guard);
  return [...reads].sort();
}

/** The events that try an edge: one per example written on it (none written: the bare event). */
function eventsOf(edge: GraphEdge): PathEvent[] {
  const meta = edge.transition.meta;
  const examples = meta?.examples ?? [meta?.example ?? {}];
  return examples.map((example) => ({ ...example, type: edge.event }));
}

/**
 * Where a journey waits for a deep link: the states a transition that leaves for an outside page
 * (`leave`) lands in, where the page's return link comes (its event on the journey's own `on`).
 * Keyed by the state entered (the step's own state waiting there, not the step's others: a return
 * link comes after the page was left for, so a path sends it from there).
 */
function awaitingLinks(graph: JourneyGraph): Map<GraphNode, GraphEdge[]> {
  const linkEvents = new Set((graph.config.links ?? []).map((link) => link.event));
  const linkEdges = (graph.outgoing.get(graph.root) ?? []).filter((e) => linkEvents.has(e.event));
  const leaves = (edge: GraphEdge) => edge.actions.some((a) => (typeof a === 'string' ? a : a.type) === 'leave');
  const landed = graph.edges.filter(leaves).flatMap((e) => e.targets.map((t) => t.node && (enteredLeaf(t.node) ?? t.node)));
  return new Map(landed.filter((n): n is GraphNode => n !== undefined).map((n) => [n, linkEdges]));
}

/** The edges that can fire in a snapshot, innermost state first, as XState picks them. */
function candidates(graph: JourneyGraph, snapshot: JourneySnapshot, awaiting = new Map<GraphNode, GraphEdge[]>()): GraphEdge[] {
  const active = activeNodes(graph, snapshot.value);
  const leaf = active[active.length - 1] as GraphNode;
  const step = stepNodeOf(leaf);
  const within = (node: GraphNode) => node === leaf || (step !== undefined && active.indexOf(node) >= active.indexOf(step));
  const own = active.filter(within).flatMap((n) => (graph.outgoing.get(n) ?? []).filter((e) => e.kind !== 'always'));
  // A step no transition of which (its states' included) leads out of it (a report, a
  // bulletin, a report whose cancel reloads it) is left by its parents'.
  const home = step ?? leaf;
  const inStep = (node: GraphNode | undefined) => {
    for (let n = node; n; n = n.parent) if (n === home) return true;
    return false;
  };
  const stuck = own.every((e) => e.targets.length === 0) || !graph.edges.some((e) => inStep(e.source) && e.targets.some((t) => t.node !== undefined && !inStep(t.node)));
  const out: GraphEdge[] = [];
  for (const node of [...active].reverse()) {
    if (!within(node) && !stuck && enteredLeaf(node) !== leaf) continue;
    for (const edge of graph.outgoing.get(node) ?? []) if (edge.kind !== 'always') out.push(edge);
  }
  // Back from an outside page: the journey's return links, where it waits for them.
  for (const edge of awaiting.get(leaf) ?? []) if (!out.includes(edge)) out.push(edge);
  return out;
}

/**
 * How the journey is explored: the machine, the events tried in each snapshot (each branch's
 * examples), when two snapshots count as the same, which end the journey and which wait on a
 * call; and which branch an event takes. Shared by the paths and their benchmark against
 * xstate's own path functions (scripts/bench/journeyPaths.ts).
 */
export function journeyTraversal(journey: CompiledJourney) {
  const { graph } = journey;
  const reads = guardReads(graph.edges);
  const awaiting = awaitingLinks(graph);
  const serialize = (snapshot: JourneySnapshot) =>
    JSON.stringify([snapshot.value, reads.map((p) => getAt(snapshot.context, contextPointer(p)) ?? null)]);
  const describe = (snapshot: JourneySnapshot) => {
    const active = activeNodes(graph, snapshot.value);
    return { stateId: (active[active.length - 1] as GraphNode).id, route: currentStep(journey, snapshot)?.route };
  };
  /**
   * A state the journey marks busy, or one that waits on a call to move on (its answer leads
   * elsewhere). A call whose answer stays (a step's data loading behind its screen) does not
   * count: its state is the same before and after, and the replay waits for its answer anyway.
   */
  const callStates = new Set(graph.edges.filter((e) => (e.kind === 'done' || e.kind === 'error') && e.targets.some((t) => t.node !== undefined && t.node !== e.source)).map((e) => e.source));
  const inFlight = (snapshot: JourneySnapshot) => snapshot.hasTag('busy') || activeNodes(graph, snapshot.value).some((node) => callStates.has(node));
  const terminal = (snapshot: JourneySnapshot) => snapshot.status === 'done' || currentStep(journey, snapshot)?.end === true;

  /** Which branch an event takes: the first candidate for its type whose guard passes. */
  const branchTaken = (snapshot: JourneySnapshot, event: PathEvent): GraphEdge | undefined => {
    const scope = { context: snapshot.context, event };
    return candidates(graph, snapshot, awaiting).find((e) => e.event === event.type && (e.guard === undefined || evaluateGuard(e.guard, scope)));
  };

  const events = (snapshot: JourneySnapshot) => {
    const out = new Map<string, PathEvent>();
    for (const edge of candidates(graph, snapshot, awaiting)) {
      for (const event of eventsOf(edge)) out.set(JSON.stringify(event), event);
    }
    return [...out.values()];
  };

  // xstate/graph takes logic that emits any event (ActorLogic's emitted type is invariant), and
  // the journey's machine emits its records (JourneyEmitted): given to it as any logic, its
  // snapshots and events named again where it is called.
  const logic: AnyActorLogic = journey.machine;
  // An agent starts by signing in: the events the shell sends by itself at any moment (`app.*`,
  // a page opened at /redirect or at one of the journey's deep links) come last, so a shortest
  // way in takes them only for their own branch, or where the journey waits on one (a payment
  // page's return link).
  const linkEvents = new Set((journey.config.links ?? []).map((link) => link.event));
  // A return link where the journey waits for it (the state a leave landed in) is the person's
  // own next move, as a tap is: a path takes it there before anywhere else.
  const awaited = (event: PathEvent, snapshot: JourneySnapshot | undefined) =>
    snapshot !== undefined && (awaiting.get(activeNodes(graph, snapshot.value).at(-1) as GraphNode) ?? []).some((e) => e.event === event.type);
  const byShell = (event: PathEvent, snapshot?: JourneySnapshot) => event.type.startsWith('app.') || (linkEvents.has(event.type) && !awaited(event, snapshot));
  return { logic, events, serialize, describe, inFlight, terminal, branchTaken, byShell };
}

type JourneyTraversal = ReturnType<typeof journeyTraversal>;

/** One move of the explored journey: from a snapshot (by its key) to another, by an event. */
export type Move = { from: string; to: string; event: PathEvent };

type Pools = [settled: Move[], agent: Move[], all: Move[]];

/**
 * The journey explored: its snapshots by key (the first is the start) and the moves between
 * them, in three pools: the agent's from a settled journey, then also the agent's made while a
 * call answers, then also those the shell starts. `keys` and `pools` come in xstate's order (the
 * file's, where two are as near the start); `ordered` holds the same in an order the file's does
 * not decide (moveOrder.ts), of which the paths' shortest ways take the first, so that two events
 * of a state swapped in the file leave every path and its name as they were. The tours keep
 * walking `pools` (journeyTours.ts): their nearest branch ties at almost every turn, and walked
 * in `ordered` most tours changed (all of one country's), where few paths do.
 */
export interface Explored {
  keys: string[];
  start: string;
  snapshotOf: (key: string) => JourneySnapshot;
  pools: Pools;
  ordered: { keys: string[]; pools: Pools; compare: (a: Move, b: Move) => number };
}

function explore(traversal: JourneyTraversal, limit: number): Explored {
  const { logic, events, serialize, inFlight, byShell } = traversal;
  const adjacency = Object.entries(getAdjacencyMap<JourneySnapshot, JourneyEvent, unknown>(logic, { events, serializeState: serialize, limit }));
  const keys = adjacency.map(([key]) => key);
  const snapshots = new Map(adjacency.map(([key, { state }]) => [key, state]));
  const snapshotOf = (key: string) => snapshots.get(key) as JourneySnapshot;
  // The app's buttons wait while a call is in flight (src/app/journeyBusy.ts): an agent acts
  // once the journey is settled, so a way that has them act meanwhile is taken only when no
  // other reaches that branch (a replay against a real provider could not wait in between).
  const busy = new Map(keys.map((key) => [key, inFlight(snapshotOf(key))]));
  const whileBusy = (move: Move) => !isCallEvent(move.event.type) && busy.get(move.from) === true;
  const tier = (move: Move) => (byShell(move.event, snapshotOf(move.from)) ? 2 : whileBusy(move) ? 1 : 0);
  const moves: Move[] = adjacency
    .flatMap(([from, { transitions }]) => Object.values<Step<JourneySnapshot, JourneyEvent>>(transitions).map(({ state, event }) => ({ from, to: serialize(state), event })))
    .sort((a, b) => tier(a) - tier(b));
  const pools: Pools = [moves.filter((m) => tier(m) === 0), moves.filter((m) => tier(m) <= 1), moves];
  const start = keys[0] as string;
  const order = moveOrder(start, moves);
  const ordered = { ...order, pools: pools.map((pool) => [...pool].sort(order.compare)) as Pools };
  return { keys, start, snapshotOf, pools, ordered };
}

/** A pool's moves by the snapshot they leave (`from`) or lead to (`to`), each list in the pool's order. */
function movesBy(pool: Move[], side: 'from' | 'to'): Map<string, Move[]> {
  const by = new Map<string, Move[]>();
  for (const move of pool) {
    const list = by.get(move[side]);
    if (list) list.push(move);
    else by.set(move[side], [move]);
  }
  return by;
}

/**
 * One layer of the walk back from the ends: each snapshot not known yet with a move into
 * `frontier`, by the first of those moves in `compare`'s order (each of the frontier's ways out
 * chosen so already: of two ways out as short, the one whose first differing move comes first),
 * whatever order the frontier comes in.
 */
function layerBack(frontier: string[], into: Map<string, Move[]> | undefined, known: Map<string, Move | null>, compare: (a: Move, b: Move) => number): Map<string, Move> {
  const chosen = new Map<string, Move>();
  for (const key of frontier) {
    for (const move of into?.get(key) ?? []) {
      if (known.has(move.from) || move.from === move.to) continue;
      const found = chosen.get(move.from);
      if (!found || compare(move, found) < 0) chosen.set(move.from, move);
    }
  }
  return chosen;
}

/**
 * The shortest way into each snapshot from the start, and out of it to a terminal one: breadth
 * first, the agent's own moves from a settled journey first, then those made while a call
 * answers, then any the shell starts, so that a state the agent can reach (or leave) by itself is
 * never reached (or left) through a shell event. Of two ways as short, the one whose first
 * differing move comes first in the explored journey's `ordered` moves, not the file's first.
 */
function shortestWays({ start, snapshotOf, ordered: { keys, pools, compare } }: Explored, terminal: JourneyTraversal['terminal']) {
  // Each pool's moves by where they leave from and where they lead (in the pool's order): a
  // frontier's key looks up its own moves, not every move of the journey.
  const outOf = pools.map((pool) => movesBy(pool, 'from'));
  const into = pools.map((pool) => movesBy(pool, 'to'));
  const spread = (seeds: string[], known: { has: (k: string) => boolean }, layer: (frontier: string[], tier: number) => string[]) => {
    for (const [tier] of pools.entries()) {
      for (let frontier = tier === 0 ? seeds : keys.filter((k) => known.has(k)); frontier.length > 0; ) frontier = layer(frontier, tier);
    }
  };
  // Into a snapshot by the first move found: a frontier comes in the order of its ways (from the
  // start, or from `ordered.keys`), so of two as short the one whose first differing move comes first.
  const inbound = new Map<string, Move>();
  const reached = new Set([start]);
  spread([start], reached, (frontier, tier) =>
    frontier.flatMap((key) =>
      (outOf[tier]?.get(key) ?? []).flatMap((move) => {
        if (reached.has(move.to)) return [];
        reached.add(move.to);
        inbound.set(move.to, move);
        return [move.to];
      }),
    ),
  );
  const outbound = new Map<string, Move | null>(keys.filter((k) => terminal(snapshotOf(k))).map((k) => [k, null]));
  spread([...outbound.keys()], outbound, (frontier, tier) => {
    const chosen = layerBack(frontier, into[tier], outbound, compare);
    for (const [from, move] of chosen) outbound.set(from, move);
    return [...chosen.keys()];
  });
  const wayIn = (key: string): Move[] => {
    const way: Move[] = [];
    for (let at = key; at !== start; ) {
      const move = inbound.get(at) as Move;
      way.unshift(move);
      at = move.from;
    }
    return way;
  };
  const wayOut = (key: string): Move[] => {
    const way: Move[] = [];
    for (let move = outbound.get(key); move; move = outbound.get(move.to)) way.push(move);
    return way;
  };
  return { reached, leavesToEnd: (key: string) => outbound.has(key), wayIn, wayOut };
}

/**
 * For each branch of the file, the first move (nearest the start) that takes it, from a settled
 * journey where it can be; of moves as near, the first in the explored journey's `ordered` moves.
 */
function firstMoves({ snapshotOf, ordered: { pools } }: Explored, ways: ReturnType<typeof shortestWays>, branchTaken: JourneyTraversal['branchTaken']): Map<GraphEdge, Move> {
  const cover = new Map<GraphEdge, Move>();
  const byDistance = [...ways.reached];
  for (const pool of [pools[0], pools[2]]) {
    const outOf = movesBy(pool, 'from');
    for (const key of byDistance) {
      for (const move of outOf.get(key) ?? []) {
        if (!ways.leavesToEnd(move.to)) continue;
        const edge = branchTaken(snapshotOf(key), move.event);
        if (edge && !cover.has(edge)) cover.set(edge, move);
      }
    }
  }
  return cover;
}

/** A move as a path's step: where the journey was, the branch's label, the event. */
const stepOfMove =
  (explored: Explored, { describe, branchTaken }: JourneyTraversal) =>
  (move: Move): PathStep => {
    const from = explored.snapshotOf(move.from);
    const edge = branchTaken(from, move.event);
    return { ...describe(from), label: edge?.label ?? move.event.type, event: move.event };
  };

/**
 * The journey explored as the paths are built from it: its snapshots and moves, the shortest way
 * into and out of each, and a move as a path's step (src/tools/paths/journeyTours.ts walks it too).
 */
export function exploreJourney(journey: CompiledJourney, limit = 50_000) {
  const traversal = journeyTraversal(journey);
  const explored = explore(traversal, limit);
  const ways = shortestWays(explored, traversal.terminal);
  return { traversal, explored, ways, stepOf: stepOfMove(explored, traversal) };
}

/**
 * One path per branch (the way in to its move, the move, the way out), a way taken by several
 * branches kept once and named after the first of them on it, where it leaves the ways before
 * it (the error, not the retry after it: `pendingDebt/clientChecking.error.clientInfoFailed`;
 * the sign-in for the straight way to an end: `pendingDebt/landing.submit.signingIn`): by where
 * the way goes, not by which branch the file lists first.
 */
function pathsOf(explored: Explored, ways: ReturnType<typeof shortestWays>, cover: Map<GraphEdge, Move>, traversal: JourneyTraversal, graph: JourneyGraph): JourneyPath[] {
  const { describe } = traversal;
  const names = branchNames(graph);
  const endName = endNames(graph);
  const stepOf = stepOfMove(explored, traversal);
  const byWay = new Map<string, { way: Move[]; edge: GraphEdge; at: number }>();
  for (const [edge, move] of cover) {
    const wayIn = ways.wayIn(move.from);
    const way = [...wayIn, move, ...ways.wayOut(move.to)];
    const key = JSON.stringify(way.map((m) => [m.from, m.event]));
    const known = byWay.get(key);
    // A move takes one branch, so two branches of one way are taken at two places on it: the
    // nearer the start names it, whichever the cover lists first (no tie for the file to break).
    if (!known || wayIn.length < known.at) byWay.set(key, { way, edge, at: wayIn.length });
  }
  return [...byWay.values()].map(({ way, edge }) => {
    const last = way.length > 0 ? (way[way.length - 1] as Move).to : explored.start;
    const end = describe(explored.snapshotOf(last));
    return { name: `${endName(end.stateId)}/${names.get(edge) ?? edge.pointer}`, steps: way.map(stepOf), end };
  });
}

/**
 * The journey's paths to its terminal steps: a set that takes every transition branch of the
 * file at least once (where the branch's example leads there), each path the shortest way from
 * the start to that branch and on to the nearest terminal step (meta.end) or final state.
 *
 * Built on xstate's graph utilities: `getAdjacencyMap` explores the machine with, in each
 * state, the events its transitions name, carrying the `meta.example` of each branch; guards
 * run for real on them. Snapshots count as the same state when their state value and every
 * context value a guard reads are equal, so retry counters unroll. Transitions declared on a
 * parent above the current step (the sidebar's `menu.*`, `session.*`) are tried from the
 * parent's first step only: that takes each once without multiplying the states explored.
 */
export function journeyPaths(journey: CompiledJourney, options: { limit?: number; explored?: ReturnType<typeof exploreJourney> } = {}): JourneyPathsResult {
  const { traversal, explored, ways } = options.explored ?? exploreJourney(journey, options.limit);
  const cover = firstMoves(explored, ways, traversal.branchTaken);
  const paths = pathsOf(explored, ways, cover, traversal, journey.graph);
  // The agent's ways first (from the sign-in), then those the shell starts; by end, then length, then name.
  const shellStarted = (p: JourneyPath) => (p.steps[0] && traversal.byShell(p.steps[0].event) ? 1 : 0);
  paths.sort((a, b) => shellStarted(a) - shellStarted(b) || (a.end.route ?? '').localeCompare(b.end.route ?? '') || a.steps.length - b.steps.length || a.name.localeCompare(b.name));
  const uncovered = journey.graph.edges.filter((e) => e.kind !== 'always' && !cover.has(e));
  return { paths, uncovered };
}

/** What the journey does by itself, not the agent: a call's answer, a delay that passed. */
export const isCallEvent = (type: string) => type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.') || type.startsWith('xstate.after.');

/**
 * Where a path or a tour ends, by the state's name (its step and its place in it: `orderSuccess`,
 * `coverageStatus.none`), from its id.
 */
export function endNames(graph: JourneyGraph): (stateId: string) => string {
  const names = stateNames(graph);
  return (stateId) => {
    const node = graph.byId.get(stateId);
    return (node && names.get(node)) ?? stateId.split('.').pop() ?? stateId;
  };
}

/** A path on one line: steps by route (calls in flight by state name) joined by their events. */
export function formatPath(path: JourneyPath): string {
  const place = (s: { stateId: string; route: string | undefined }) => s.route ?? `(${s.stateId.split('.').pop()})`;
  return `${path.name}: ${[...path.steps.map((s) => `${place(s)} --${s.label}-->`), place(path.end)].join(' ')}`;
}
