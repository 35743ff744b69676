import { execFile } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
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

  it("writes a step's description and paragraphs and a field's help and placeholder from the page, adding those the file lacked; the git diff is those lines and journeys:check passes", async () => {
    // The diff below is this test's alone.
    await git('add', '-A');
    await git('commit', '-q', '--allow-empty', '-m', 'the edits before');
    const undone = async (editor: ReturnType<Page['getByRole']>) => Number(/\((\d+)\)/.exec((await undoCount(editor)) ?? '')?.[1]);

    const clientInfo = await openState('sv.signedIn.sale.clientInfo');
    const start = await undone(clientInfo);
    await clientInfo.getByRole('textbox', { name: 'Step description', exact: true }).fill('Ingresa el documento del cliente');
    await clientInfo.getByRole('textbox', { name: 'New paragraph', exact: true }).fill('Ten a mano el documento original');
    await clientInfo.getByRole('button', { name: 'Save texts' }).click();
    await expect.poll(() => undone(clientInfo), WAIT).toBe(start + 2);
    const documentNumber = clientInfo.getByRole('group', { name: 'Field Número de documento' });
    await documentNumber.getByRole('textbox', { name: 'Número de documento help' }).fill('DUI: 9 dígitos, con guion');
    await documentNumber.getByRole('textbox', { name: 'Número de documento placeholder' }).fill('12345678-9');
    await documentNumber.getByRole('button', { name: 'Save field Número de documento' }).click();
    await expect.poll(() => undone(clientInfo), WAIT).toBe(start + 4);
    const documentType = clientInfo.getByRole('group', { name: 'Field Tipo de documento' });
    await documentType.getByRole('textbox', { name: 'Tipo de documento help' }).fill('El documento que presenta el cliente');
    await documentType.getByRole('button', { name: 'Save field Tipo de documento' }).click();
    await expect.poll(() => undone(clientInfo), WAIT).toBe(start + 5);
    await expect.poll(() => clientInfo.getByRole('textbox', { name: 'Paragraph 1', exact: true }).inputValue(), WAIT).toBe('Ten a mano el documento original');
    await screenshot(page, 'studio-edit-texts');
    expect(await editorViolations()).toEqual([]);

    const verifyPhone = await openState('sv.signedIn.sale.verifyPhone');
    await verifyPhone.getByRole('textbox', { name: 'Paragraph 1', exact: true }).fill('¿No te llegó el código?');
    await verifyPhone.getByRole('button', { name: 'Save texts' }).click();
    await expect.poll(() => undone(verifyPhone), WAIT).toBe(start + 6);

    // A text the screen needs, emptied, is refused with the checker's line; what was typed stays.
    const confirmOrder = await openState('sv.signedIn.sale.confirmOrder');
    const line = confirmOrder.getByRole('textbox', { name: 'Line 1 label', exact: true });
    await line.fill('');
    await confirmOrder.getByRole('button', { name: 'Save texts' }).click();
    await expect.poll(() => confirmOrder.getByRole('alert').textContent(), WAIT).toContain('/uiSchema/ui:options/lines/0/label: must not be empty');
    expect(await line.inputValue()).toBe('');
    expect(await undone(confirmOrder)).toBe(start + 6);

    expect(await diffLines()).toEqual([
      '-  "description": "Ingresa el documento de identidad del cliente",',
      '+  "description": "Ingresa el documento del cliente",',
      '+  "text": ["Ten a mano el documento original"],',
      '-    "documentType": { "ui:widget": "select" },',
      '+    "documentType": { "ui:widget": "select", "ui:help": "El documento que presenta el cliente" },',
      '-      "ui:placeholder": "00000000-0",',
      '-      "ui:help": "DUI: 9 dígitos (00000000-0). Pasaporte o Carnet de Residente: hasta 30 caracteres."',
      '+      "ui:placeholder": "12345678-9",',
      '+      "ui:help": "DUI: 9 dígitos, con guion"',
      '-  "text": ["¿No recibiste el código?"],',
      '+  "text": ["¿No te llegó el código?"],',
    ]);
    const check = await run(process.execPath, ['--import', 'tsx', 'scripts/journeysCheck.ts', join(studio.journeysDir, 'sv.json')], { env: { ...process.env, COUNTRY_PACKS: studio.root } });
    expect(check.stderr).toMatch(/^1 journey file\(s\) and \d+ step file\(s\) checked: all sound\.$/m);
    expect(check.stdout).toBe('');
  }, 180_000);

  it('re-checks a step file saved in an editor at once: its problem shows in the list, naming the file, and goes once the file is fixed', async () => {
    // Regression: only the journeys folder was watched, so a step file's save waited for the journey's next save.
    await page.goto(`${studio.address}/__studio/?country=sv`);
    const count = page.getByTestId('problem-count');
    await count.filter({ hasText: 'no problems' }).waitFor(WAIT);
    const file = join(studio.root, 'schemas', 'steps', 'sv', 'verifyPhone.json');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace('"event": "otp.resend"', '"event": "otp.resendX"'));
    const problem = page.getByTestId('problems').getByText(/verifyPhone\.json:\d+:\d+ \/buttons\/1\/event: .*otp\.resendX/);
    await problem.waitFor(WAIT);
    await screenshot(page, 'studio-step-file-problem');
    writeFileSync(file, original);
    await count.filter({ hasText: 'no problems' }).waitFor(WAIT);
    expect(await problem.count()).toBe(0);
  }, 120_000);
});
