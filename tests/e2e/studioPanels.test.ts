import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PathsAnswer } from '../../src/studio/panelApi';
import { launchChromium, screenshot } from '../../src/tools/browser/chromium';
import { startStudio } from '../support/studio';

// The studio's panels (issue #15 point 4) in real Chromium over the real dev server (`npm run
// studio`): a step's screen previewed with sample data, a path replayed against a sandbox, the
// meaning-level diff of a product owner's edit. One studio for the file.
let studio: Awaited<ReturnType<typeof startStudio>>;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [studio, browser] = await Promise.all([startStudio(), launchChromium()]);
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${studio.address}/__studio/?country=sv`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await studio?.close();
});

/**
 * Opens a panel's tab and does what the test does there. Other test runs in the same checkout
 * regenerate files the dev server watches (tests/globalSetup.ts), and the page then reloads on
 * its own: once more on a fresh page before failing.
 */
async function inTab<T>(tab: string, act: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.getByRole('tab', { name: tab }).click();
      return await act();
    } catch (error) {
      if (attempt === 2) throw error;
      await page.goto(`${studio.address}/__studio/?country=sv`);
    }
  }
}

describe("the studio's panels", () => {
  it("previews El Salvador's client information step filled with sample data, no journey running", async () => {
    const preview = page.getByRole('region', { name: 'Preview of /información-del-cliente' });
    const number = preview.getByRole('textbox', { name: 'Número de documento' });
    await inTab('Step preview', async () => {
      await page.getByRole('button', { name: /\/información-del-cliente/ }).click();
      await preview.getByRole('heading', { name: 'Información del cliente' }).waitFor({ timeout: 30_000 });
      // The journey's example of the step's submit fills the document; its select shows the default.
      await expect.poll(() => number.inputValue(), { timeout: 10_000 }).toBe('046448482');
    });
    expect(await preview.getByLabel(/^Tipo de documento/).first().inputValue()).toBe('DUI');
    // The screen's button is the app's, enabled as the data is valid; pressing it moves nothing.
    await preview.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('"type":"step.submit"').waitFor();
    expect(await preview.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'studio-step-preview');
  });

  it("lists El Salvador's paths and replays a short one to its end against a sandbox", async () => {
    const { paths } = (await (await page.request.get(`${studio.address}/__studio/api/paths?country=sv`)).json()) as PathsAnswer;
    expect(paths.length).toBeGreaterThan(10);
    // The shortest way an agent starts (not one the shell starts with app.*): a sale that ends at a debt.
    const short = paths.filter((p) => !p.steps[0]?.label.startsWith('app.')).sort((a, b) => a.agentEvents - b.agentEvents)[0];
    if (!short) throw new Error('no path');
    const row = page.locator(`[data-path="${short.name}"]`);
    const result = row.locator('[data-replay-result]');
    await inTab('Paths', async () => {
      await page.getByText(`of ${paths.length} paths`).waitFor({ timeout: 30_000 });
      await page.getByRole('textbox', { name: 'Paths' }).fill(short.name);
      await expect.poll(() => page.locator('[data-path]').count()).toBe(1);
      await row.getByRole('button', { name: `Replay ${short.name}` }).click();
      await result.waitFor({ timeout: 30_000 });
    });
    expect(await result.getAttribute('data-replay-result')).toBe('passed');
    expect(await result.textContent()).toContain('✓');
    const steps = (await row.locator('[data-replay-steps]').textContent()) ?? '';
    expect(steps.split('\n')).toHaveLength(short.agentEvents);
    expect(steps).toContain('/ --step.submit-->');
    await screenshot(page, 'studio-path-replay');
  });

  it("lists the changes of a product owner's edit of sv.json, grouped", async () => {
    const fixture = JSON.parse(readFileSync('tests/fixtures/diff/sv-edits.json', 'utf8')) as { expect: string[] };
    // Two versions chosen by hand (the tab's first section compares the journey with the last commit: tests/e2e/studioDiff.test.ts).
    const twoVersions = page.getByRole('region', { name: 'Compare two versions' });
    await inTab('Diff', async () => {
      await page.getByRole('combobox', { name: 'Before: a version of a journey' }).selectOption('journeys/sv.json');
      await page.getByRole('combobox', { name: 'After: a version of a journey' }).selectOption('tests/fixtures/diff/sv-edits.json');
      await page.getByRole('button', { name: 'Compare' }).click();
      await twoVersions.locator('[data-change-count]').waitFor({ timeout: 30_000 });
    });
    const lines = await twoVersions.locator('[data-change]').allTextContents();
    expect(lines.sort()).toEqual([...fixture.expect].sort());
    // Grouped as a product owner reads them.
    const group = (name: string) => twoVersions.getByRole('region', { name }).locator('[data-change]').allTextContents();
    expect(await group('Steps')).toEqual(['~ step sv.signedIn.sale.checkout: route "/proceder-pago" → "/plazo-del-contrato"']);
    expect(await group('Fields')).toEqual(['+ data /context/sale/notes']);
    expect(await group('Messages')).toHaveLength(2);
    await screenshot(page, 'studio-diff');

    // A pasted text that is no journey says where it breaks.
    await page.getByRole('combobox', { name: 'After: a version of a journey' }).selectOption('(paste or upload a JSON)');
    await page.getByRole('textbox', { name: "After: the journey's JSON" }).fill('{"id": "sv",');
    await page.getByRole('button', { name: 'Compare' }).click();
    await expect.poll(() => twoVersions.getByRole('alert').textContent()).toMatch(/pasted JSON:1:\d+ /);
  });
});
