/**
 * A country's tours replayed in Chromium (`journeys:replay -- <cc> --tours --browser`): the few
 * walks from the sign-in that take every transition of the journey's paths, checked in Node
 * against the sandbox first (src/tools/replay/toursChecked.ts), one test per tour (or path, for
 * what no tour could take) against the app built once for the file.
 */
import { describe, expect, it } from 'vitest';
import { checkedTours } from '../../src/tools/replay/toursChecked';
import type { BrowserReplayOptions } from '../../src/tools/replay/browserReplay';
import { replaysEachToItsEnd, replaysOf } from './browserReplays';

/**
 * The country's checked tours (found before its tests are: their number is the journey's); a
 * screenshot only where a replay left its path, unless `screenshots` says each step (El
 * Salvador's tours keep the tester's gallery under test).
 */
export async function replaysTours(country: string, { screenshots = 'where it left' }: Pick<BrowserReplayOptions, 'screenshots'> = {}): Promise<void> {
  const { journey, replay } = replaysOf(country);
  const { chosen, leftOut } = await checkedTours(journey);
  describe(`journeys:replay -- ${country} --tours --browser`, () => {
    it('has tours that replay in Node for most of the journey, what is left to paths', () => {
      // A tour cut or replaced says why (a seed that cannot give two outcomes in one sale).
      for (const { name, why } of leftOut) console.warn(`${country} ${name}: ${why}`);
      // A tour cut where the seed cannot go on (Paraguay's are all cut) is a tour still.
      expect(chosen.filter((p) => /\/tour-\d+( \(cut\))?$/.test(p.name)).length).toBeGreaterThan(0);
    });
    replaysEachToItsEnd(country, replay, chosen, 300_000, { screenshots });
  });
}
