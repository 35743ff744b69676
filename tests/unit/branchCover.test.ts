import { describe, expect, it } from 'vitest';
import { branchCover, transitionsOf } from '../../src/tools/paths/branchCover';
import { journeyPaths, type JourneyPath } from '../../src/tools/paths/journeyPaths';
import { loadJourney } from '../support/journeyFiles';

/** A path through the states named, each left by the event after it: `['a', 'go', 'b', 'next', 'c']`. */
function pathThrough(name: string, ...places: string[]): JourneyPath {
  const steps: JourneyPath['steps'] = [];
  for (let i = 0; i + 2 < places.length; i += 2) {
    steps.push({ stateId: places[i] as string, route: undefined, label: places[i + 1] as string, event: { type: places[i + 1] as string } });
  }
  return { name, steps, end: { stateId: places.at(-1) as string, route: undefined } };
}

const everyTransition = (paths: JourneyPath[]) => new Set(paths.flatMap(transitionsOf));

describe('branchCover', () => {
  it('keeps a path whose one transition no other path takes, and drops the paths others cover', () => {
    const long = pathThrough('long', 'a', 'go', 'b', 'next', 'c', 'next', 'd');
    const short = pathThrough('short', 'a', 'go', 'b', 'next', 'c');
    const aside = pathThrough('aside', 'a', 'go', 'b', 'back', 'a', 'go', 'b', 'next', 'c');
    expect(branchCover([short, long, aside]).map((p) => p.name)).toEqual(['long', 'aside']);
  });

  it("tells a guard's branches apart by where they lead", () => {
    const yes = pathThrough('yes', 'a', 'check', 'ok');
    const no = pathThrough('no', 'a', 'check', 'refused');
    expect(branchCover([yes, no]).map((p) => p.name)).toEqual(['yes', 'no']);
  });

  it('of the paths alike in what they add, takes the shorter', () => {
    const longer = pathThrough('longer', 'a', 'x', 'b', 'y', 'c');
    const shorter = pathThrough('shorter', 'a', 'x', 'b');
    expect(branchCover([longer, shorter].slice(1)).map((p) => p.name)).toEqual(['shorter']);
    expect(branchCover([pathThrough('one', 'a', 'x', 'b'), pathThrough('two', 'a', 'x', 'b')]).map((p) => p.name)).toEqual(['one']);
  });

  for (const country of ['sv', 'hn']) {
    it(`takes every transition of ${country}'s paths with fewer of them, none left out`, () => {
      const { paths } = journeyPaths(loadJourney(`journeys/${country}.json`));
      const cover = branchCover(paths);
      expect(cover.length).toBeLessThan(paths.length);
      expect(everyTransition(cover)).toEqual(everyTransition(paths));
      // Each path of the cover is needed: without it, a transition is left out.
      for (const path of cover) {
        const without = everyTransition(cover.filter((p) => p !== path));
        expect(transitionsOf(path).some((t) => !without.has(t)), `${path.name} adds nothing`).toBe(true);
      }
    });
  }
});
