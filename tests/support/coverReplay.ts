/**
 * `npm run test:replay`: a country's branch cover (src/tools/paths/branchCover.ts, the fewest
 * paths that together take every transition) replayed in Chromium, one test per path against
 * the app built once for the country. Not part of `npm test`: a cover is 42 to 65 paths, 25 minutes or so
 * of browser time per country, more than CI's budget for `npm test` has room for (README).
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { branchCover } from '../../src/tools/paths/branchCover';
import { describeBrowserReplay } from '../../src/tools/replay/browserReplay';
import { replaysOf } from './browserReplays';

/** The country's cover, a test per path: each reaches its end, a screenshot per step acted on and one of the end. */
export function replaysCover(country: string): void {
  describe(`journeys:replay -- ${country} --cover --browser`, () => {
    const { paths, replay } = replaysOf(country);
    const cover = branchCover(paths);
    for (const path of cover) {
      it(`replays ${path.name} to ${path.end.route ?? path.end.stateId}`, { timeout: 180_000 }, async () => {
        const result = await replay(path);
        // The notes (a value not offered, another chosen) are said, as the command prints them.
        for (const note of result.notes) console.warn(`${country} ${path.name}: ${note}`);
        expect(result.ok, describeBrowserReplay(result)).toBe(true);
        expect(result.screenshots).toHaveLength(result.done.length + 1);
        expect(result.screenshots.every((file) => existsSync(file))).toBe(true);
      });
    }
  });
}
