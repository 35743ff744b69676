/**
 * What CI replays in Chromium (`journeys:replay -- <cc> --tours`): the journey's tours
 * (src/tools/paths/journeyTours.ts), each checked in Node against a fresh sandbox first. A tour
 * may put together branches the seed cannot give in one sale (the order rejected and its polling
 * given up, both decided by the client typed once): such a tour is cut at the screen before the
 * event where it left, and what it did not take goes to new tours, checked again; what is left
 * after a few rounds goes to the fewest of the journey's paths that take it.
 */
import type { CompiledJourney } from '../../runtime/compileJourney';
import { branchCover, transitionsOf } from '../paths/branchCover';
import { exploreJourney, isCallEvent, journeyPaths, type JourneyPath } from '../paths/journeyPaths';
import { journeyTours } from '../paths/journeyTours';
import { describeReplay, replayOnFreshSandbox } from './replayInNode';

export interface CheckedTours {
  /** The tours (whole or cut) that replay in Node, then the paths that take what they did not. */
  chosen: JourneyPath[];
  /** The tours that left in Node, each with where and why (`expected`: a known limit of the seed, src/tools/replay/seedLimits.ts). */
  leftOut: Array<{ name: string; why: string; expected?: string }>;
}

/**
 * A tour up to the screen where its `agentEvents`-th agent event was sent (the event after which
 * it left): none when it left at its first.
 */
function cutBefore(tour: JourneyPath, agentEvents: number, linkEvents: Set<string>): JourneyPath | undefined {
  const agents = tour.steps.flatMap((step, i) => (isCallEvent(step.event.type) ? [] : [i]));
  // Not where the journey waits for a return link: the browser is on the outside page there,
  // not on the step's route. The agent's step before it.
  let nth = agentEvents - 1;
  while (nth > 0 && linkEvents.has(tour.steps[agents[nth] ?? 0]?.event.type ?? '')) nth -= 1;
  const index = agents[nth] ?? -1;
  const at = tour.steps[index];
  if (index <= 0 || !at || at.route === undefined) return undefined;
  return { name: `${tour.name} (cut)`, steps: tour.steps.slice(0, index), end: { stateId: at.stateId, route: at.route } };
}

/** The tours checked in Node, each on a fresh sandbox, those that left cut and followed by new tours, then paths for the rest. */
export async function checkedTours(journey: CompiledJourney, { rounds = 3 } = {}): Promise<CheckedTours> {
  const explored = exploreJourney(journey);
  const { paths } = journeyPaths(journey, { explored });
  const linkEvents = new Set((journey.config.links ?? []).map((link) => link.event));
  const chosen: JourneyPath[] = [];
  const leftOut: CheckedTours['leftOut'] = [];
  const neededNow = () => {
    const taken = new Set(chosen.flatMap(transitionsOf));
    return new Set(paths.flatMap(transitionsOf).filter((t) => !taken.has(t)));
  };
  for (let round = 0, needed = neededNow(); round < rounds && needed.size > 0; round += 1, needed = neededNow()) {
    const tours = journeyTours(journey, { explored, paths, needed, first: chosen.length + leftOut.length + 1 });
    for (const tour of tours) {
      const result = await replayOnFreshSandbox(journey, tour, { tour: true });
      if (result.ok) {
        chosen.push(tour);
        continue;
      }
      leftOut.push({ name: tour.name, why: describeReplay(result), ...(result.expected ? { expected: result.expected } : {}) });
      // What it did before the event where it left, it did as the path says.
      const cut = cutBefore(tour, result.done.length, linkEvents);
      if (cut && (await replayOnFreshSandbox(journey, cut, { tour: true })).ok) chosen.push(cut);
    }
  }
  const needed = neededNow();
  return { chosen: [...chosen, ...(needed.size > 0 ? branchCover(paths, needed) : [])], leftOut };
}
