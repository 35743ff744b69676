import { describe, expect, it } from 'vitest';
import { branchCover, transitionsOf } from '../../src/tools/paths/branchCover';
import { exploreJourney, isCallEvent, journeyPaths, type JourneyPath } from '../../src/tools/paths/journeyPaths';
import { journeyTours } from '../../src/tools/paths/journeyTours';
import { seedEntryFor, type ReplayData } from '../../src/tools/replay/replayData';
import { loadJourney } from '../support/journeyFiles';

/** What a browser replay of the paths costs: the agent's events (a call's answer is not the agent's). */
const agentSteps = (paths: JourneyPath[]) => paths.reduce((n, p) => n + p.steps.filter((s) => !isCallEvent(s.event.type)).length, 0);

describe('journeyTours', () => {
  for (const country of ['sv', 'hn']) {
    describe(country, () => {
      const journey = loadJourney(`journeys/${country}.json`);
      const explored = exploreJourney(journey);
      const { paths } = journeyPaths(journey, { explored });
      const tours = journeyTours(journey, { explored });

      it("takes every transition of the journey's paths, in under a third of the cover's agent events", () => {
        const taken = new Set(tours.flatMap(transitionsOf));
        expect(paths.flatMap(transitionsOf).filter((t) => !taken.has(t))).toEqual([]);
        // The cover starts again from the sign-in for each branch: what tours are for.
        expect(agentSteps(tours) * 3).toBeLessThan(agentSteps(branchCover(paths)));
      });

      it('starts each tour where the paths start, and ends it on a screen', () => {
        const start = paths[0]?.steps[0]?.stateId;
        for (const tour of tours) {
          expect(tour.steps[0]?.stateId, tour.name).toBe(start);
          expect(tour.end.route, tour.name).toBeDefined();
        }
      });

      it('comes back to a screen only by a loop from it (a failure screen, then its retry), or to a screen every path goes through: never a second sale the sandbox would refuse', () => {
        const hubs = paths.map((p) => new Set(p.steps.map((s) => s.route))).reduce((all, one) => new Set([...all].filter((r) => one.has(r))));
        for (const tour of tours) {
          // The screens in the order shown, each once per arrival.
          const shown = tour.steps.map((s) => s.route).filter((r, i, all): r is string => r !== undefined && r !== all.slice(0, i).findLast((x) => x !== undefined));
          for (const [at, route] of shown.entries()) {
            const last = shown.lastIndexOf(route, at - 1);
            if (last < 0 || hubs.has(route)) continue;
            // Between its last visit and now, only screens the tour had not been to before it.
            const between = shown.slice(last + 1, at);
            const before = new Set(shown.slice(0, last));
            expect(between.filter((r) => before.has(r) && !hubs.has(r)), `${tour.name} back at ${route}`).toEqual([]);
          }
        }
      });

      it('takes only the transitions asked for, when asked', () => {
        const one = transitionsOf(paths.at(-1) as JourneyPath).at(-1) as string;
        const only = journeyTours(journey, { explored, needed: new Set([one]), first: 9 });
        expect(only).toHaveLength(1);
        expect(only[0]?.name).toMatch(/\/tour-9$/);
        expect(transitionsOf(only[0] as JourneyPath)).toContain(one);
      });
    });
  }
});

describe("the seed's replay entry of a tour's step", () => {
  // A tour types a client twice (two visits of the same step): what follows the first visit
  // decides the first, not an answer that comes after the second (the debtor typed where the tour
  // went on with the client who has plans: the replay left the tour in Node).
  it('is chosen by what follows it before the tour is back at that step', () => {
    const step = (stateId: string, type: string, output?: unknown) => ({ stateId, route: undefined, label: type, event: { type, ...(output === undefined ? {} : { output }) } });
    const tour: JourneyPath = {
      name: 'x/tour-1',
      steps: [
        step('typing', 'step.submit'),
        step('checking', 'xstate.done.actor.api.debts', { hasDebt: false }),
        step('home', 'step.newClient'),
        step('typing', 'step.submit'),
        step('checking', 'xstate.done.actor.api.plans', { plans: ['C-1'] }),
      ],
      end: { stateId: 'plans', route: '/planes' },
    };
    const data: ReplayData = {
      events: [
        { at: 'typing', when: { call: 'api.plans', pointer: '/plans/0', equals: 'C-1' }, data: { document: 'with plans' } },
        { at: 'typing', when: { call: 'api.debts', pointer: '/hasDebt', equals: false }, data: { document: 'no debt' } },
      ],
    };
    expect(seedEntryFor(data, tour, 0, 'typing')?.data).toEqual({ document: 'no debt' });
    expect(seedEntryFor(data, tour, 3, 'typing')?.data).toEqual({ document: 'with plans' });
  });
});
