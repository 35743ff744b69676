import { beforeAll, describe, expect, it } from 'vitest';
import { compileSteps } from '../../src/build/compileSteps';
import { screenshot } from '../../src/tools/browser/chromium';
import { choose, listOptions } from '../support/sale';
import { pathOf, useServedApp } from '../support/servedApp';

// A country made only of data files (tests/fixtures/packs/zz: journey, steps, country file,
// OpenAPI, seed), built with COUNTRY=zz and walked in Chromium from its entry to its end against
// the sandbox, which serves the pack's API under its own prefix (/v1/telco/zz/...) from its seed.

const ZZ = 'tests/fixtures/packs/zz';

// What `npm run build`'s prebuild does for the pack: its steps' validators, before the build.
beforeAll(() => {
  compileSteps(ZZ);
});
const app = useServedApp({ country: 'zz', packs: ZZ });

describe('the test country in Chromium', () => {
  it('walks from its entry to its end with its own name, sidebar and screens', async () => {
    const page = await app.newPage();
    await page.goto(`${app.address}/`);
    await page.getByRole('heading', { name: 'Entrada de Zedlandia' }).waitFor();
    expect(await page.title()).toBe('Visitas Zedlandia');
    await page.locator('input').first().click();
    await page.keyboard.type('4321');
    await page.getByRole('button', { name: 'Entrar' }).click();

    await page.getByRole('heading', { name: 'Portada de Zedlandia' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/zz-inicio');
    await expect(page.getByText('Visitas Zedlandia').first().isVisible()).resolves.toBe(true);
    // The sidebar is the country file's: its two entries, none of El Salvador's.
    await page.getByRole('button', { name: 'Menú' }).click();
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    expect(await menu.getByRole('button').allInnerTexts()).toEqual(['Cliente nuevo', 'Salir de Zedlandia']);
    await menu.getByRole('button', { name: 'Cliente nuevo' }).click();

    await page.getByRole('heading', { name: 'Datos del visitante zedlandés' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/zz-cliente');
    await page.getByLabel('Número de documento').fill('123456789');
    await page.getByLabel('Teléfono').pressSequentially('999123456');
    // The towns are the chosen region's, from the pack's reference data; another region forgets the town.
    await choose(page, 'Región', 'Norte');
    await page.getByLabel(/^Pueblo/).first().click();
    expect(await listOptions(page).allInnerTexts()).toEqual(['Puerto Norte', 'Villa Alta']);
    await page.getByRole('option', { name: 'Villa Alta', exact: true }).click();
    await choose(page, 'Región', 'Sur');
    await expect.poll(() => page.getByLabel(/^Pueblo/).first().inputValue()).toBe('');
    await page.getByLabel(/^Pueblo/).first().click();
    expect(await listOptions(page).allInnerTexts()).toEqual(['Bahía Sur']);
    await page.getByRole('option', { name: 'Bahía Sur', exact: true }).click();
    await screenshot(page, 'zz-01-cliente');
    await page.getByRole('button', { name: 'Seguir' }).click();

    await page.getByRole('heading', { name: 'Resumen de la visita zedlandesa' }).waitFor();
    await page.getByRole('button', { name: 'Cerrar la visita' }).click();
    await page.getByRole('heading', { name: 'Visita zedlandesa registrada' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/zz-listo');
    await screenshot(page, 'zz-02-listo');
    await page.getByRole('button', { name: 'Volver a la portada' }).click();
    await page.getByRole('heading', { name: 'Portada de Zedlandia' }).waitFor();
    await page.context().close();
  });
});
