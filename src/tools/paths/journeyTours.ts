/**
 * A journey's tours: a few long walks from the sign-in that, together, take every transition
 * `journeyPaths` takes. Each path of `--cover` starts again from the sign-in to take its one
 * branch, so a browser replay of the cover walks the same first screens fifty times over; a tour
 * goes on from where its last branch left it to the nearest branch not taken yet (an error, then
 * the retry it offers, then the next screen's error...), and to the nearest end only when no
 * branch is left within reach. What CI replays in Chromium (`journeys:replay -- <cc> --tours`).
 */
import { transitionsOf } from './branchCover';
import { endNames, exploreJourney, isCallEvent, journeyPaths, type JourneyPath, type Move } from './journeyPaths';
import type { CompiledJourney } from '../../runtime/compileJourney';

export interface ToursOptions {
  /**
   * A tour ends at the nearest end once it has this many steps (calls' answers counted): a
   * failure in the browser then costs one tour's branches, not the whole journey's.
   */
  maxSteps?: number;
  /** Only these transitions (`transitionsOf`'s) to take, when given: those other tours did not. */
  needed?: ReadonlySet<string>;
  /** The journey explored already (exploreJourney), when the caller has it: exploring is the slow part. */
  explored?: ReturnType<typeof exploreJourney>;
  /** Its paths (journeyPaths of that exploration), when the caller has them. */
  paths?: JourneyPath[];
  /** Tours are named `<end>/tour-<first>`, `<first + 1>`...: after those an earlier call made. */
  first?: number;
}

/** The moves of the explored journey out of each snapshot, by tier (the agent's from a settled journey, then while a call answers, then the shell's). */
function movesByTier(pools: Move[][]): Array<Map<string, Move[]>> {
  return pools.map((pool) => {
    const out = new Map<string, Move[]>();
    for (const move of pool) out.set(move.from, [...(out.get(move.from) ?? []), move]);
    return out;
  });
}

type Bundle = ReturnType<typeof exploreJourney>;

/** Where each snapshot is (its state, the screen it shows), asked again and again by the walks: described once. */
function placesOf({ explored, traversal }: Bundle) {
  const described = new Map(explored.keys.map((key) => [key, traversal.describe(explored.snapshotOf(key))]));
  const stateOf = (key: string) => described.get(key)?.stateId;
  return {
    screenOf: (key: string) => described.get(key)?.route,
    transition: (move: Move) => `${stateOf(move.from)} --${move.event.type}--> ${stateOf(move.to)}`,
  };
}

/**
 * Whether a snapshot shows the screen `route`, or is a call's state whose answers settle there:
 * a branch that comes back to the screen the tour is at (remembered: asked again and again).
 */
function comingBack(tiers: Array<Map<string, Move[]>>, screenOf: (key: string) => string | undefined) {
  const known = new Map<string, boolean>();
  const settles = (key: string, route: string | undefined) => {
    const seen = new Set([key]);
    for (let frontier = [key]; frontier.length > 0; ) {
      const next: string[] = [];
      for (const at of frontier) {
        const shown = screenOf(at);
        if (shown !== undefined) {
          if (shown === route) return true;
          continue;
        }
        for (const move of tiers[2]?.get(at) ?? []) {
          if (!isCallEvent(move.event.type) || seen.has(move.to)) continue;
          seen.add(move.to);
          next.push(move.to);
        }
      }
      frontier = next;
    }
    return false;
  };
  return (key: string, route: string | undefined) => {
    const asked = `${key}\u0000${route ?? ''}`;
    if (!known.has(asked)) known.set(asked, settles(key, route));
    return known.get(asked) as boolean;
  };
}

/** The moves from `from` back to it, the last one `target`: the way breadth first found. */
function wayTo(cameBy: Map<string, Move | null>, key: string, target: Move): Move[] {
  const way = [target];
  for (let at = cameBy.get(key); at; at = cameBy.get(at.from)) way.unshift(at);
  return way;
}

/**
 * The nearest branch not taken yet from a snapshot: the shortest way to (and through) a move
 * that takes a transition in `left` and can still reach an end, through no screen `behind` the
 * tour but the one it is at and the hubs. Loops first (a branch that comes back to this screen,
 * an error and its retry) before one that moves on; in each, the agent's moves from a settled
 * journey before those made while a call answers, before those the shell starts.
 */
type Places = ReturnType<typeof placesOf>;

function nearestBranch(bundle: Bundle, { screenOf, transition }: Places, left: Set<string>, hubs: Set<string | undefined>) {
  const tiers = movesByTier(bundle.explored.pools);
  const comesBack = comingBack(tiers, screenOf);
  return (from: string, behind: Set<string>): Move[] | undefined => {
    const here = screenOf(from);
    const open = (key: string) => {
      const route = screenOf(key);
      return route === undefined || route === here || hubs.has(route) || !behind.has(route);
    };
    for (const back of [true, false]) {
      for (const out of tiers) {
        const cameBy = new Map<string, Move | null>([[from, null]]);
        for (let frontier = [from]; frontier.length > 0; ) {
          const next: string[] = [];
          for (const key of frontier) {
            const moves = (out.get(key) ?? []).filter((m) => open(m.to));
            const target = moves.find((m) => left.has(transition(m)) && bundle.ways.leavesToEnd(m.to) && (!back || comesBack(m.to, here)));
            if (target) return wayTo(cameBy, key, target);
            for (const move of moves.filter((m) => !cameBy.has(m.to))) {
              cameBy.set(move.to, move);
              next.push(move.to);
            }
          }
          frontier = next;
        }
      }
    }
    return undefined;
  };
}

/**
 * One tour: from the start, to the nearest branch not taken yet, again and again until none is
 * in reach (or the tour is `maxSteps` long), then on to where the last one settles (a call's
 * state goes on to the screen its answer shows). A tour never goes back to a screen it has moved
 * on from (a second time through a step would be a second sale's: its phone already registered,
 * its order key used, which the sandbox refuses as a provider would), but to the hubs, the
 * screens every path goes through, where each sale starts (the sign-in, the home screen).
 */
function walkTour(bundle: Bundle, { screenOf, transition }: Places, left: Set<string>, nearest: ReturnType<typeof nearestBranch>, maxSteps: number): Move[] {
  const tour: Move[] = [];
  const behind = new Set<string>();
  let at = bundle.explored.start;
  for (let way = nearest(at, behind); way && tour.length < maxSteps; way = nearest(at, behind)) {
    for (const move of way) {
      left.delete(transition(move));
      const [was, is] = [screenOf(move.from), screenOf(move.to)];
      if (was !== undefined && was !== is) behind.add(was);
    }
    tour.push(...way);
    at = (way.at(-1) as Move).to;
  }
  if (tour.length === 0) return tour;
  for (let move = bundle.ways.wayOut(at)[0]; move && screenOf(at) === undefined; move = bundle.ways.wayOut(at)[0]) {
    left.delete(transition(move));
    tour.push(move);
    at = move.to;
  }
  return tour;
}

/**
 * Every transition of the journey's paths (or those `needed`) taken by tours, walked one after
 * the other from the start (walkTour). Named `<the state it ends at>/tour-<n>` (`coverageStatus.none/tour-4`),
 * `n` the order walked: tour 2 takes what tour 1 left, and so on, not a place in the file (moving
 * states leaves the tours as they were); a tour takes a dozen branches or more, too many to be
 * named by them.
 */
export function journeyTours(journey: CompiledJourney, { maxSteps = 120, needed, first = 1, ...options }: ToursOptions = {}): JourneyPath[] {
  const bundle = options.explored ?? exploreJourney(journey);
  const paths = options.paths ?? journeyPaths(journey, { explored: bundle }).paths;
  const left = new Set(paths.flatMap(transitionsOf).filter((t) => needed === undefined || needed.has(t)));
  const hubs = new Set(paths.map((p) => new Set(p.steps.map((step) => step.route))).reduce((all, one) => new Set([...all].filter((r) => one.has(r)))));
  const places = placesOf(bundle);
  const nearest = nearestBranch(bundle, places, left, hubs);
  const walk = () => (left.size > 0 ? walkTour(bundle, places, left, nearest, maxSteps) : []);
  const tours: Move[][] = [];
  // A start from which nothing is left to take ends it: journeyPaths took every transition from there, so it does not happen.
  for (let tour = walk(); tour.length > 0; tour = walk()) tours.push(tour);
  const endName = endNames(journey.graph);
  return tours.map((tour, index) => {
    const end = bundle.traversal.describe(bundle.explored.snapshotOf((tour.at(-1) as Move).to));
    return { name: `${endName(end.stateId)}/tour-${first + index}`, steps: tour.map(bundle.stepOf), end };
  });
}
