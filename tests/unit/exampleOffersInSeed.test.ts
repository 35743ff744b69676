import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A journey's examples are what its paths replay with: an offer an example names that the
// country's seed does not sell is replaced by the browser replay with one the sandbox offers (a
// note, and a failure with --strict). Honduras's offer toggle named `HN-TRIPLE-50`, an offer its
// catalog never had (its price, L 1,150, was `HN-DOBLE-50`'s), so 33 of its paths replayed with
// another offer.

const read = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8')) as unknown;

/** Every `planId` written inside a `meta.example` or `meta.examples` of the journey. */
function examplePlanIds(node: unknown, inExample = false, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) examplePlanIds(item, inExample, found);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (inExample && key === 'planId' && typeof value === 'string') found.add(value);
      examplePlanIds(value, inExample || key === 'example' || key === 'examples', found);
    }
  }
  return found;
}

const countries = readdirSync('journeys')
  .filter((file) => file.endsWith('.json'))
  .map((file) => basename(file, '.json'))
  .filter((cc) => existsSync(join('src/sandbox/seed', cc, 'catalog.json')));

describe('the offers the journeys\' examples name', () => {
  it('finds a country with a seed catalog to check', () => {
    expect(countries).toContain('hn');
  });

  it.each(countries)('are offers the seed\'s catalog sells (%s)', (cc) => {
    const catalog = read(join('src/sandbox/seed', cc, 'catalog.json')) as { offers: Array<{ planId: string }> };
    const sold = new Set(catalog.offers.map((offer) => offer.planId));
    const named = [...examplePlanIds(read(join('journeys', `${cc}.json`)))];
    expect(named.filter((planId) => !sold.has(planId))).toEqual([]);
  });
});
