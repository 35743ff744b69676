import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { activate, MARIA, sellUntilActivation } from '../support/hnSale';
import { at, fromMenu } from '../support/sale';
import { useServedApp } from '../support/servedApp';

// Issue 30, points 3 to 5: what a screen reader reads (Chromium's accessibility tree, as
// Playwright's ariaSnapshot writes it) on Honduras's screens: the PIN's boxes as the page opens,
// after a wrong PIN and after signing out; the one-time codes' boxes (7/12, 8/12); no region in
// English on the map step; every button of the calendar named. One sale walks all of them.
const app = useServedApp({ country: 'hn' });

const counted = (label: string, count: number) => Array.from({ length: count }, (_, i) => `${label}, ${i + 1} de ${count}`);

/** The names of the boxes of a code typed box by box, in order, as the accessibility tree has them. */
async function boxNames(page: Page, group: string): Promise<string[]> {
  const tree = await page.getByRole('group', { name: group, exact: true }).ariaSnapshot();
  return [...tree.matchAll(/textbox "([^"]*)"/g)].map((found) => found[1] as string);
}

/** Every button of a part of the page as `button "name"`, or `button` alone when it has none. */
async function buttonsOf(part: Locator): Promise<string[]> {
  const tree = await part.ariaSnapshot();
  return [...tree.matchAll(/- button(?: "([^"]*)")?/g)].map((found) => found[1] ?? '');
}

/** English words the libraries would say, which a Spanish screen must not. */
const ENGLISH = /"(Map|Map marker|Toggle attribution|Map feedback|Zoom in|Zoom out|Close|Close popup|PinInput|Previous|Next)"/;

describe('the names a screen reader reads on a Honduras sale', () => {
  it('names the PIN boxes in every state, the codes, the map and the calendar in Spanish', async () => {
    const page = await app.newPage();
    // The page's own first screen, before the app is loaded.
    await page.goto(`${app.address}/`);
    expect(await boxNames(page, 'PIN')).toEqual(counted('PIN', 8));

    // A wrong PIN: the app draws the screen again, with the provider's message.
    await page.locator('main input').first().click();
    await page.keyboard.type('0000');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('alert').filter({ hasText: 'PIN incorrecto' }).waitFor();
    await page.locator('.first-screen').waitFor({ state: 'detached' });
    expect(await boxNames(page, 'PIN')).toEqual(counted('PIN', 8));
    expect(await page.locator('main').ariaSnapshot()).not.toMatch(ENGLISH);

    // Signed in, then out: the app's landing again.
    await page.locator('main input').first().click();
    await page.keyboard.type('2580');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await at(page, '/inicio');
    await fromMenu(page, 'Cerrar sesión');
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    expect(await boxNames(page, 'PIN')).toEqual(counted('PIN', 8));

    const seen: string[] = [];
    await sellUntilActivation(page, app.address, { ...MARIA, documentNumber: '0801199000301' }, {
      look: async (route) => {
        if (route === '/direccion-mapa') {
          // The map drawn (the offline style: the test browser has no internet), its region in Spanish.
          const map = page.getByRole('region', { name: /^Mapa: toca el mapa/ });
          await map.locator('canvas').waitFor();
          const tree = await map.ariaSnapshot();
          expect(tree).not.toMatch(ENGLISH);
          expect(tree).toContain('region "Vista del mapa"');
          expect((await buttonsOf(map)).filter((name) => name === '')).toEqual([]);
          seen.push(route);
        }
        if (route === '/verificar-telefono' || route === '/verificar-correo') {
          expect(await boxNames(page, 'Código de verificación')).toEqual(counted('Código de verificación', 6));
          expect(await page.locator('main').ariaSnapshot()).not.toMatch(ENGLISH);
          seen.push(route);
        }
      },
    });
    expect(seen).toEqual(['/direccion-mapa', '/verificar-telefono', '/verificar-correo']);

    // The calendar of the visit: every button of its dialog named, in Spanish.
    await activate(page, /^Pagar al instalador/);
    await at(page, '/agendar-visita');
    await page.getByLabel(/^Fecha de instalación/).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('table button:not([disabled])').first().waitFor();
    const names = await buttonsOf(dialog);
    expect(names.length).toBeGreaterThan(30);
    expect(names.filter((name) => name === '')).toEqual([]);
    expect(names.filter((name) => ENGLISH.test(`"${name}"`))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['Cerrar', 'Mes anterior', 'Mes siguiente', 'CANCELAR', 'GUARDAR']));
    expect(names.some((name) => /^[a-z]+ \d{4}, elegir mes y año$/.test(name))).toBe(true);
    // Each day by its whole date, in Spanish: "3 diciembre 2026".
    const months = 'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre';
    const days = names.filter((name) => new RegExp(`^\\d{1,2} (${months}) \\d{4}$`).test(name));
    expect(days.length).toBeGreaterThanOrEqual(28);
    await page.context().close();
  }, 240_000);
});
