import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JourneyConfig } from '../../src/pack/journeyTypes';
import { effectLines, formatChange } from '../../src/tools/diff/changeLines';
import { diffJourneys } from '../../src/tools/diff/journeyDiff';
import { launchChromium, screenshot } from '../../src/tools/browser/chromium';
import { MOVED, RENAMED, renamedAndMoved } from '../support/journeyIntentEdits';
import { startStudio } from '../support/studio';

// Issue #37, a diff by intent in the studio: the Diff tab shows the chosen country's journey
// against the last git commit by default, a renamed state and a moved step said as such with the
// progress numbers and paths each changes (the lines `npm run journeys:diff` prints), and follows
// the journey selector. Before, the tab compared two files chosen by hand, whatever the journey
// shown, and said a rename as a state removed and another added. In real Chromium over the real
// dev server (`npm run studio`), its journeys folder made a git checkout of its own.
let studio: Awaited<ReturnType<typeof startStudio>>;
let browser: Browser;
let page: Page;

const sv = readFileSync('journeys/sv.json', 'utf8');
const edited = renamedAndMoved(sv);

const git = (cwd: string, ...args: string[]) => {
  const result = spawnSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
};

beforeAll(async () => {
  [studio, browser] = await Promise.all([startStudio(), launchChromium()]);
  // Every journey committed as the repository has it, then El Salvador's edited as a product owner would.
  git(studio.journeysDir, 'init', '-q');
  git(studio.journeysDir, 'add', '.');
  git(studio.journeysDir, 'commit', '-q', '-m', 'the journeys as they were');
  writeFileSync(join(studio.journeysDir, 'sv.json'), edited);
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${studio.address}/__studio/?country=sv`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await studio?.close();
});

describe("the studio's Diff tab", () => {
  const section = () => page.getByRole('region', { name: 'Since the last commit' });

  // The server and this test each explore both versions' paths: seconds each on a loaded 2-core machine.
  it("shows El Salvador's journey against the last commit: the rename and the move with the progress numbers and paths they change", async () => {
    await page.getByRole('tab', { name: 'Diff' }).click();
    // Exploring both versions' paths takes the server a few seconds on a loaded machine.
    await section().locator('[data-intent="moved"]').waitFor({ timeout: 90_000 });
    // What the command prints for the same two versions, a change's own line and the lines under it.
    const expected = diffJourneys(JSON.parse(sv) as JourneyConfig, JSON.parse(edited) as JourneyConfig).filter((c) => c.change === 'renamed' || c.change === 'moved');
    const renamed = expected.find((c) => c.change === 'renamed');
    const moved = expected.find((c) => c.change === 'moved');
    if (!renamed || !moved) throw new Error('the command reads no rename or no move in the edit');
    expect(await section().locator('[data-change="renamed"]').allTextContents()).toEqual([`renamed ${RENAMED.from} → ${RENAMED.to}`]);
    expect(await section().locator('[data-change="moved"]').allTextContents()).toEqual([formatChange(moved)]);
    expect(formatChange(moved)).toMatch(new RegExp(`^moved ${MOVED.replace(/\./g, '\\.')}: now after clauses, before clientSignature`));
    const under = (change: string) => section().locator(`[data-intent="${change}"] [data-effect]`).allTextContents();
    expect(await under('renamed')).toEqual(effectLines(renamed));
    expect(await under('moved')).toEqual(effectLines(moved));
    // The move's progress numbers and paths are there, not only its transitions.
    expect((await under('moved')).some((line) => line.startsWith(`progress: ${MOVED} `) || line.includes(`, ${MOVED} `))).toBe(true);
    expect((await under('moved')).some((line) => line.startsWith('paths whose steps change'))).toBe(true);
    // The paths through the renamed step, by their names (renamed, or gone and new where the move changed their steps too).
    expect((await under('renamed')).some((line) => /^path (renamed|gone|new): /.test(line))).toBe(true);
    // Neither as states removed and added.
    expect(await section().locator('[data-change="removed"], [data-change="added"]').allTextContents()).not.toContainEqual(expect.stringMatching(/^[-+] state /));
    await screenshot(page, 'studio-diff-last-commit');
  }, 180_000);

  it('marks the renamed and the moved step on the diagram, and no unchanged step', async () => {
    await page.getByRole('tab', { name: 'Diagram' }).click();
    await page.getByRole('switch', { name: 'Mark the changes since the last commit' }).check();
    const marked = () => page.locator('[data-changed="true"]').evaluateAll((boxes) => boxes.map((b) => b.getAttribute('data-state-id')));
    await expect.poll(marked, { timeout: 90_000 }).toEqual(expect.arrayContaining([RENAMED.to, MOVED]));
    expect(await marked()).not.toContain('sv.signedIn.sale.idFront');
    await screenshot(page, 'studio-diff-marks');
    await page.getByRole('switch', { name: 'Mark the changes since the last commit' }).uncheck();
    await expect.poll(() => page.locator('[data-changed="true"]').count()).toBe(0);
    await page.getByRole('tab', { name: 'Diff' }).click();
  }, 120_000);

  it('follows the journey selector: Honduras, unchanged since the last commit', async () => {
    await page.getByRole('combobox', { name: 'Journey', exact: true }).click();
    await page.getByRole('option', { name: 'hn', exact: true }).click();
    await page.locator('[data-last-commit="hn"] [data-change-count="0"]').waitFor({ timeout: 60_000 });
    expect(await section().getByText('No change in meaning.').count()).toBe(1);
    expect(await section().locator('[data-intent]').count()).toBe(0);
  });
});
