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
// for an answer the sandbox never gives ("accepted", where it answers "passed"), and whose
// pending debt's screen has a route of its own: "In the browser" built the repository's journeys,
// not the copy the studio shows, and replayed the copy's paths against them. The step screens
// are a copy too (`STUDIO_STEPS`), whose client step's button sends an event of the copy's own:
// an app built from the repository's step screens (or a driver reading them) stays on that step.
/** The copy's route of the pending debt's screen, which the repository's app never shows. */
const COPY_ROUTE = '/deuda-pendiente-de-la-copia';
/** The copy's event of the client step's button, in its journey and its step screen. */
const COPY_EVENT = 'step.checkClient';

let studio: Awaited<ReturnType<typeof startStudio>>;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [studio, browser] = await Promise.all([startStudio({ steps: true }), launchChromium()]);
  const file = join(studio.journeysDir, 'sv.json');
  const text = readFileSync(file, 'utf8');
  const stepFile = join(studio.stepsDir as string, 'sv', 'clientInformation.json');
  const step = readFileSync(stepFile, 'utf8');
  const editedStep = step.replace('{ "label": "Continuar", "event": "step.submit",', `{ "label": "Continuar", "event": "${COPY_EVENT}",`);
  expect(editedStep).not.toBe(step);
  writeFileSync(stepFile, editedStep);
  const edited = text
    .replace('"on": {\n                "step.submit": {\n                  "target": "clientChecking",', `"on": {\n                "${COPY_EVENT}": {\n                  "target": "clientChecking",`)
    .replace('{"type": "equals", "params": {"at": "/event/output/status", "value": "passed"}}', '{"type": "equals", "params": {"at": "/event/output/status", "value": "accepted"}}')
    .replace('"meta": {"example": {"output": {"status": "passed"}}}', '"meta": {"example": {"output": {"status": "accepted"}}}')
    .replace('"meta": {"route": "/deuda-pendiente",', `"meta": {"route": "${COPY_ROUTE}",`);
  // Both the guard's value and its example changed, and the route.
  expect(edited.split('"accepted"').length - text.split('"accepted"').length).toBe(2);
  expect(edited).toContain(COPY_ROUTE);
  expect(edited).toContain(`"${COPY_EVENT}"`);
  writeFileSync(file, edited);
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 120_000);

/** The copy's paths, and the shortest through the e-mail check's "accepted" branch: its answer, then the registration. */
async function pathsOfCopy() {
  const { paths } = (await (await page.request.get(`${studio.address}/__studio/api/paths?country=sv`)).json()) as PathsAnswer;
  const through = paths
    .filter((path) => path.steps.some((step, i) => step.label.startsWith('done api.emailChecker') && path.steps[i + 1]?.place === '(registering)'))
    .sort((a, b) => a.agentEvents - b.agentEvents)[0];
  if (!through) throw new Error('no path through the e-mail check to the registration');
  return { paths, through };
}

afterAll(async () => {
  await browser?.close();
  await studio?.close();
});

describe("the studio's Paths tab", () => {
  it("replays all the paths shown, names the call whose answer differed, and shows where one left on the diagram", async () => {
    const { paths, through } = await pathsOfCopy();
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

  it("replays a path in Chromium from the tab, against the app built from the copy's journeys and step screens, its screenshots as a gallery", async () => {
    const { paths } = (await (await page.request.get(`${studio.address}/__studio/api/paths?country=sv`)).json()) as PathsAnswer;
    // The shortest an agent starts (the edited e-mail check is not on it): it ends on the pending
    // debt's screen, at the copy's route, which an app built from the repository's journeys never shows.
    const short = paths.filter((p) => !p.steps[0]?.label.startsWith('app.')).sort((a, b) => a.agentEvents - b.agentEvents)[0];
    if (!short) throw new Error('no path');
    expect(short.end).toBe(COPY_ROUTE);
    expect(short.steps.map((step) => step.label)).toContain(COPY_EVENT);
    await page.goto(`${studio.address}/__studio/?country=sv`);
    await page.getByRole('tab', { name: 'Paths' }).click();
    await page.getByRole('textbox', { name: 'Paths' }).fill(short.name);
    const row = page.locator(`[data-path="${short.name}"]`);
    await row.getByRole('button', { name: `Replay in the browser: ${short.name}` }).click();
    const result = row.locator('[data-browser-replay]');
    // The build (the copy's: a pack folder of its own, src/studio/server/panels/shownPack.ts) and the replay.
    await result.waitFor({ timeout: 400_000 });
    expect(await result.getAttribute('data-browser-replay'), (await result.textContent()) ?? '').not.toBe('failed');
    const shots = result.getByRole('img');
    // A screenshot of each step acted on, and of the end: the copy's route shown.
    expect(await shots.count()).toBe(short.agentEvents + 1);
    expect(await shots.last().getAttribute('alt')).toMatch(new RegExp(`^\\d+-${COPY_ROUTE.slice(1)}\\.png$`));
    expect(await shots.first().getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect.poll(() => shots.first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    await screenshot(page, 'studio-replay-in-browser');
  }, 500_000);

  // The browser's replay said "the last call, emailChecker, answered 200" beside that call's own
  // example; like the Node replay, it names the call whose answer sent the journey elsewhere.
  it("says, for a replay in the browser that left its path, the call whose answer differed with the example's values", async () => {
    const { through } = await pathsOfCopy();
    await page.goto(`${studio.address}/__studio/?country=sv`);
    await page.getByRole('tab', { name: 'Paths' }).click();
    await page.getByRole('textbox', { name: 'Paths' }).fill(through.name);
    const row = page.locator(`[data-path="${through.name}"]`);
    await row.getByRole('button', { name: `Replay in the browser: ${through.name}` }).click();
    const result = row.locator('[data-browser-replay]');
    // The copy's build is the one the test before made (the same version of the journey).
    await result.waitFor({ timeout: 400_000 });
    const said = (await result.textContent()) ?? '';
    expect(await result.getAttribute('data-browser-replay'), said).toBe('failed');
    // The app built from the repository's journeys would have gone on to the registration.
    expect(said).toContain(`emailChecker's answer differed from the path's example: the example has /status = "accepted", the sandbox answered 200`);
    expect(said).toContain('the path goes on to sv.signedIn.sale.registering, the journey went to sv.signedIn.sale.contract');
    expect(said).not.toContain('the last call');
    await screenshot(page, 'studio-replay-in-browser-left');
  }, 500_000);
});
