/**
 * The covering set of a journey's paths: the fewest paths of `journeyPaths` that, together, take
 * every transition any of them takes (`journeys:replay -- <cc> --cover [--browser]`): every path
 * of `--all` costs a build's page, a sandbox and a sale in the browser, and most of them share all
 * but their one branch with another path. CI's browser replay takes the tours instead (fewer
 * walks still: journeyTours.ts).
 */
import type { JourneyPath } from './journeyPaths';

/**
 * The transitions a path takes, each as `<state> --<event>--> <next state>`: the state it is
 * in, the event's type, and where it is next. The next state keeps apart the branches of one
 * event (a guard's yes and no lead to different states), which the state and event alone would
 * count as one.
 */
export function transitionsOf(path: JourneyPath): string[] {
  return path.steps.map((step, index) => `${step.stateId} --${step.event.type}--> ${(path.steps[index + 1] ?? path.end).stateId}`);
}

/**
 * The fewest paths, by a greedy set cover, that together take every transition the paths take
 * (or every one of `needed`):
 * again and again the path that takes the most transitions not yet taken (the shorter of two
 * alike, then the first), until none is left. Greedy is within a logarithm of the smallest set,
 * and finds it on journeys like these, where most paths add one branch to a common way; a path
 * the later choices made needless is dropped after. The paths keep the order they were given in.
 */
export function branchCover(paths: JourneyPath[], needed?: ReadonlySet<string>): JourneyPath[] {
  // Only the transitions `needed` (those other replays did not take), when given.
  const taken = paths.map((path) => new Set(transitionsOf(path).filter((t) => needed === undefined || needed.has(t))));
  const left = new Set(taken.flatMap((set) => [...set]));
  const chosen = new Set<number>();
  while (left.size > 0) {
    let best = -1;
    let bestGain = 0;
    for (const [index, set] of taken.entries()) {
      if (chosen.has(index)) continue;
      let gain = 0;
      for (const transition of set) if (left.has(transition)) gain += 1;
      const shorter = best >= 0 && gain === bestGain && (paths[index]?.steps.length ?? 0) < (paths[best]?.steps.length ?? 0);
      if (gain > bestGain || shorter) {
        best = index;
        bestGain = gain;
      }
    }
    // Every transition left is some path's, so a path with a gain is always found.
    if (best < 0) break;
    chosen.add(best);
    for (const transition of taken[best] ?? []) left.delete(transition);
  }
  // A path chosen early may be covered by those chosen after it: dropped, the last chosen kept.
  for (const index of [...chosen]) {
    const others = [...chosen].filter((other) => other !== index);
    const needed = [...(taken[index] ?? [])].some((transition) => !others.some((other) => taken[other]?.has(transition)));
    if (!needed) chosen.delete(index);
  }
  return paths.filter((_, index) => chosen.has(index));
}
