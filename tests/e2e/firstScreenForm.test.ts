import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileSteps } from '../../src/build/compileSteps';
import { screenshot } from '../../src/tools/browser/chromium';
import { axeViolations } from '../support/axe';
import { ZF, ZF_BUILD } from '../support/formPack';
import { pathOf, useServedApp } from '../support/servedApp';

// Issue 33: a first step that is a public form (tests/fixtures/packs/zf: a select, text fields
// with format rules, a consent, two buttons) is drawn by the page itself, before any of the
// app's code is requested, with the app's messages; what is typed goes to the app.

beforeAll(() => {
  compileSteps(ZF);
});
const app = useServedApp(ZF_BUILD);

/** Fills the client form by its labels, as the page's form and the app's both take them. */
async function fill(page: Page, values: { documentNumber: string; firstName: string; email: string; phone?: string }) {
  await page.getByLabel('Tipo de documento').selectOption('CIF');
  await page.getByLabel('Número de documento').fill(values.documentNumber);
  await page.getByLabel('Nombre').fill(values.firstName);
  await page.getByLabel('Correo electrónico').fill(values.email);
  if (values.phone !== undefined) await page.getByLabel('Teléfono').fill(values.phone);
  await page.getByLabel('Acepto que me contacten').check();
}

const WRONG = { documentNumber: '12345', firstName: 'Ana3', email: 'ana@correo', phone: '123' };
const WRONG_MESSAGES = ['La cédula tiene 9 dígitos', 'Solo se permiten letras y espacios', 'El correo electrónico no es válido', 'El teléfono tiene 8 dígitos'];
const RIGHT = { documentNumber: '123456789', firstName: 'Ana María', email: 'ana@correo.com', phone: '22223333' };

/** Each field's value, by its label. */
const valuesOf = (page: Page) =>
  Promise.all([
    page.getByLabel('Tipo de documento').inputValue(),
    page.getByLabel('Número de documento').inputValue(),
    page.getByLabel('Nombre').inputValue(),
    page.getByLabel('Correo electrónico').inputValue(),
    page.getByLabel('Teléfono').inputValue(),
    page.getByLabel('Acepto que me contacten').isChecked(),
  ]);

describe('a first screen that is a form', () => {
  it("is drawn before any of the app's code is requested, in at most 60 KB of script", async () => {
    const page = await app.newPage();
    const scripts: Array<{ path: string; body: Buffer }> = [];
    const reading: Array<Promise<unknown>> = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() !== 'script' || url.origin !== app.address) return;
      reading.push(response.body().then((body) => scripts.push({ path: url.pathname, body }), () => undefined));
    });
    await page.goto(`${app.address}/`);
    await page.getByRole('heading', { name: 'Información del cliente' }).waitFor();
    await page.getByLabel('Correo electrónico').waitFor();
    // Opened at '/', which the journey leaves at once for the form: the address is the form's.
    expect(pathOf(page)).toBe('/cliente');
    // Every script the page asked for so far, read whole.
    await page.waitForLoadState('networkidle');
    await Promise.all(reading);
    const html = await (await fetch(`${app.address}/`)).text();
    for (const { path, body } of scripts) {
      expect(html, `${path} is not named by the page`).toContain(path);
      expect(body.toString('utf8'), `${path} holds XState`).not.toContain('xstate.init');
      expect(body.toString('utf8'), `${path} holds React`).not.toMatch(/react\.(transitional\.)?element/);
    }
    const kb = scripts.reduce((sum, { body }) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024;
    console.log(`first screen (a form) JS: ${kb.toFixed(1)} KB gzip in ${scripts.length} file(s)`);
    expect(kb).toBeLessThan(60);
    // Its words and parts are the step file's; the checking button waits for the required fields.
    expect(await page.getByRole('button', { name: 'Continuar' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Llámame' }).isDisabled()).toBe(false);
    expect(await page.getByLabel('Tipo de documento').locator('option').allInnerTexts()).toEqual(['Elige un documento', 'Cédula de Formilandia', 'Pasaporte']);
    expect(await page.getByLabel('Número de documento').getAttribute('type')).toBe('tel');
    expect(await page.getByLabel('Correo electrónico').getAttribute('type')).toBe('email');
    // 44 px targets, as the app's.
    for (const name of ['Continuar', 'Llámame']) expect((await page.getByRole('button', { name }).boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect((await page.getByLabel('Nombre').boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'zf-01-first-screen-form');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("says what is wrong in the app's own words, at each field", async () => {
    const page = await app.newPage();
    await page.goto(`${app.address}/`);
    await fill(page, WRONG);
    await page.getByRole('button', { name: 'Continuar' }).click();
    for (const message of WRONG_MESSAGES) await page.getByText(message, { exact: true }).waitFor();
    expect(await page.getByLabel('Nombre').getAttribute('aria-invalid')).toBe('true');
    const described = await page.getByLabel('Nombre').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).innerText()).toBe('Solo se permiten letras y espacios');
    expect(await page.getByLabel('Tipo de documento').getAttribute('aria-invalid')).toBe('false');
    await screenshot(page, 'zf-02-first-screen-errors');
    expect(await axeViolations(page)).toEqual([]);
    // The page drew it alone: nothing was sent.
    expect(pathOf(page)).toBe('/cliente');

    // The app, drawing the same step (opened with a query: the app starts at once), says the same.
    const inApp = await app.newPage();
    await inApp.goto(`${app.address}/?app`);
    await inApp.getByRole('heading', { name: 'Información del cliente' }).waitFor();
    await fill(inApp, WRONG);
    await inApp.getByRole('button', { name: 'Continuar' }).click();
    for (const message of WRONG_MESSAGES) await inApp.getByText(message, { exact: true }).waitFor();
    expect(await inApp.locator('.first-screen').count()).toBe(0);
  });

  it('hands what was typed to the app, which goes on from the next step with it', async () => {
    const page = await app.newPage();
    await page.goto(`${app.address}/`);
    await fill(page, RIGHT);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Datos recibidos' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/zf-resumen');
    await page.getByText('Ana María').waitFor();
    // Back on the form, the app shows the same values.
    await page.getByRole('button', { name: 'Corregir' }).click();
    await page.getByRole('heading', { name: 'Información del cliente' }).waitFor();
    expect(await page.locator('.first-screen').count()).toBe(0);
    expect(await valuesOf(page)).toEqual(['CIF', RIGHT.documentNumber, RIGHT.firstName, RIGHT.email, '2222-3333', true]);
  });

  it("keeps every value typed when the app's code cannot be fetched, and goes on at the next try", async () => {
    const page = await app.newPage();
    const html = await (await fetch(`${app.address}/`)).text();
    await page.route(
      (url) => url.pathname.startsWith('/assets/') && !html.includes(url.pathname),
      (route) => route.abort('internetdisconnected'),
    );
    await page.goto(`${app.address}/`);
    await fill(page, RIGHT);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('alert').filter({ hasText: 'No se pudo cargar la aplicación. Revisa tu conexión e inténtalo de nuevo.' }).waitFor();
    expect(await valuesOf(page)).toEqual(['CIF', RIGHT.documentNumber, RIGHT.firstName, RIGHT.email, '2222-3333', true]);
    expect(pathOf(page)).toBe('/cliente');
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Datos recibidos' }).waitFor();
  });

  it('sends the button that does not check the form at once (Llámame)', async () => {
    const page = await app.newPage();
    await page.goto(`${app.address}/`);
    await page.getByLabel('Nombre').fill('Ana');
    await page.getByRole('button', { name: 'Llámame' }).click();
    await page.getByRole('heading', { name: 'Te llamaremos pronto' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/zf-llamada');
  });
});
