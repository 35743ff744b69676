import type { Locator, Page } from 'playwright-core';
import { axeViolations } from './axe';

/**
 * axe-core in every state a screen shows an agent (issue 30): as it opened, with its fields'
 * errors shown, with each of its pickers (a select's list, a calendar) open, and with the menu
 * open. A scan of a screen only as it opens missed the error text's contrast (red on white,
 * 3.28:1) and the calendar's unnamed buttons.
 *
 * The screen is left as it was found: every list and calendar closed, every value typed to show
 * the errors taken out again, so the sale goes on as the agent would.
 */
export async function violationsInEveryState(page: Page, route: string): Promise<string[]> {
  const found: string[] = [];
  const scan = async (state: string) => {
    for (const v of await axeViolations(page)) found.push(`${route} (${state}): ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
  };
  await scan('as opened');
  await withPickersOpen(page, scan);
  await withMenuOpen(page, scan);
  await withErrorsShown(page, scan);
  return found;
}

/**
 * Once what opened has finished coming in: a dialog fading in is scanned at its full colours
 * (axe measured the calendar's days mid-fade, on a page half covered by the overlay).
 */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/** What an agent taps to open a list or a calendar: a combobox, or a field that opens a dialog. */
const PICKERS = 'main [aria-haspopup="listbox"], main [role="combobox"], main [aria-haspopup="dialog"]';

async function visibleAndEnabled(control: Locator): Promise<boolean> {
  return (await control.isVisible()) && (await control.isEnabled()) && (await control.getAttribute('aria-disabled')) !== 'true';
}

/** Opens each picker of the screen in turn, scans, and closes it. */
async function withPickersOpen(page: Page, scan: (state: string) => Promise<void>) {
  const pickers = page.locator(PICKERS);
  const count = await pickers.count();
  for (let i = 0; i < count; i++) {
    const picker = pickers.nth(i);
    if (!(await visibleAndEnabled(picker))) continue;
    const name = (await picker.getAttribute('aria-label')) ?? (await picker.evaluate((element) => (element as HTMLInputElement).labels?.[0]?.innerText ?? element.id));
    const opensDialog = (await picker.getAttribute('aria-haspopup')) === 'dialog';
    // A phone's own select (a native element) draws its list outside the page: nothing to scan.
    if ((await picker.evaluate((element) => element.tagName)) === 'SELECT') continue;
    await picker.click();
    const opened = opensDialog ? page.getByRole('dialog') : page.getByRole('listbox');
    await opened.first().waitFor();
    await settled(page);
    await scan(`${name.trim()} open`);
    await page.keyboard.press('Escape');
    await opened.first().waitFor({ state: 'hidden' });
  }
}

/** The sidebar, once per page (it is the same menu on every screen). */
const menuScanned = new WeakSet<Page>();
async function withMenuOpen(page: Page, scan: (state: string) => Promise<void>) {
  if (menuScanned.has(page)) return;
  const burger = page.getByRole('button', { name: 'Menú' });
  if (!(await burger.isVisible())) return;
  menuScanned.add(page);
  await burger.click();
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await menu.waitFor();
  await settled(page);
  await scan('menu open');
  await page.keyboard.press('Escape');
  // Closed on a phone, the sidebar is moved off the screen and made inert.
  await page.locator('[aria-label="Barra lateral"][inert]').waitFor({ state: 'attached' });
}

/**
 * The screen's errors as an agent sees them: every required text field that is empty gets a
 * value no rule of the app takes ("@@": no name, number, code, e-mail or phone has it; where a mask
 * refuses it as typed, "1", shorter than any masked value), the main button is pressed when it can be, and the scan waits for the
 * fields marked invalid. Then the values are taken out. A screen whose main button stays disabled
 * (a required choice not made yet) shows no field error to an agent either.
 */
async function withErrorsShown(page: Page, scan: (state: string) => Promise<void>) {
  const fields = page.locator('main form input[required]:not([type=checkbox]):not([type=radio]):not([type=file]):not([readonly]):not([aria-haspopup]), main form textarea[required]:not([readonly])');
  const typed: Locator[] = [];
  for (let i = 0; i < (await fields.count()); i++) {
    const field = fields.nth(i);
    if (!(await visibleAndEnabled(field)) || (await field.inputValue()) !== '') continue;
    await field.fill('@@');
    // A field with a mask refuses the letters as typed: a lone digit is too short for any of them.
    if ((await field.inputValue()) === '') await field.pressSequentially('1');
    if ((await field.inputValue()) !== '') typed.push(field);
  }
  const primary = page.locator('main button[data-variant="filled"]').first();
  const route = await page.evaluate(() => location.pathname);
  if (typed.length > 0 && (await primary.count()) > 0 && (await primary.isEnabled())) {
    await primary.click();
    // What the press does is drawn in the next frame: fields marked invalid, or the journey's
    // answer to the value (a refusal shown, or a call to the provider, the header's spinner until
    // it answers). Both are what the agent sees, and both are scanned.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
    await page.waitForFunction(() => document.querySelector('[role="status"][aria-label="Cargando"]') === null);
    if ((await page.evaluate(() => location.pathname)) !== route) throw new Error(`${decodeURI(route)} took "@@" in every required field and went on to ${decodeURI(await page.evaluate(() => location.pathname))}`);
    await scan('errors shown');
  }
  // Taken out as an agent would (a mask does not hear a value set from outside it).
  for (const field of typed) {
    await field.click();
    await field.press('Control+A');
    await field.press('Backspace');
    if ((await field.inputValue()) !== '') throw new Error(`${decodeURI(route)}: a field kept "${await field.inputValue()}" after it was emptied`);
  }
}
