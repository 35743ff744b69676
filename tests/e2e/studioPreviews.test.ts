import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, type CountryFile } from '../../src/pack/countryFile';
import { buildJourneyGraph } from '../../src/pack/journeyGraph';
import type { JourneyConfig } from '../../src/pack/journeyTypes';
import { computeProgress } from '../../src/runtime/progress';
import { launchChromium, screenshot } from '../../src/tools/browser/chromium';
import { startStudio } from '../support/studio';

// Issue #37, previews with answers: the studio's step preview draws El Salvador's offers and map
// steps with what the provider answers from the seed (src/sandbox/seed/sv/), asked of the
// studio's own sandbox, the progress as the app numbers it and the app's header around the
// screen. Before, every call of a preview answered "no provider": the offers' tabs were empty,
// the map said 'No se pudieron cargar las zonas de cobertura' and the progress read 'auto'.
// In real Chromium over the real dev server (`npm run studio`); the studio's page names no
// street style, so the map draws its offline style: the coverage areas are what it shows.
let studio: Awaited<ReturnType<typeof startStudio>>;
let browser: Browser;
let page: Page;

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

type Ring = Array<[number, number]>;
const coverage = readJson<{ nodes: Array<{ id: string; name: string; nodeClass: string; polygon: Ring }> }>('src/sandbox/seed/sv/coverage.json');
const catalog = readJson<{ offers: Array<{ planId: string; name: string; type: string; nodeClasses: string[]; addon?: boolean; priceList: Array<{ value: number }> }> }>('src/sandbox/seed/sv/catalog.json');
const country = readJson<CountryFile>('countries/sv.json');
const journey = readJson<JourneyConfig>('journeys/sv.json');
const mapStep = readJson<{ uiSchema: { 'ui:options': { center: { latitude: number; longitude: number }; zoom: number } } }>('schemas/steps/sv/map.json');

/** Whether a `[longitude, latitude]` point is inside a ring (ray casting). */
function inside([x, y]: [number, number], ring: Ring): boolean {
  let within = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within;
  }
  return within;
}

/** The map opens on its centre, the sample point: the seed's node there, whose offers the offers step lists. */
const { center, zoom } = mapStep.uiSchema['ui:options'];
const nodeAtCentre = coverage.nodes.find((node) => inside([center.longitude, center.latitude], node.polygon));
/** The offers of the screen's first tab (the one it opens on) at that node's class. */
const firstTab = country.offers.tabs[0];
const offered = catalog.offers.filter((offer) => firstTab?.types.includes(offer.type) && nodeAtCentre && offer.nodeClasses.includes(nodeAtCentre.nodeClass));

/** Each step's progress as the app shows it (`n/N`), by state id. */
const graph = buildJourneyGraph(journey);
const progress = new Map([...computeProgress(graph)].map(([node, shown]) => [node.id, `${shown.n}/${shown.of}`]));
const routeOf = (step: string) => graph.nodes.find((node) => node.meta.step === step);

beforeAll(async () => {
  [studio, browser] = await Promise.all([startStudio(), launchChromium()]);
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await studio?.close();
});

/**
 * Opens the Step preview tab on a step and waits for what `ready` names. Other test runs in the
 * same checkout regenerate files the dev server watches, and the page then reloads on its own:
 * once more on a fresh page before failing.
 */
async function previewOf(route: string, ready: (preview: Locator) => Promise<unknown>): Promise<Locator> {
  const preview = page.getByRole('region', { name: `Preview of ${route}` });
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(`${studio.address}/__studio/?country=sv`);
      await page.getByRole('tab', { name: 'Step preview' }).click();
      await page.getByRole('button', { name: new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`) }).click();
      await ready(preview);
      return preview;
    } catch (error) {
      if (attempt === 2) throw error;
    }
  }
}

/** The colour the eye sees at a spot of the page (red, green, blue). */
async function colourAt({ x, y }: { x: number; y: number }): Promise<[number, number, number]> {
  const png = PNG.sync.read(await page.screenshot({ clip: { x: Math.round(x) - 1, y: Math.round(y) - 1, width: 3, height: 3 } }));
  const i = (Math.floor(png.height / 2) * png.width + Math.floor(png.width / 2)) * 4;
  return [png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0];
}

/** Web Mercator at maplibre's 512 px tiles: a point's position in pixels of the whole world, at the map's zoom. */
function worldPixels({ latitude, longitude }: { latitude: number; longitude: number }) {
  const size = 512 * 2 ** zoom;
  const sin = Math.sin((latitude * Math.PI) / 180);
  return { x: ((longitude + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
}

describe("the studio's step previews with the seed's answers", () => {
  it('the seed has what the previews are checked against', () => {
    expect(nodeAtCentre).toBeDefined();
    expect(offered.length).toBeGreaterThan(1);
  });

  it("shows the seed's offers at the sample point's node on the offers step, with the app's header and its progress n/N", async () => {
    const menu = routeOf('offers');
    if (!menu) throw new Error('no offers step in journeys/sv.json');
    const route = String(menu.meta.route);
    const preview = await previewOf(route, (p) => p.getByText(offered[0]?.name ?? '?', { exact: true }).waitFor({ timeout: 60_000 }));
    for (const offer of offered) {
      const card = preview.locator('.mantine-Card-root', { has: page.getByText(offer.name, { exact: true }) });
      await expect.poll(() => card.innerText()).toContain(formatMoney(country, offer.priceList[0]?.value ?? 0));
    }
    // Only the seed's offers of the tab it opens on, not the journey's one example offer.
    expect(await preview.locator('.mantine-Card-root:visible').count()).toBe(offered.length);
    // The app's header: its name and the step's progress as the app numbers it.
    const shown = progress.get(menu.id);
    expect(shown).toMatch(/^\d+\/\d+$/);
    expect(await preview.getByLabel('Progreso').innerText()).toBe(shown);
    await preview.getByText(country.appTitle, { exact: true }).waitFor();
    await page.getByText(`progress ${shown ?? ''}`, { exact: true }).waitFor();
    expect(await page.getByText('progress auto').count()).toBe(0);
    // Where the offers came from: the journey's call, answered by the seed.
    await page.getByLabel("The journey's calls in this step").getByText("products: the seed's answer").waitFor();
    await screenshot(page, 'studio-preview-offers');
  }, 180_000);

  it("draws and lists the seed's coverage zones on the map step, not the error", async () => {
    const map = routeOf('map');
    if (!map) throw new Error('no map step in journeys/sv.json');
    const preview = await previewOf(String(map.meta.route), (p) => p.getByRole('region', { name: /^Mapa/ }).waitFor({ timeout: 60_000 }));
    // The coverage areas the screen asked for, each of the seed's nodes by its name.
    const calls = page.getByLabel("The screen's calls");
    await calls.getByText(/^coverageAreas: \d+ items/).waitFor({ timeout: 30_000 });
    const listed = await calls.innerText();
    for (const node of coverage.nodes) expect(listed).toContain(node.name);
    expect(await page.getByText('No se pudieron cargar las zonas de cobertura').count()).toBe(0);
    // Drawn: a point of the node around the map's centre, away from the marker, takes the
    // FTTH fill's blue over the offline background.
    const ring = nodeAtCentre?.polygon ?? [];
    const corner = { longitude: Math.max(...ring.map(([x]) => x)) - 0.002, latitude: Math.max(...ring.map(([, y]) => y)) - 0.002 };
    const region = preview.getByRole('region', { name: /^Mapa/ });
    await region.scrollIntoViewIfNeeded();
    const box = await region.boundingBox();
    if (!box) throw new Error('no map on the page');
    const from = worldPixels(center);
    const to = worldPixels(corner);
    const spot = { x: box.x + box.width / 2 + (to.x - from.x), y: box.y + box.height / 2 + (to.y - from.y) };
    await expect.poll(() => colourAt(spot), { timeout: 20_000 }).toSatisfy(([r, , b]: [number, number, number]) => b > r + 20);
    expect(await preview.getByLabel('Progreso').innerText()).toBe(progress.get(map.id));
    await screenshot(page, 'studio-preview-map');
  }, 180_000);
});
