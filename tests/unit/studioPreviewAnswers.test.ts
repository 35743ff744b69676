import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { JourneyConfig } from '../../src/pack/journeyTypes';
import { answeredJourneyData } from '../../src/studio/server/panels/answeredJourneyData';
import { closePreviewSandbox, previewCaller } from '../../src/studio/server/panels/previewSandbox';
import { exampleJourneyData } from '../../src/studio/sampleData';

// Issue #37: the studio's previews answered every provider call with "no provider", so the
// offers step showed the journey's one example offer and the map no coverage areas. The
// studio's own sandbox (in memory, over the seed) answers them now, as the app's provider would.

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
const journey = readJson<JourneyConfig>('journeys/sv.json');
const catalog = readJson<{ offers: Array<{ planId: string; nodeClasses: string[] }> }>('src/sandbox/seed/sv/catalog.json');
const coverage = readJson<{ nodes: Array<{ id: string; name: string }> }>('src/sandbox/seed/sv/coverage.json');

afterAll(() => closePreviewSandbox());

describe("the step previews' answers from the studio's sandbox", () => {
  it("lays the seed's coverage and its node's offers over the journey's examples", async () => {
    const { journeyData, answers } = await answeredJourneyData(journey, exampleJourneyData(journey), previewCaller('sv'));
    const sale = journeyData.sale as { coverage?: { node?: string; nodeClass?: string; networkType?: string }; catalog?: Array<{ planId: string }> };
    // The sample point (the map step's example) is in a node of the seed, its network type worked out as the journey does.
    expect(coverage.nodes.map((node) => node.id)).toContain(sale.coverage?.node);
    expect(sale.coverage?.networkType).toBe(sale.coverage?.nodeClass === '10' ? 'FTTH' : sale.coverage?.nodeClass === '4' ? 'DTH' : 'HFC');
    // Every offer of the seed at that node's class, not the example's one.
    const expected = catalog.offers.filter((offer) => offer.nodeClasses.includes(sale.coverage?.nodeClass ?? '')).map((offer) => offer.planId);
    expect(sale.catalog?.map((offer) => offer.planId).sort()).toEqual(expected.sort());
    expect(answers.find((a) => a.operationId === 'products')).toMatchObject({ ok: true });
    // The session's own calls are never made from a preview.
    expect(answers.find((a) => a.operationId === 'logout')).toMatchObject({ ok: false });
  });

  it("answers a screen's own call (the map's coverage areas) with the seed's areas", async () => {
    const outcome = await previewCaller('sv')('coverageAreas', {});
    if (!outcome.ok) throw new Error(outcome.error.message);
    const names = (outcome.data as { features: Array<{ properties: { name: string } }> }).features.map((f) => f.properties.name);
    expect(names.sort()).toEqual(coverage.nodes.map((node) => node.name).sort());
  });
});
