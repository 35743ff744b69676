import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PathsAnswer } from '../../src/studio/panelApi';
import { launchChromium, screenshot } from '../../src/tools/browser/chromium';
import { startStudio } from '../support/studio';

// The Paths tab's "Replay all" (issue #37): each replay's status, and for each that left its path
// the call whose answer differed from the path's example (the tab named the last call made), and
// a link to the diagram where it left. Over a copy of the journeys whose e-mail check goes on only
// for an answer the sandbox never gives ("accepted", where it answers "passed").
let studio: Awaited<ReturnType<typeof startStudio>>;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [studio, browser] = await Promise.all([startStudio(), launchChromium()]);
  const file = join(studio.journeysDir, 'sv.json');
  const text = readFileSync(file, 'utf8');
  const edited = text
    .replace('{"type": "equals", "params": {"at": "/event/output/status", "value": "passed"}}', '{"type": "equals", "params": {"at": "/event/output/status", "value": "accepted"}}')
    .replace('"meta": {"example": {"output": {"status": "passed"}}}', '"meta": {"example": {"output": {"status": "accepted"}}}');
  // Both the guard's value and its example changed.
  expect(edited.split('"accepted"').length - text.split('"accepted"').length).toBe(2);
  writeFileSync(file, edited);
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await studio?.close();
});

describe("the studio's Paths tab", () => {
  it("replays all the paths shown, names the call whose answer differed, and shows where one left on the diagram", async () => {
    const { paths } = (await (await page.request.get(`${studio.address}/__studio/api/paths?country=sv`)).json()) as PathsAnswer;
    // The shortest path through the e-mail check's "accepted" branch: its answer, then the registration.
    const through = paths
      .filter((path) => path.steps.some((step, i) => step.label.startsWith('done api.emailChecker') && path.steps[i + 1]?.place === '(registering)'))
      .sort((a, b) => a.agentEvents - b.agentEvents)[0];
    if (!through) throw new Error('no path through the e-mail check to the registration');
    await page.goto(`${studio.address}/__studio/?country=sv`);
    await page.getByRole('tab', { name: 'Paths' }).click();
    await page.getByText(`of ${paths.length} paths`).waitFor({ timeout: 60_000 });
    await page.getByRole('textbox', { name: 'Paths' }).fill(through.name);
    const shown = await expect.poll(() => page.locator('[data-path]').count()).toBeGreaterThan(0).then(() => page.locator('[data-path]').count());
    await page.getByRole('button', { name: `Replay all ${shown} paths shown` }).click();
    const why = page.locator(`[data-replay-why="${through.name}"]`);
    await why.waitFor({ timeout: 60_000 * shown });
    expect(await why.textContent()).toContain(`emailChecker's answer differed from the path's example: the example has /status = "accepted", the sandbox answered /status = "passed"`);
    const row = page.locator(`[data-path="${through.name}"]`);
    expect(await row.locator('[data-replay-result]').getAttribute('data-replay-result')).toBe('failed');
    expect(await row.locator('[data-replay-differed]').textContent()).toContain('emailChecker');
    await expect.poll(() => page.locator('[data-replay-counts]').textContent(), { timeout: 60_000 * shown }).toMatch(new RegExp(`^${shown} replayed: `));
    await screenshot(page, 'studio-replay-all');
    // Where it left, on the diagram: the tab changes and the path's states are outlined.
    await row.getByRole('button', { name: 'Show where it left the path' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Diagram' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.locator('[data-left-path="true"]').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.locator('[data-on-path="true"]').count()).toBeGreaterThan(3);
    // The state where it left has its panel open.
    await page.locator('[data-panel="state"]').waitFor();
    await screenshot(page, 'studio-replay-left-on-diagram');
  }, 300_000);

  it('replays a path in Chromium from the tab, against the app built for the country, its screenshots as a gallery', async () => {
    const { paths } = (await (await page.request.get(`${studio.address}/__studio/api/paths?country=sv`)).json()) as PathsAnswer;
    // The shortest an agent starts (the edited e-mail check is not on it): the app is built from the pack.
    const short = paths.filter((p) => !p.steps[0]?.label.startsWith('app.')).sort((a, b) => a.agentEvents - b.agentEvents)[0];
    if (!short) throw new Error('no path');
    await page.goto(`${studio.address}/__studio/?country=sv`);
    await page.getByRole('tab', { name: 'Paths' }).click();
    await page.getByRole('textbox', { name: 'Paths' }).fill(short.name);
    const row = page.locator(`[data-path="${short.name}"]`);
    await row.getByRole('button', { name: `Replay in the browser: ${short.name}` }).click();
    const result = row.locator('[data-browser-replay]');
    // The build (shared with the run's other browser tests) and the replay.
    await result.waitFor({ timeout: 400_000 });
    expect(await result.getAttribute('data-browser-replay')).not.toBe('failed');
    const shots = result.getByRole('img');
    // A screenshot of each step acted on, and of the end.
    expect(await shots.count()).toBe(short.agentEvents + 1);
    expect(await shots.first().getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect.poll(() => shots.first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    await screenshot(page, 'studio-replay-in-browser');
  }, 500_000);
});
