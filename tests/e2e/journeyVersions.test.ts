/**
 * A sale in progress across a deploy, in Chromium: the agent is at the ID review with typed data
 * when a new build of the app, with an edited journey, replaces the one the sandbox serves (the
 * same address, as a deploy does); the reload resumes the sale in the new version
 * (src/runtime/versionResume.ts). First a version that renames an earlier state and adds a step
 * after it (the review is still there: resumed in place, with the data); then one that removes
 * the review (resumed where its `formerStates` says, with its message). The journeys are
 * tests/support/journeyVersions.ts's, each built from a pack of its own (COUNTRY_PACKS).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, phoneContext, screenshot } from '../../src/tools/browser/chromium';
import { buildCountry } from '../../src/tools/browser/servedBuild';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { journeyHashOf } from '../../src/tools/replay/sessionReplay';
import { axeViolations } from '../support/axe';
import { saveLanded } from '../support/heldSave';
import { INCOME_NOTICE_STEP, renamedAndAdded, reviewRemoved, REVIEW_MOVED_MESSAGE } from '../support/journeyVersions';
import { at, readValue, sellUntilConfirmation } from '../support/sale';
import { pathOf } from '../support/servedApp';

const svText = readFileSync('journeys/sv.json', 'utf8');
const folders: string[] = [];
const tempFolder = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
};

/** A pack of El Salvador with another journey (and extra step files): the repository's other parts linked in. */
function packWith(journeyText: string, extraSteps: Array<{ step: string }> = []): string {
  const root = tempFolder('sv-version-');
  for (const part of ['countries', 'openapi', 'reference']) symlinkSync(resolve(part), join(root, part));
  mkdirSync(join(root, 'journeys'));
  writeFileSync(join(root, 'journeys', 'sv.json'), journeyText);
  cpSync(resolve('schemas/steps/sv'), join(root, 'schemas', 'steps', 'sv'), { recursive: true });
  for (const step of extraSteps) writeFileSync(join(root, 'schemas', 'steps', 'sv', `${step.step}.json`), JSON.stringify(step, null, 2));
  return root;
}

/** The folder the sandbox serves, given a build's files as a deploy replaces them. */
function deploy(served: string, build: string) {
  for (const file of readdirSync(served)) rmSync(join(served, file), { recursive: true, force: true });
  cpSync(build, served, { recursive: true });
}

const v2Text = renamedAndAdded(svText);
const v3Text = reviewRemoved(svText);
let builds: { v1: string; v2: string; v3: string };
let served: string;
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
let browser: Browser;

beforeAll(async () => {
  const [v1, v2, v3] = await Promise.all([
    buildCountry({ country: 'sv' }),
    buildCountry({ country: 'sv', packs: packWith(v2Text, [INCOME_NOTICE_STEP]) }),
    buildCountry({ country: 'sv', packs: packWith(v3Text) }),
  ]);
  builds = { v1, v2, v3 };
  served = tempFolder('sv-served-');
  deploy(served, builds.v1);
  sandbox = await runningSandbox({ staticDir: served });
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const progressOf = (page: Page) => page.getByLabel('Progreso').innerText();

describe('a sale in progress when a new version of the app is deployed', () => {
  it('resumes at the ID review with what was typed after a version that renames an earlier state and adds a step; then, after one without the review, at the contract where the journey file says, with its message', async () => {
    const page = await (await phoneContext(browser)).newPage();
    await sellUntilConfirmation(page, sandbox.address, '/id-revisar');
    const profession = page.getByLabel(/^Profesión u oficio/);
    await profession.fill('Ingeniera civil');
    await saveLanded(page, 'text', 'Ingeniera civil');
    const [n, of] = (await progressOf(page)).split('/').map(Number);

    // The version that renames the income check and adds a step after it.
    deploy(served, builds.v2);
    await page.reload();
    await page.getByRole('heading', { name: 'Revisa los datos del documento' }).waitFor();
    expect(pathOf(page)).toBe('/id-revisar');
    expect(await profession.inputValue()).toBe('Ingeniera civil');
    expect(await readValue(page, 'Número de documento')).toBe('04644848-2');
    // The new build's journey is the one running: a step more before the review.
    expect(await progressOf(page)).toBe(`${Number(n) + 1}/${Number(of) + 1}`);
    // Resumed in place: nothing to tell the agent.
    expect(await page.getByRole('status').filter({ hasText: 'Aplicación actualizada' }).count()).toBe(0);
    await saveLanded(page, 'text', journeyHashOf(JSON.parse(v2Text)));

    // The version without the review: its formerStates sends these sales to the contract.
    deploy(served, builds.v3);
    await page.reload();
    await at(page, '/contrato-formulario');
    await page.getByRole('heading', { name: 'Datos del contrato' }).waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'Aplicación actualizada' });
    expect(await notice.innerText()).toContain(REVIEW_MOVED_MESSAGE);
    // What was typed on the review that the contract still has: the names read from the document.
    expect(await readValue(page, 'Nombres')).toBe('ANA');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'version-moved-to-contract');
  }, 300_000);
});
