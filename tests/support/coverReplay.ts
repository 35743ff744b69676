/**
 * `npm run test:replay`: a country's branch cover (src/tools/paths/branchCover.ts, the fewest
 * paths that together take every transition) replayed in Chromium, one test per path against
 * the app built once for the country. Not part of `npm test`: a cover is 42 to 65 paths, 25 minutes or so
 * of browser time per country, more than CI's budget for `npm test` has room for (README).
 */
import { describe } from 'vitest';
import { branchCover } from '../../src/tools/paths/branchCover';
import { replaysEachToItsEnd, replaysOf } from './browserReplays';

/** The country's cover, a test per path: each reaches its end, a screenshot per step acted on and one of the end. */
export function replaysCover(country: string): void {
  describe(`journeys:replay -- ${country} --cover --browser`, () => {
    const { paths, replay } = replaysOf(country);
    replaysEachToItsEnd(country, replay, branchCover(paths), 180_000);
  });
}
