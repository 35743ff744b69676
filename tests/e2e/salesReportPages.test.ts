import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SandboxDb } from '../../src/sandbox/database';
import { axeViolations } from '../support/axe';
import { addLeads } from '../support/manyLeads';
import { at, click, fromMenu, signIn } from '../support/sale';
import { useServedApp } from '../support/servedApp';
import { describeSmall, smallTapTargets } from '../support/tapTargets';

// Issue 17, point 8: the sales report shows one page of the provider's at a time, in Chromium at
// a phone's viewport on the production build served by the sandbox. A seller with 45 leads
// (SV-POA-002, none in the seed) sees the newest 20, where they are, and moves between pages; a
// lead opened from a page comes back to that page.
const app = useServedApp();

const rowIds = async (page: Page) => (await page.getByTestId('row').allInnerTexts()).map((text) => /L-PAGE-\d+/.exec(text)?.[0]);
const position = (page: Page) => page.getByRole('status').filter({ hasText: /^Página / });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Waits for the page's position to read `text`, and the report's call to have answered. */
async function onPage(page: Page, text: string) {
  await expect.poll(() => position(page).innerText(), { timeout: 10_000 }).toBe(text);
  await expect.poll(() => page.getByRole('status', { name: 'Cargando' }).count()).toBe(0);
}

describe('the sales report, a page at a time, in Chromium', () => {
  it('shows the newest 20 of 45 leads with where they are, goes to the next and back, and a lead opened from page 3 comes back to page 3', async () => {
    const leads = addLeads(app.sandbox.databases.get('sv') as SandboxDb, { seller: 'SV-POA-002', count: 45, newest: new Date(), prefix: 'L-PAGE' });
    const page = await app.newPage();
    await signIn(page, app.address, '135790');
    await fromMenu(page, 'Reporte de ventas');
    await at(page, '/ventas-reporte');

    await onPage(page, 'Página 1 de 3 · 45 solicitudes');
    expect(await rowIds(page)).toEqual(leads.slice(0, 20));
    expect(await button(page, 'Anterior').isDisabled()).toBe(true);
    // The page with its list and buttons passes axe-core, and its targets are 44 x 44 px.
    expect(await axeViolations(page)).toEqual([]);
    expect(describeSmall('/ventas-reporte', await smallTapTargets(page))).toEqual([]);

    // "Siguiente" is under the list: the agent there sees the next page from its top.
    await button(page, 'Siguiente').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await click(page, 'Siguiente');
    await onPage(page, 'Página 2 de 3 · 45 solicitudes');
    expect(await rowIds(page)).toEqual(leads.slice(20, 40));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await click(page, 'Anterior');
    await onPage(page, 'Página 1 de 3 · 45 solicitudes');
    expect(await rowIds(page)).toEqual(leads.slice(0, 20));
    await click(page, 'Siguiente');
    await onPage(page, 'Página 2 de 3 · 45 solicitudes');
    await click(page, 'Siguiente');
    await onPage(page, 'Página 3 de 3 · 45 solicitudes');
    expect(await rowIds(page)).toEqual(leads.slice(40));
    expect(await button(page, 'Siguiente').isDisabled()).toBe(true);

    // A lead of page 3 opens its detail; back from it, the report is on page 3 still.
    await page.getByTestId('row').filter({ hasText: leads[42] }).getByRole('button', { name: 'Ver detalle' }).click();
    await at(page, `/ventas-detalle/${leads[42]}`);
    await expect.poll(() => page.locator('main').innerText()).toContain('Cliente Número 43');
    await page.goBack();
    await at(page, '/ventas-reporte');
    await onPage(page, 'Página 3 de 3 · 45 solicitudes');
    expect(await rowIds(page)).toEqual(leads.slice(40));
    // The sidebar's entry starts the report again from the newest.
    await fromMenu(page, 'Reporte de ventas');
    await onPage(page, 'Página 1 de 3 · 45 solicitudes');
    expect(await rowIds(page)).toEqual(leads.slice(0, 20));
    expect(await page.getByRole('alert').count()).toBe(0);
  }, 120_000);
});
