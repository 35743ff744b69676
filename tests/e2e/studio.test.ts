import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJourneyGraph } from '../../src/pack/journeyGraph';
import type { JourneyConfig, TransitionObject } from '../../src/pack/journeyTypes';
import { launchChromium, screenshot } from '../../src/tools/browser/chromium';
import { diagramModel } from '../../src/studio/page/diagramModel';
import { defaultExpanded, diagramView } from '../../src/studio/page/diagramView';
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
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
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

/** The boxes the studio draws of a journey as it opens: every state, the inner states of a step folded into it. */
const boxesShown = (text: string) => {
  const model = diagramModel(JSON.parse(text) as JourneyConfig);
  return diagramView(model, defaultExpanded(model)).shown.length;
};

/**
 * Every text of the diagram's boxes as the page shows it: its size on screen (its font's size
 * times the diagram's zoom) and whether it lies over another or out of the diagram's area.
 */
function measureLabels(on: Page) {
  return on.evaluate(() => {
    const viewport = document.querySelector('.react-flow__viewport');
    const area = document.querySelector('[data-testid="diagram"]')?.getBoundingClientRect();
    if (!viewport || !area) throw new Error('no diagram');
    const zoom = new DOMMatrix(getComputedStyle(viewport).transform).a;
    const texts = Array.from(document.querySelectorAll<HTMLElement>('[data-box-label], [data-box-detail], [data-legend]'));
    const boxes = texts.map((t) => ({ text: t.textContent ?? '', px: parseFloat(getComputedStyle(t).fontSize) * zoom, rect: t.getBoundingClientRect() }));
    const overlapping: string[] = [];
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b) => {
        if (a.rect.left < b.rect.right && b.rect.left < a.rect.right && a.rect.top < b.rect.bottom && b.rect.top < a.rect.bottom) overlapping.push(`${a.text} / ${b.text}`);
      }),
    );
    const outside = boxes.filter((b) => b.rect.left < area.left || b.rect.right > area.right || b.rect.top < area.top || b.rect.bottom > area.bottom).map((b) => b.text);
    const smallest = boxes.reduce((least, b) => (b.px < least.px ? b : least));
    return { count: boxes.length, smallest: { text: smallest.text, px: smallest.px }, overlapping, outside };
  });
}

describe('the journey studio', () => {
  it("draws El Salvador's journey with a box per state as the engine reads it, a step's inner states folded into it", async () => {
    const graph = buildJourneyGraph(JSON.parse(original) as JourneyConfig);
    await stateNode('sv.signedIn.sale.idFront').waitFor({ timeout: 30_000 });
    // Every state is drawn, or folded into the step it is a phase of (its box says how many: +n).
    await expect.poll(() => page.locator('[data-state-id]').count()).toBe(boxesShown(original));
    expect(graph.nodes.length).toBeGreaterThan(boxesShown(original));
    expect(await stateNode('sv.signedIn.sale.checkout').getByRole('button', { name: 'Unfold checkout' }).textContent()).toBe('+2');
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
    expect(await other.locator('[data-state-id]').count()).toBe(boxesShown(readFileSync(join(studio.journeysDir, 'hn.json'), 'utf8')));
    await other.close();
  });

  it("draws El Salvador's and Honduras's whole journeys at full view with every label at least 11 px on screen, none over another", async () => {
    for (const country of ['sv', 'hn']) {
      const whole = await context.newPage();
      await whole.goto(`${studio.address}/__studio/?country=${country}`);
      await whole.locator(`[data-state-id="${country}.landing"]`).waitFor({ timeout: 30_000 });
      const expected = boxesShown(readFileSync(join(studio.journeysDir, `${country}.json`), 'utf8'));
      await expect.poll(() => whole.locator('[data-state-id]').count()).toBe(expected);
      // Fitted once the area's size is known: the smallest text grows to its size then.
      await expect.poll(async () => (await measureLabels(whole)).smallest.px, { timeout: 10_000 }).toBeGreaterThanOrEqual(11);
      const labels = await measureLabels(whole);
      expect(labels.count, 'texts measured').toBeGreaterThanOrEqual(expected * 2 - 10);
      expect(labels.overlapping, 'texts over one another').toEqual([]);
      expect(labels.outside, 'texts out of the diagram').toEqual([]);
      await screenshot(whole, `studio-${country}-whole`);
      await whole.close();
    }
  });

  it('lays the sale out in the order an agent meets it, read left to right and down', async () => {
    const place = async (id: string) => {
      const box = await stateNode(id).boundingBox();
      if (!box) throw new Error(`${id} is not drawn`);
      return box;
    };
    const before = async (first: string, then: string) => {
      const [a, b] = [await place(first), await place(then)];
      return Math.abs(a.y - b.y) < 2 ? a.x < b.x : a.y < b.y;
    };
    for (const [first, then] of [
      ['sv.landing', 'sv.signingIn'],
      ['sv.signedIn.sale.clientInfo', 'sv.signedIn.sale.address'],
      ['sv.signedIn.sale.income', 'sv.signedIn.sale.incomeChecking'],
      ['sv.signedIn.sale.idFront', 'sv.signedIn.sale.idRear'],
      ['sv.signedIn.sale.confirmOrder', 'sv.signedIn.sale.orderSuccess'],
    ] as const) {
      expect(await before(first, then), `${first} before ${then}`).toBe(true);
    }
    // The signed-in menu's and the session's transitions are the container's legend, not arrows.
    expect(await stateNode('sv.signedIn').locator('[data-legend]').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('menu.logout → logout')]));
  });

  it("opens a box's panel on a click: its route, progress, transitions, calls, and the file's line", async () => {
    const model = diagramModel(JSON.parse(original) as JourneyConfig);
    const idFront = model.states.find((s) => s.id === 'sv.signedIn.sale.idFront');
    const line = original.split('\n').findIndex((text) => text.includes('"idFront": {')) + 1;
    await stateNode('sv.signedIn.sale.idFront').click();
    const panel = page.locator('[data-panel="state"]');
    await expect.poll(() => panel.getAttribute('data-state')).toBe('sv.signedIn.sale.idFront');
    expect(await panel.textContent()).toContain('/id-escaneo-frontal');
    expect(await panel.locator('[data-progress]').textContent()).toBe(`progress ${idFront?.progress}`);
    expect(await panel.locator('[data-file-line]').textContent()).toContain(`sv.json line ${line}`);
    expect(new URL(page.url()).searchParams.get('state')).toBe('sv.signedIn.sale.idFront');
    // Its lines are drawn dark, each to or from another box.
    const view = diagramView(model, defaultExpanded(model));
    const touching = view.lines.filter((l) => l.source === 'sv.signedIn.sale.idFront' || l.target === 'sv.signedIn.sale.idFront');
    await expect.poll(() => page.locator('.react-flow__edge.lit').count()).toBe(touching.length);
    expect(await panel.getByRole('table').first().textContent()).toContain('step.submit');
    // Its screen, as the step preview draws it.
    await panel.getByRole('region', { name: 'Preview of /id-escaneo-frontal' }).waitFor({ timeout: 30_000 });
    // A transition's target leads to its state's panel.
    await panel.getByRole('button', { name: 'Go to idFrontReading' }).click();
    await expect.poll(() => panel.getAttribute('data-state')).toBe('sv.signedIn.sale.idFrontReading');
    expect(await panel.textContent()).toContain('Calls: api.idRecognition');
    await screenshot(page, 'studio-sv-panel');
    await panel.getByRole('button', { name: "Close the state's panel" }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('unfolds a step into its inner states and folds it again', async () => {
    await page.getByRole('button', { name: 'Whole journey' }).click();
    await stateNode('sv.signedIn.sale.checkout').getByRole('button', { name: 'Unfold checkout' }).click();
    await stateNode('sv.signedIn.sale.checkout.pricing').waitFor();
    expect(await stateNode('sv.signedIn.sale.checkout').getAttribute('data-frame')).toBe('true');
    await stateNode('sv.signedIn.sale.checkout').getByRole('button', { name: 'Fold checkout' }).click();
    await stateNode('sv.signedIn.sale.checkout.pricing').waitFor({ state: 'detached' });
  });

  it('marks the states a search finds', async () => {
    await page.getByRole('textbox', { name: 'Search states' }).fill('firma');
    await expect.poll(() => page.locator('[data-match="true"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-state-id')))).toEqual(
      expect.arrayContaining(['sv.signedIn.sale.clauses', 'sv.signedIn.sale.clientSignature', 'sv.signedIn.sale.vendorSignature', 'sv.signedIn.sale.authorizations']),
    );
    const found = diagramModel(JSON.parse(original) as JourneyConfig).states.filter((s) => [s.key, s.route ?? '', s.step ?? ''].some((t) => t.toLowerCase().includes('firma')));
    expect(await page.getByTestId('search-count').textContent()).toBe(String(found.length));
    await page.getByRole('textbox', { name: 'Search states' }).fill('');
    await expect.poll(() => page.locator('[data-match="true"]').count()).toBe(0);
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
    // The problem leads to its state's panel.
    await page.getByTestId('problems').getByRole('button').first().click();
    await expect.poll(() => page.locator('[data-panel="state"]').getAttribute('data-state')).toBe('sv.signedIn.sale.idFront');
    await page.getByRole('button', { name: "Close the state's panel" }).click();

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
    const events = await page.getByTestId('live-events').textContent();
    expect(events).toContain('step.submit');
    // The calls' answers in the journey file's words, not XState's.
    expect(events).toContain('done api.accessToken');
    expect(events).not.toContain('xstate.');
    await screenshot(page, 'studio-sv-live');
  });
});
