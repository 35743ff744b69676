/**
 * `npm run test:replay`: every path of a country's journey (`journeys:paths`) replayed in
 * Chromium, one test per path against the app built once for the country: what
 * `npm run journeys:replay -- <cc> --all --browser` does, as tests. Not part of `npm test`: a
 * country has 52 to 80 paths, 7 to 15 minutes of a worker each, more than CI's budget has
 * room for (README); CI replays each country's tours in Chromium instead (tests/e2e/*Tours.test.ts).
 */
import { describe } from 'vitest';
import { replaysEachToItsEnd, replaysOf } from './browserReplays';

/** The country's paths, a test per path: each reaches its end, a screenshot of where one left it. */
export function replaysAll(country: string): void {
  describe(`journeys:replay -- ${country} --all --browser`, () => {
    const { paths, replay } = replaysOf(country);
    replaysEachToItsEnd(country, replay, paths, 180_000, { screenshots: 'where it left' });
  });
}
