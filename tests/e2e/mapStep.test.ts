import type { Page, Route } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../../src/tools/browser/chromium';
import { at, click, readValue, sellUntilConfirmation } from '../support/sale';
import { pathOf, useServedApp } from '../support/servedApp';

// The map step (/direccion-mapa) in Chromium at a phone's width, on the production build served
// by the sandbox: maplibre-gl (no token in tests) with the build's street style, OpenFreeMap's
// by default, which the test browser cannot reach (src/tools/browser/chromium.ts: no internet), so
// the map falls back to its offline style; the coverage areas from `coverageAreas`, the marker
// moved by a tap, a drag and the device position, and the coverage check of the point the agent
// chose. The last tests answer the street style's host themselves (`page.route`): refused, silent,
// or with a style of streets.
const app = useServedApp();

/** The street style of a build without `VITE_MAP_STYLE` (src/build/mapStyle.ts). */
const DEFAULT_STYLE = 'https://tiles.openfreemap.org/styles/liberty';
const STYLE_HOST = 'https://tiles.openfreemap.org/**';
/** The offline style's background (src/screens/map/offlineStyle.ts). */
const OFFLINE_BACKGROUND: Rgb = [0xf1, 0xf3, 0xf5];

/** The step's map view (schemas/steps/sv/map.json): San Salvador at zoom 12.5. */
const CENTRE = { latitude: 13.697366, longitude: -89.192282 };
const ZOOM = 12.5;
/** Inside Centro de San Salvador (FTTH), away from the centre. */
const IN_CENTRO = { latitude: 13.701, longitude: -89.186 };
/** East of Centro de San Salvador, west of Soyapango: no node covers it. */
const UNCOVERED = { latitude: 13.697366, longitude: -89.1765 };
/** South of Centro de San Salvador: no node covers it either. */
const SOUTH_OF_CENTRO = { latitude: 13.688, longitude: -89.185 };
/** Inside Soyapango (HFC), out of the map's first view. */
const IN_SOYAPANGO = { latitude: 13.71, longitude: -89.14 };

type LatLng = typeof CENTRE;
type Rgb = [number, number, number];

/** Two colours the eye cannot tell apart. */
const near = (a: Rgb, b: Rgb) => Math.max(...a.map((v, i) => Math.abs(v - (b[i] ?? 0)))) < 8;

/** Web Mercator at maplibre's 512 px tiles: a point's position in pixels of the whole world. */
function worldPixels({ latitude, longitude }: LatLng) {
  const size = 512 * 2 ** ZOOM;
  const sin = Math.sin((latitude * Math.PI) / 180);
  return { x: ((longitude + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
}

/** Where a point is on the page while the map is centred on `on` (where it opened). */
async function onPage(page: Page, point: LatLng, on: LatLng) {
  const box = await mapBox(page);
  const centre = worldPixels(on);
  const there = worldPixels(point);
  return { x: box.x + box.width / 2 + (there.x - centre.x), y: box.y + box.height / 2 + (there.y - centre.y) };
}

async function mapBox(page: Page) {
  const box = await page.getByRole('region', { name: /^Mapa/ }).boundingBox();
  if (!box) throw new Error('no map on the page');
  return box;
}

/** The colour the agent sees at a spot of the page (red, green, blue). */
async function colourAt(page: Page, { x, y }: { x: number; y: number }): Promise<[number, number, number]> {
  const png = PNG.sync.read(await page.screenshot({ clip: { x: Math.round(x) - 1, y: Math.round(y) - 1, width: 3, height: 3 } }));
  // The middle pixel of the 3 x 3 clip, at the page's device pixel ratio.
  const i = (Math.floor(png.height / 2) * png.width + Math.floor(png.width / 2)) * 4;
  return [png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0];
}

/** The point the step will submit, as the screen shows it. */
async function chosenPoint(page: Page): Promise<LatLng> {
  const text = await page.getByLabel('Punto elegido').innerText();
  const [latitude, longitude] = (/(-?\d+\.\d+), (-?\d+\.\d+)/.exec(text) ?? []).slice(1).map(Number);
  return { latitude: latitude ?? Number.NaN, longitude: longitude ?? Number.NaN };
}

/** Waits until the point shown is within ~2 px of `want` (a tap lands on a whole pixel). */
async function pointBecomes(page: Page, want: LatLng) {
  await expect.poll(() => chosenPoint(page), { timeout: 5_000 }).toSatisfy(
    (p: LatLng) => Math.abs(p.latitude - want.latitude) < 0.0003 && Math.abs(p.longitude - want.longitude) < 0.0003,
  );
}

/** Where the marker's tip is on the page (the pin's bottom middle: the chosen point). */
async function markerTip(page: Page) {
  const box = await page.getByRole('img', { name: 'Marcador de la vivienda' }).boundingBox();
  if (!box) throw new Error('no marker on the map');
  return { x: box.x + box.width / 2, y: box.y + box.height };
}

/** What a read-only field of the coverage result shows. */
const shown = (page: Page, label: string) => readValue(page, label);

/**
 * The map, opened on `on`, is drawn: its canvas, the marker, and the coverage fill where a node
 * covers over the style's `background` (the offline style's unless told).
 */
async function mapDrawn(page: Page, on: LatLng, background: Rgb = OFFLINE_BACKGROUND) {
  const canvas = page.locator('.maplibregl-canvas');
  await canvas.waitFor();
  const size = await canvas.evaluate((c: HTMLCanvasElement) => ({ width: c.width, height: c.height }));
  expect(size.width).toBeGreaterThan(200);
  expect(size.height).toBeGreaterThan(200);
  await page.getByRole('img', { name: 'Marcador de la vivienda' }).waitFor();
  // Covered: the background tinted with the FTTH blue; uncovered: the plain background.
  const covered = await onPage(page, IN_CENTRO, on);
  await expect
    .poll(async () => {
      const [r, , b] = await colourAt(page, covered);
      return b - r;
    }, { timeout: 10_000 })
    .toBeGreaterThan(30);
  expect(await colourAt(page, await onPage(page, SOUTH_OF_CENTRO, on))).toSatisfy((colour: Rgb) => near(colour, background));
}

/** The map's quiet note that it shows no streets. */
const noStreets = (page: Page) => page.getByRole('status').filter({ hasText: 'Mapa sin calles: sin conexión' });

/** A tap into Centro de San Salvador on the map opened on `on`, and the coverage check there: its node. */
async function checkCentro(page: Page, on: LatLng = CENTRE) {
  const there = await onPage(page, IN_CENTRO, on);
  await page.touchscreen.tap(there.x, there.y);
  await pointBecomes(page, IN_CENTRO);
  await click(page, 'Verificar cobertura');
  await at(page, '/cobertura-exito');
  expect(await shown(page, 'Nodo')).toBe('N-SS-CEN-01');
}

/** A street of the test's street style: north to south, west of Centro, in the map's first view. */
const STREET_LONGITUDE = -89.21;
const STREET_COLOUR: Rgb = [0x5c, 0x3d, 0x2e];
const STREETS_BACKGROUND: Rgb = [0xf8, 0xf4, 0xf0];
const hex = (rgb: Rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** A street style with its streets in the style itself (GeoJSON): nothing else to fetch. */
const streetStyle = {
  version: 8,
  name: 'Calles de prueba',
  sources: {
    streets: {
      type: 'geojson',
      data: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { name: 'Calle de prueba' },
            geometry: { type: 'LineString', coordinates: [[STREET_LONGITUDE, 13.6], [STREET_LONGITUDE, 13.8]] },
          },
        ],
      },
    },
  },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': hex(STREETS_BACKGROUND) } },
    { id: 'streets', type: 'line', source: 'streets', paint: { 'line-color': hex(STREET_COLOUR), 'line-width': 12 } },
  ],
};

/** Answers the street style's host: every request recorded, then refused, left unanswered, or answered. */
function styleHost(page: Page, answer: (route: Route) => Promise<void> | void) {
  const asked: string[] = [];
  return page
    .route(STYLE_HOST, (route) => {
      asked.push(route.request().url());
      return answer(route);
    })
    .then(() => asked);
}

describe('the map step in Chromium', () => {
  it('draws the coverage areas; a tap outside them gives no coverage, the marker dragged into one gives its node', async () => {
    const page = await app.newPage();
    await sellUntilConfirmation(page, app.address, '/direccion-mapa');
    // What goes wrong in the page from here on: the map library, its worker, the step's code.
    // (A quiet 404 of the coverage check is the browser reporting a resource, not an error.)
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
    });
    await mapDrawn(page, CENTRE);
    expect(await page.getByLabel('Cobertura por tipo de red').innerText()).toMatch(/FTTH[\s\S]*HFC[\s\S]*DTH/);
    // The point starts at the map's centre, under the marker.
    await pointBecomes(page, CENTRE);
    const start = await onPage(page, CENTRE, CENTRE);
    const tip = await markerTip(page);
    expect(Math.abs(tip.x - start.x)).toBeLessThan(3);
    expect(Math.abs(tip.y - start.y)).toBeLessThan(3);
    await screenshot(page, 'map-01-opened');

    // A tap where no node covers: the marker goes there, and the check says there is no coverage.
    const outside = await onPage(page, UNCOVERED, CENTRE);
    await page.touchscreen.tap(outside.x, outside.y);
    await pointBecomes(page, UNCOVERED);
    const moved = await markerTip(page);
    expect(Math.abs(moved.x - outside.x)).toBeLessThan(3);
    expect(Math.abs(moved.y - outside.y)).toBeLessThan(3);
    await screenshot(page, 'map-02-tapped-outside');
    await click(page, 'Verificar cobertura');
    await at(page, '/cobertura-estado');
    await page.getByRole('alert').filter({ hasText: 'No hay cobertura en el punto elegido.' }).waitFor();
    await screenshot(page, 'map-03-no-coverage');

    // Back on the map, it opens on the marker where the agent left it; dragged into Centro, the
    // point is covered.
    await click(page, 'Cambiar ubicación');
    await at(page, '/direccion-mapa');
    await mapDrawn(page, UNCOVERED);
    await pointBecomes(page, UNCOVERED);
    const from = await markerTip(page);
    const back = await onPage(page, UNCOVERED, UNCOVERED);
    expect(Math.abs(from.x - back.x)).toBeLessThan(3);
    expect(Math.abs(from.y - back.y)).toBeLessThan(3);
    const to = await onPage(page, IN_CENTRO, UNCOVERED);
    await page.mouse.move(from.x, from.y - 20);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y - 20 + ((to.y - from.y) * i) / 10);
    await page.mouse.up();
    await pointBecomes(page, IN_CENTRO);
    await screenshot(page, 'map-04-dragged-into-centro');
    await click(page, 'Verificar cobertura');
    await at(page, '/cobertura-exito');
    expect(await shown(page, 'Nodo')).toBe('N-SS-CEN-01');
    expect(await shown(page, 'Clase de nodo')).toBe('10');
    expect(await shown(page, 'Tipo de red')).toBe('FTTH');
    await screenshot(page, 'map-05-covered');
    expect(errors).toEqual([]);
  }, 120_000);

  it('moves the marker to the device position, out of sight too, and checks the coverage there', async () => {
    const page = await app.newPage();
    await sellUntilConfirmation(page, app.address, '/direccion-mapa');
    await mapDrawn(page, CENTRE);
    // The agent stands at the house, in Soyapango: off the map's first view.
    await page.context().setGeolocation(IN_SOYAPANGO);
    await click(page, 'Usar mi ubicación');
    await pointBecomes(page, IN_SOYAPANGO);
    // The map came to the point: the marker is inside it.
    const box = await mapBox(page);
    await expect
      .poll(async () => {
        const tip = await markerTip(page);
        return tip.x > box.x && tip.x < box.x + box.width && tip.y > box.y && tip.y < box.y + box.height;
      }, { timeout: 5_000 })
      .toBe(true);
    await screenshot(page, 'map-06-device-position');
    await click(page, 'Verificar cobertura');
    await at(page, '/cobertura-exito');
    expect(await shown(page, 'Nodo')).toBe('N-SS-SOY-01');
    expect(await shown(page, 'Clase de nodo')).toBe('2');
    expect(await shown(page, 'Tipo de red')).toBe('HFC');
  }, 120_000);

  it('checks the map centre as it is: the agent who submits at once sees its node and network type', async () => {
    const page = await app.newPage();
    await sellUntilConfirmation(page, app.address, '/cobertura-exito');
    await expect.poll(() => pathOf(page)).toBe('/cobertura-exito');
    await page.getByRole('heading', { name: '¡Hay cobertura!' }).waitFor();
    expect(await shown(page, 'Nodo')).toBe('N-SS-CEN-01');
    expect(await shown(page, 'Tipo de red')).toBe('FTTH');
    await click(page, 'Ver ofertas');
    await at(page, '/menu-principal');
  }, 120_000);

  it('asks the public street style; without connection it says the map has no streets, and the step works as before', async () => {
    const page = await app.newPage();
    // The page lets the app connect to the street style's host, and to no other.
    const policy = (await fetch(`${app.address}/`)).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("connect-src 'self' https://tiles.openfreemap.org;");
    const asked = await styleHost(page, (route) => route.abort('internetdisconnected'));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await sellUntilConfirmation(page, app.address, '/direccion-mapa');
    // At once: the refusal, not the wait for a silent host (8 s), brings the offline style.
    await noStreets(page).waitFor({ timeout: 5_000 });
    expect(asked[0]).toBe(DEFAULT_STYLE);
    await mapDrawn(page, CENTRE);
    await screenshot(page, 'map-07-no-streets');
    await checkCentro(page);
    expect(errors).toEqual([]);
  }, 120_000);

  it('does not wait for a street style host that never answers: the map goes on without streets', async () => {
    const page = await app.newPage();
    const asked = await styleHost(page, () => undefined);
    await sellUntilConfirmation(page, app.address, '/direccion-mapa');
    await noStreets(page).waitFor({ timeout: 20_000 });
    expect(asked).toEqual([DEFAULT_STYLE]);
    await mapDrawn(page, CENTRE);
    await checkCentro(page);
  }, 120_000);

  it('draws the streets of the street style under the coverage areas and the marker', async () => {
    const page = await app.newPage();
    const asked = await styleHost(page, (route) =>
      route.fulfill({ contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(streetStyle) }),
    );
    await sellUntilConfirmation(page, app.address, '/direccion-mapa');
    await mapDrawn(page, CENTRE, STREETS_BACKGROUND);
    expect(asked).toEqual([DEFAULT_STYLE]);
    // The street, where the style puts it, and no note of a map without streets.
    const street = await onPage(page, { latitude: CENTRE.latitude, longitude: STREET_LONGITUDE }, CENTRE);
    await expect.poll(() => colourAt(page, street), { timeout: 10_000 }).toSatisfy((colour: Rgb) => near(colour, STREET_COLOUR));
    expect(await noStreets(page).count()).toBe(0);
    await screenshot(page, 'map-08-streets');
    // A point without coverage, and back on the map (the same map, kept for the step): the
    // streets again, and the point checked where a node covers.
    const outside = await onPage(page, UNCOVERED, CENTRE);
    await page.touchscreen.tap(outside.x, outside.y);
    await pointBecomes(page, UNCOVERED);
    await click(page, 'Verificar cobertura');
    await at(page, '/cobertura-estado');
    await click(page, 'Cambiar ubicación');
    await at(page, '/direccion-mapa');
    await mapDrawn(page, UNCOVERED, STREETS_BACKGROUND);
    expect(await noStreets(page).count()).toBe(0);
    await checkCentro(page, UNCOVERED);
  }, 120_000);

  it('keeps the coverage areas drawn on a street style whose tiles then fail: the map goes on without streets', async () => {
    const page = await app.newPage();
    // A style that loads, with streets in tiles that the host holds, then refuses.
    const tiled = {
      ...streetStyle,
      sources: { streets: { type: 'raster', tiles: ['https://tiles.openfreemap.org/test-tiles/{z}/{x}/{y}.png'], tileSize: 256 } },
      layers: [streetStyle.layers[0], { id: 'streets', type: 'raster', source: 'streets' }],
    };
    const held: Route[] = [];
    await styleHost(page, (route) =>
      route.request().url() === DEFAULT_STYLE
        ? route.fulfill({ contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(tiled) })
        : void held.push(route),
    );
    await sellUntilConfirmation(page, app.address, '/direccion-mapa');
    // The coverage areas drawn on the street style's background, its tiles on their way.
    await mapDrawn(page, CENTRE, STREETS_BACKGROUND);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const route of held) await route.abort('internetdisconnected');
    await noStreets(page).waitFor();
    // The offline style, with the coverage areas drawn again on it, and the step works.
    await mapDrawn(page, CENTRE);
    await checkCentro(page);
  }, 120_000);
});
