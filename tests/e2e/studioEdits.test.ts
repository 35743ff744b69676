import { execFile } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from '../../src/tools/browser/chromium';
import { axeViolations } from '../support/axe';
import { startStudio } from '../support/studio';

// The studio's edits (issue #37) in real Chromium over the real dev server (`npm run studio`),
// on copies of journeys/ and schemas/steps/ made a git repository before the edits: what the
// product owner changes in the state panel is written back to the files, each change one line of
// the file as it was written, undone and redone exactly, and the files pass journeys:check.
const run = promisify(execFile);
/** An edit is checked as journeys:check checks (a second or so on a loaded machine) before the page hears back. */
const WAIT = { timeout: 20_000 };
let studio: Awaited<ReturnType<typeof startStudio>>;
let browser: Browser;
let page: Page;

const git = (...args: string[]) => run('git', ['-c', 'user.name=studio test', '-c', 'user.email=studio@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: studio.root });

beforeAll(async () => {
  [studio, browser] = await Promise.all([startStudio({ steps: true }), launchChromium()]);
  // The rest of the pack beside the copies, so that journeys:check can be pointed at the folder (COUNTRY_PACKS).
  for (const part of ['countries', 'reference', 'openapi']) cpSync(part, join(studio.root, part), { recursive: true });
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-q', '-m', 'the files before the edits');
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await studio?.close();
});

/**
 * Opens a state's panel from the page's address. Other test runs in the same checkout regenerate
 * files the dev server watches (tests/globalSetup.ts), and the page then reloads on its own: once
 * more before failing.
 */
async function openState(id: string) {
  const key = id.split('.').at(-1) ?? id;
  const editor = page.getByRole('region', { name: `Edit ${key}` });
  for (let attempt = 1; ; attempt++) {
    await page.goto(`${studio.address}/__studio/?country=sv&state=${id}`);
    try {
      await editor.getByRole('button', { name: /^Undo/ }).waitFor({ timeout: 30_000 });
      return editor;
    } catch (error) {
      if (attempt === 2) throw error;
    }
  }
}

const undoCount = (editor: ReturnType<Page['getByRole']>) => editor.getByRole('button', { name: /^Undo/ }).textContent();

/** The WCAG 2.2 A and AA rules axe-core finds broken in the editor (names of controls, contrast...): the rest of the page is other tests'. */
async function editorViolations(): Promise<string[]> {
  await axeViolations(page); // loads axe-core into the page
  return page.evaluate(async () => {
    type Axe = { run: (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }> }> };
    const { axe } = window as unknown as { axe: Axe };
    const { violations } = await axe.run({ include: [['[data-panel="edit"]']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.map(String).join(' ')).join(', ')}`);
  });
}

/** The `-` and `+` lines of the copy's `git diff` (not the files' `---`/`+++` lines). */
async function diffLines(): Promise<string[]> {
  const { stdout } = await git('diff', '--no-color', '--unified=0');
  return stdout.split('\n').filter((line) => /^[-+](?![-+]{2} )/.test(line));
}

describe("the studio's edits", () => {
  it("writes a step's title, a field's maximum length and a transition's target; undone once and redone, the git diff is those three lines and journeys:check passes", async () => {
    const idReview = await openState('sv.signedIn.sale.idReview');
    await idReview.getByRole('textbox', { name: 'Step title' }).fill('Revisa el documento');
    await idReview.getByRole('button', { name: 'Save title' }).click();
    await expect.poll(() => undoCount(idReview), WAIT).toBe('Undo (1)');
    await idReview.getByRole('spinbutton', { name: 'Profesión u oficio maximum length' }).fill('60');
    await idReview.getByRole('button', { name: 'Save field Profesión u oficio' }).click();
    await expect.poll(() => undoCount(idReview), WAIT).toBe('Undo (2)');

    // A target that strands a state is refused with the checker's words; the choice stays as made.
    const submit = idReview.getByRole('combobox', { name: 'step.submit goes to' });
    await submit.selectOption('sv.signedIn.sale.contract');
    await idReview.getByRole('button', { name: 'Save the target of step.submit' }).click();
    await expect.poll(() => idReview.getByRole('alert').textContent(), WAIT).toContain('unreachable state "duiValidating": no transition leads here');
    expect(await submit.inputValue()).toBe('sv.signedIn.sale.contract');
    expect(await undoCount(idReview)).toBe('Undo (2)');
    await screenshot(page, 'studio-edit-refused');
    expect(await editorViolations()).toEqual([]);

    const failed = await openState('sv.signedIn.sale.clientInfoFailed');
    await failed.getByRole('combobox', { name: 'step.retry goes to' }).selectOption('sv.signedIn.sale.address');
    await failed.getByRole('button', { name: 'Save the target of step.retry' }).click();
    await expect.poll(() => undoCount(failed), WAIT).toBe('Undo (3)');
    const journey = readFileSync(join(studio.journeysDir, 'sv.json'), 'utf8');

    await failed.getByRole('button', { name: /^Undo/ }).click();
    await expect.poll(() => failed.getByRole('button', { name: /^Redo/ }).textContent(), WAIT).toBe('Redo (1)');
    expect((await diffLines()).some((line) => line.includes('step.retry'))).toBe(false);
    await failed.getByRole('button', { name: /^Redo/ }).click();
    await expect.poll(() => undoCount(failed), WAIT).toBe('Undo (3)');
    expect(await failed.getByRole('combobox', { name: 'step.retry goes to' }).inputValue()).toBe('sv.signedIn.sale.address');
    expect(readFileSync(join(studio.journeysDir, 'sv.json'), 'utf8')).toBe(journey);
    await screenshot(page, 'studio-edit-redone');

    expect(await diffLines()).toEqual([
      '-                "step.retry": "clientInfo",',
      '+                "step.retry": "address",',
      '-  "title": "Revisa los datos del documento",',
      '+  "title": "Revisa el documento",',
      '-      "cliProfession": { "type": "string", "title": "Profesión u oficio", "maxLength": 50 },',
      '+      "cliProfession": { "type": "string", "title": "Profesión u oficio", "maxLength": 60 },',
    ]);
    const check = await run(process.execPath, ['--import', 'tsx', 'scripts/journeysCheck.ts', join(studio.journeysDir, 'sv.json')], { env: { ...process.env, COUNTRY_PACKS: studio.root } });
    expect(check.stderr).toMatch(/^1 journey file\(s\) and \d+ step file\(s\) checked: all sound\.$/m);
    expect(check.stdout).toBe('');
  }, 180_000);
});
