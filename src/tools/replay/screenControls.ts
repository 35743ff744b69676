/**
 * The controls of a step's screen as the browser replay works them: its form filled field by
 * field (each by its widget's filler, a value the document locked opened first), a button of the
 * step pressed once it is enabled, a list's pages turned one at a time.
 */
import type { Page } from 'playwright-core';
import { PAGE_WORDS, type PagesOption } from '../../screens/listPage';
import { decodedPath, pause } from './browserPlace';
import { fieldFillers, formFillers, NotDrivable, type DriveContext } from './fillers';
import { fillGroup } from './groupFiller';
import { choiceTitle, labelPattern, type ScreenField, type StepScreenFile } from './stepScreen';

/** Every field of the data the screen has, each by its widget's filler; the step's own widget first. */
export async function fillForm(ctx: DriveContext, screen: StepScreenFile, data: Record<string, unknown>): Promise<void> {
  if (screen.formWidget) {
    const fill = formFillers[screen.formWidget];
    if (!fill) throw new NotDrivable(`the step's widget "${screen.formWidget}" cannot be driven`);
    // The whole-form widget gives the fields their values (what the upload answered...).
    return fill(ctx, data, screen.rootOptions);
  }
  const required = new Set(Array.isArray(screen.file.schema?.required) ? screen.file.schema.required.map(String) : []);
  for (const field of screen.fields) {
    const value = data[field.name];
    if (value === undefined || field.fixed) continue;
    try {
      await fillField(ctx, field, value);
    } catch (error) {
      // An optional field with nothing to choose (the call that lists its choices failed, as the
      // path has it: the add-ons' list) is left empty, as an agent would, and noted (a note fails
      // the path in --strict); a required one stops the replay there.
      if (!(error instanceof NotDrivable) || required.has(field.name)) throw error;
      ctx.notes.push(`${field.label}: nothing to choose (${error.message}), left empty`);
    }
  }
}

/** A field given its value by its widget's filler, then the screen settled. */
export async function fillField(ctx: DriveContext, field: ScreenField, value: unknown): Promise<void> {
  const { page, notes } = ctx;
  // A value locked as the document gave it: left when it is the one wanted, else opened ("Editar").
  const shownAs = page.getByRole('group', { name: labelPattern(field.label) }).locator('[data-readonly-value]');
  if ((await shownAs.count()) > 0) {
    const shown = (await shownAs.first().innerText()).trim();
    if (shown === String(value) || shown === choiceTitle(field.schema, value)) return;
    const edit = page.getByRole('button', { name: `Editar ${field.label.toLowerCase()}`, exact: true });
    if ((await edit.count()) === 0) return void notes.push(`${field.label}: shown as "${shown}", not typed`);
    await edit.click();
  }
  const fill = field.widget === 'group' ? fillGroup : fieldFillers[field.widget];
  if (!fill) throw new NotDrivable(`the field "${field.name}" ("${field.label}") has the widget "${field.widget}", which the driver cannot fill`);
  await fill(ctx, field, value);
  await ctx.settle();
}

/**
 * Presses a button of the step (in the row of `id` when the screen lists rows), once it is
 * enabled. A row not listed (the path's lead is not the seller's the seed signed in) is replaced
 * by the first row, said in `notes`.
 */
export async function press(page: Page, label: string, id: unknown, notes?: string[]): Promise<void> {
  // The step's own buttons, not the sidebar's entries of the same names.
  const main = page.locator('main');
  // An event about one row (a lead by its id) is sent from that row's button: a row must be listed.
  const rows = main.locator('[data-testid=row]');
  let row = rows.filter({ hasText: String(id) });
  if (id !== undefined && (await row.count()) === 0) {
    if (!notes || (await rows.count()) === 0) throw new NotDrivable(`no row of ${String(id)} listed on the screen to press "${label}" on`);
    notes.push(`${String(id)} is not listed, pressed "${label}" on the first row`);
    row = rows;
  }
  const scope = id !== undefined ? row.first() : main;
  const button = scope.getByRole('button', { name: label, exact: true }).first();
  await button.waitFor({ timeout: 10_000 }).catch(() => {
    throw new NotDrivable(`no button "${label}" on the screen`);
  });
  const until = Date.now() + 15_000;
  while (!(await button.isEnabled())) {
    if (Date.now() > until) throw new NotDrivable(`the button "${label}" stays disabled (a required field empty?)`);
    await pause(100);
  }
  await button.click();
}

/**
 * Goes to page `wanted` of a list by its buttons, which go one page at a time: the page shown is
 * read where the screen writes it, in the step's words (`pages.text`).
 */
export async function goToPage(page: Page, pages: PagesOption, wanted: unknown): Promise<void> {
  const template = (pages.text ?? PAGE_WORDS.text).replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const words = new RegExp(`^${template.replace('{page}', '(\\d+)').replace(/\{\w+\}/g, '\\d+')}$`);
  const shown = page.locator('main').getByRole('status').filter({ hasText: words });
  if ((await shown.count()) === 0) throw new NotDrivable(`the list on ${decodedPath(page)} has a single page: no page ${String(wanted)} to go to`);
  const current = Number(words.exec((await shown.first().innerText()).trim())?.[1]);
  const label = wanted === current + 1 ? (pages.next ?? PAGE_WORDS.next) : wanted === current - 1 ? (pages.previous ?? PAGE_WORDS.previous) : undefined;
  if (!label) throw new NotDrivable(`the list shows page ${current}, and its buttons go one page at a time: not to page ${String(wanted)}`);
  await press(page, label, undefined);
}
