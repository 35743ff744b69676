import { describe, expect, it } from 'vitest';
import { transitionsOf } from '../../src/tools/paths/branchCover';
import { journeyPaths } from '../../src/tools/paths/journeyPaths';
import { checkedTours } from '../../src/tools/replay/toursChecked';
import { loadJourney } from '../support/journeyFiles';

// What CI's browser replay takes (`journeys:replay -- <cc> --tours`): the tours checked in Node
// against the sandbox, a tour the seed cannot give in one sale cut where it left, the rest by
// new tours, then by paths.
describe('checked tours (journeys:replay --tours)', () => {
  it("of Nicaragua take every transition of its paths, each replayed to its end in Node, those cut said with why", async () => {
    const journey = loadJourney('journeys/ni.json');
    const { chosen, leftOut } = await checkedTours(journey);
    const taken = new Set(chosen.flatMap(transitionsOf));
    expect(journeyPaths(journey).paths.flatMap(transitionsOf).filter((t) => !taken.has(t))).toEqual([]);
    expect(chosen.filter((p) => /\/tour-\d+/.test(p.name)).length).toBeGreaterThan(0);
    for (const { name, why } of leftOut) {
      expect(name).toMatch(/\/tour-\d+$/);
      expect(why).toMatch(/^left the path after \d+ event\(s\): expected /);
      // A tour that left is cut before the event where it left, or replaced.
      expect(chosen.some((p) => p.name === `${name} (cut)`) || chosen.some((p) => !/\/tour-/.test(p.name))).toBe(true);
    }
  }, 180_000);
});
