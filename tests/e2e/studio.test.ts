import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJourneyGraph } from '../../src/pack/journeyGraph';
import type { JourneyConfig, TransitionObject } from '../../src/pack/journeyTypes';
import { launchChromium, screenshot } from '../../src/tools/browser/chromium';
import { startStudio } from '../support/studio';

// The journey studio in real Chromium over the real dev server (`npm run studio`), showing a
// copy of journeys/ that the tests edit as a product owner would save the file.
let studio: Awaited<ReturnType<typeof startStudio>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let original: string;
let file: string;

beforeAll(async () => {
  [studio, browser] = await Promise.all([startStudio(), launchChromium()]);
  file = join(studio.journeysDir, 'sv.json');
  original = readFileSync(file, 'utf8');
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  await page.goto(`${studio.address}/__studio/`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await studio?.close();
});

/**
 * Opens the app with `?inspect` on the dev server. Other test runs in the same checkout
 * regenerate the API types (tests/globalSetup.ts deletes and rewrites them): a page loaded in
 * that moment misses a module, and loads whole again once they are back.
 */
async function openApp(app: Page) {
  for (let attempt = 1; ; attempt++) {
    await app.goto(`${studio.address}/?inspect`);
    try {
      await app.getByRole('heading', { name: 'Iniciar sesión' }).waitFor({ timeout: 20_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

const stateNode = (id: string) => page.locator(`[data-state-id="${id}"]`);

describe('the journey studio', () => {
  it("draws El Salvador's journey with one node per state, as the engine reads it", async () => {
    const graph = buildJourneyGraph(JSON.parse(original) as JourneyConfig);
    await stateNode('sv.signedIn.sale.idFront').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('[data-state-id]').count()).toBe(graph.nodes.length);
    // A step's node shows its route.
    await expect.poll(() => stateNode('sv.signedIn.sale.idFront').textContent()).toContain('/id-escaneo-frontal');
    expect(await page.getByTestId('problem-count').textContent()).toBe('no problems');
    await screenshot(page, 'studio-sv');
  });

  it("draws another country's journey when it is chosen", async () => {
    const other = await context.newPage();
    await other.goto(`${studio.address}/__studio/?country=hn`);
    const graph = buildJourneyGraph(JSON.parse(readFileSync(join(studio.journeysDir, 'hn.json'), 'utf8')) as JourneyConfig);
    await other.locator(`[data-state-id="${graph.nodes[1]?.id}"]`).waitFor({ timeout: 30_000 });
    expect(await other.locator('[data-state-id]').count()).toBe(graph.nodes.length);
    await other.close();
  });

  it('shows a broken edit on the state it breaks within a second of the save, and clears it once fixed', async () => {
    const config = JSON.parse(original) as JourneyConfig;
    // The front ID photo's submit goes to a state that does not exist.
    const on = config.states?.signedIn?.states?.sale?.states?.idFront?.on;
    const submit = on?.['step.submit'];
    if (!on || !submit) throw new Error('the front ID step has no submit');
    const renamed = (t: string | TransitionObject) => (typeof t === 'string' ? 'idFrontReadingX' : { ...t, target: 'idFrontReadingX' });
    on['step.submit'] = Array.isArray(submit) ? [renamed(submit[0] as string | TransitionObject), ...submit.slice(1)] : renamed(submit);

    const node = stateNode('sv.signedIn.sale.idFront');
    // The page notes when the node is first marked: on a busy machine the test's own polling
    // lags the page by hundreds of milliseconds, and the page's clock is the same as this one's.
    await page.evaluate((id) => {
      const target = document.querySelector(`[data-state-id="${id}"]`);
      if (!target) throw new Error(`no node ${id}`);
      new MutationObserver((_changes, observer) => {
        if (!target.hasAttribute('data-problems')) return;
        (window as unknown as { shownAt: number }).shownAt = Date.now();
        observer.disconnect();
      }).observe(target, { attributes: true, attributeFilter: ['data-problems'] });
    }, 'sv.signedIn.sale.idFront');
    const written = Date.now();
    writeFileSync(file, JSON.stringify(config, null, 2));
    await expect.poll(() => node.getAttribute('data-problems'), { timeout: 15_000, interval: 25 }).not.toBeNull();
    const shownAt = await page.evaluate(() => (window as unknown as { shownAt: number }).shownAt);
    expect(shownAt - written, 'ms from the save to the problem on its node').toBeLessThanOrEqual(1000);
    expect(await node.locator('[data-problem-text]').textContent()).toContain('idFrontReadingX');
    expect(await page.getByTestId('problems').textContent()).toMatch(/sv\.json:\d+:\d+ \/states\/signedIn\/states\/sale\/states\/idFront\/on\/step\.submit.*idFrontReadingX/);
    await screenshot(page, 'studio-sv-problem');

    // Clearing has no time promise (only the showing has): wait for it as long as a busy CI needs.
    writeFileSync(file, original);
    await expect.poll(() => page.locator('[data-problems]').count(), { timeout: 15_000, interval: 25 }).toBe(0);
    expect(await page.getByTestId('problem-count').textContent()).toBe('no problems');
  });

  it('shows a file that is not JSON with its line, keeping the last good diagram', async () => {
    const count = await page.locator('[data-state-id]').count();
    writeFileSync(file, original.replace('"initial"', '"initial" "'));
    await page.getByTestId('stale').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('problems').textContent()).toMatch(/sv\.json:\d+:\d+/);
    expect(await page.locator('[data-state-id]').count()).toBe(count);
    writeFileSync(file, original);
    await page.getByTestId('stale').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await page.getByTestId('problem-count').textContent()).toBe('no problems');
  });

  it("highlights the live app's current state, and follows it when the app moves", async () => {
    const app = await context.newPage();
    await openApp(app);
    const live = () => page.locator('[data-live="true"]').getAttribute('data-state-id');
    await expect.poll(live, { timeout: 15_000 }).toBe('sv.landing');
    await app.locator('input').first().click();
    await app.keyboard.type('2580');
    await app.getByRole('button', { name: 'Ingresar' }).click();
    await app.getByRole('heading', { name: 'Inicio' }).waitFor({ timeout: 15_000 });
    expect(new URL(app.url()).search).toBe('?inspect');
    await expect.poll(live, { timeout: 15_000 }).toBe('sv.signedIn.home');
    expect(await page.getByTestId('live-events').textContent()).toContain('step.submit');
    await screenshot(page, 'studio-sv-live');
  });
});
