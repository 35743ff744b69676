import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { routesOf } from '../support/journeyRoutes';
import { anaWith, DTH_FULL, fillClient, providerPhone, sellFrom, sellPy, signInToClientInformation, submitClient, type PyCustomer } from '../support/pySale';
import { armFault, at, choose, click, fromMenu, listOptions, signIn } from '../support/sale';
import { pathOf, useServedApp } from '../support/servedApp';
import { screenScans } from '../support/screenScans';

// Paraguay in Chromium: the COUNTRY=py build served by the sandbox, which serves Paraguay's API
// over its seed (src/sandbox/seed/py/). One build and one sandbox for the file; each way a sale
// ends is one browser sale, each branch reached from the UI with the seed's values
// (src/sandbox/seed/py/README.md). Each sale has its own phone and e-mail: the provider refuses
// one already registered to another document.
const app = useServedApp({ country: 'py' });

/** The screens this file scans, each once (tests/support/screenScans.ts). */
const { scanned, scan, watch: watchScreens } = screenScans('py');

/**
 * On each screen the page arrives at: the scan (once a screen in the file) and a screenshot; the
 * problems found. The order's status is held while /transaccion-en-proceso is scanned (it is
 * asked 5 s after the screen opens, and would take the agent on mid-scan).
 */
function watch(page: Page, name: string, money?: Record<string, string>): string[] {
  let release = () => {};
  const progressScanned = new Promise<void>((resolve) => (release = resolve));
  void page.route('**/py/orders/*/status', async (route) => {
    await progressScanned;
    await route.continue();
  });
  return watchScreens(page, name, {
    // The screens that show money, as they show it once their calls have answered.
    before: async (route) => {
      if (money && MONEY_SCREENS.includes(route)) money[route] = await mainText(page);
    },
    after: async (route) => {
      if (route === '/transaccion-en-proceso') release();
    },
    // Where each sale ends, as the agent sees it (every screen's scan has its own).
    shoot: (route) => /^\/(orden-|error-|gestion-|id-no-)/.test(route),
  });
}

/** The screens whose amounts are read as they open (the others' once their calls have answered, in the tests). */
const MONEY_SCREENS = ['/confirmar-orden'];

/** The lead the screen shows ("Número de solicitud"), as the provider recorded it. */
async function leadShown(page: Page): Promise<{ id: string; status: string; data: Record<string, unknown> }> {
  const id = /L-\d+/.exec(await page.locator('main').innerText())?.[0];
  expect(id).toBeDefined();
  const row = db().prepare('select id, status, data from leads where id = ?').get(id) as { id: string; status: string; data: string } | undefined;
  expect(row).toBeDefined();
  return { id: row?.id ?? '', status: row?.status ?? '', data: JSON.parse(row?.data ?? '{}') as Record<string, unknown> };
}

const db = () => {
  const database = app.sandbox.databases.get('py');
  if (!database) throw new Error('no Paraguay sandbox database');
  return database;
};

/** The leads the provider recorded whose e-mail is `email` (a sale's own). */
const leadsOf = (email: string) => (db().prepare('select id, status, data from leads').all() as Array<{ id: string; status: string; data: string }>).filter((row) => row.data.includes(`"${email}"`));

/** The checkout at 12 months: its text once the installation charge for them is shown. */
async function installationAt12(page: Page): Promise<[atOpening: string, at12: string]> {
  await page.locator('main').getByText(/^Gs\. /).first().waitFor();
  const before = await mainText(page);
  await choose(page, 'Meses de contrato', '12 meses');
  await expect.poll(() => mainText(page)).not.toBe(before);
  await page.waitForLoadState('networkidle');
  return [before, await mainText(page)];
}

/** The text of the page's main part. */
const mainText = (page: Page) => page.locator('main').innerText();

/**
 * Money as Paraguay writes it: "Gs." and the amount with its thousands grouped by points, no
 * decimals. Every amount of the text is so, and none is written otherwise ("Gs. 390000", "Gs. 45.000,00").
 */
function expectGroupedMoney(text: string, ...amounts: string[]) {
  for (const amount of amounts) expect(text).toContain(amount);
  const written = text.match(/Gs\.\s*[\d.,]+/g) ?? [];
  expect(written.length).toBeGreaterThan(0);
  for (const money of written) expect(money).toMatch(/^Gs\. \d{1,3}(\.\d{3})*$/);
  expect(text).not.toMatch(/Gs\.\s*\d{4}|\d,\d{2}\b/);
}

// First, before any sale: the report's first page holds the seed's leads (L-1501..L-1504, one of
// each status word, two of them cancellable); the sales below come before them afterwards.
describe('the Paraguay landing, redirect and sales report in Chromium', () => {
  it('scans the landing and /redirect, and lists the seller’s leads in the spec’s status words', async () => {
    const page = await app.newPage();
    const problems: string[] = [];
    await page.goto(`${app.address}/`);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    problems.push(...(await scan(page, '/')));
    // /redirect asks the provider whose session it is: held while the screen is scanned.
    let release = () => {};
    const redirectScanned = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/py/salesperson/details/**', async (route) => {
      await redirectScanned;
      await route.continue();
    });
    await page.goto(`${app.address}/redirect`);
    await page.getByRole('heading', { name: 'Redirigiendo…' }).waitFor();
    expect(pathOf(page)).toBe('/redirect');
    problems.push(...(await scan(page, '/redirect')));
    release();
    // No session: the landing.
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await page.unroute('**/py/salesperson/details/**');
    await signIn(page, app.address);
    await fromMenu(page, 'Reporte de ventas');
    await at(page, '/ventas-reporte');
    await page.getByTestId('row').first().waitFor();
    // The status badges are written in capitals by their style: compared without case.
    const report = (await mainText(page)).toLowerCase();
    for (const word of ['Completado', 'Pendiente', 'Rechazado', 'Accion necesaria']) expect(report).toContain(word.toLowerCase());
    for (const id of ['l-1501', 'l-1502', 'l-1503', 'l-1504']) expect(report).toContain(id);
    problems.push(...(await scan(page, '/ventas-reporte')));
    expect(problems).toEqual([]);
    await page.context().close();
  }, 90_000);
});

describe('a Paraguay sale in Chromium', () => {
  it('sells HFC to a CI client (no nationality asked): the triple play with HBO Max, money grouped on every screen, the phone 5959, to success', async () => {
    const page = await app.newPage();
    const money: Record<string, string> = {};
    const problems = watch(page, 'hfc', money);
    const ana = anaWith(1);
    await signInToClientInformation(page, app.address);
    // A CI (the default): the nationality is not asked.
    expect(await page.getByLabel(/^Tipo de documento/).first().inputValue()).toMatch(/Cédula de identidad|CI/);
    expect(await page.getByLabel(/^Nacionalidad/).count()).toBe(0);
    await fillClient(page, ana);
    expect(await page.getByLabel(/^Nacionalidad/).count()).toBe(0);
    expect(await sellFrom(page, app.address, ana, '/productos')).toBe('/productos');
    // The products' prices, the first tab (PAQUETE) the HFC bundles.
    await page.getByText('Gs. 390.000').first().waitFor();
    const products = await mainText(page);
    expectGroupedMoney(products, 'Gs. 390.000', 'Gs. 290.000');
    expect(products).toContain('Triple Play 100 Mbps');
    expect(await sellFrom(page, app.address, ana, '/adicionales')).toBe('/adicionales');
    // The add-ons' prices are in their list's options.
    await page.getByLabel(/^Adicionales/).first().click();
    await listOptions(page).first().waitFor();
    const addons = (await listOptions(page).allInnerTexts()).join('\n');
    await page.keyboard.press('Escape');
    expectGroupedMoney(addons, 'HBO Max · Gs. 45.000 al mes', 'Paquete de fútbol · Gs. 60.000 al mes');
    expect(await sellFrom(page, app.address, ana, '/proceder-pago')).toBe('/proceder-pago');
    // The installation at 0 months (as the screen opens), then at 12.
    const [atOpening, at12] = await installationAt12(page);
    expectGroupedMoney(atOpening, 'Gs. 300.000');
    expectGroupedMoney(at12, 'Gs. 150.000');
    expect(await sellFrom(page, app.address, ana)).toBe('/orden-exito');
    expectGroupedMoney(money['/confirmar-orden'] ?? '', 'Gs. 390.000', 'Gs. 45.000', 'Gs. 150.000');
    const lead = await leadShown(page);
    expect(lead.status).toBe('COMPLETE');
    // Every phone the provider received carries 5959: the client's and the reference's.
    const data = JSON.stringify(lead.data);
    expect(data).toContain(`"${providerPhone(ana.phone)}"`);
    expect(data).toContain(`"${providerPhone('82345678')}"`);
    expect(data).not.toMatch(new RegExp(`"${ana.phone}"`));
    expect(data).not.toContain('cliNationality');
    expect(lead.data).toMatchObject({
      cliContactPhoneList: expect.arrayContaining([providerPhone(ana.phone)]),
      cliReference: [{ refPhone: providerPhone('82345678') }],
      actAddress: { telephone: providerPhone(ana.phone) },
    });
    expect(lead.data).toMatchObject({ cliEmail: ana.email, cliDocument: [{ cliDocumentType: 'CI', cliDocumentNum: '4567890' }] });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 150_000);

  it('sells DTH to a foreigner: the nationality shown and required for a DE only, the satellite plan, to success', async () => {
    const page = await app.newPage();
    const money: Record<string, string> = {};
    const problems = watch(page, 'dth', money);
    const martin: PyCustomer = {
      ...anaWith(2),
      documentType: 'Documento extranjero',
      documentNumber: '30123456',
      firstName: 'Martín',
      lastName: 'Sosa',
      email: 'martin.sosa.0002@example.com',
      card: 'martin-sosa',
      technology: 'DTH',
      offer: DTH_FULL,
      offerTab: 'TV',
      addon: undefined,
    };
    await signInToClientInformation(page, app.address);
    // A DE: the nationality is shown and required; without it the sale's buttons wait for it.
    await fillClient(page, { ...martin, nationality: undefined });
    const nationality = page.getByLabel(/^Nacionalidad/).first();
    await nationality.waitFor();
    expect(await page.locator('label', { hasText: /^Nacionalidad/ }).first().innerText()).toMatch(/\*/);
    const dth = page.getByRole('button', { name: 'Venta DTH', exact: true });
    const hfc = page.getByRole('button', { name: 'Venta HFC', exact: true });
    await expect.poll(async () => [await dth.isDisabled(), await hfc.isDisabled()]).toEqual([true, true]);
    // Back to a CI: the field goes, and the sale can go on without it.
    await fillClient(page, { ...martin, documentType: 'Cédula de identidad', documentNumber: '7654321', nationality: undefined });
    await expect.poll(() => page.getByLabel(/^Nacionalidad/).count()).toBe(0);
    await expect.poll(() => dth.isEnabled()).toBe(true);
    // The DE again, its nationality chosen: on.
    await fillClient(page, { ...martin, nationality: 'Argentina' });
    await expect.poll(() => dth.isEnabled()).toBe(true);
    await dth.click();
    await at(page, '/activar-ubicacion');
    expect(await sellFrom(page, app.address, martin, '/productos')).toBe('/productos');
    // The satellite plans are in the TV tab (the PAQUETE tab, first, has none on the satellite node).
    await page.getByRole('tab', { name: 'TV', exact: true }).click();
    await page.getByText(DTH_FULL).first().waitFor();
    expectGroupedMoney(await mainText(page), 'Gs. 190.000', 'Gs. 120.000');
    expect(await sellFrom(page, app.address, martin, '/proceder-pago')).toBe('/proceder-pago');
    const [atOpening, at12] = await installationAt12(page);
    expectGroupedMoney(atOpening, 'Gs. 200.000');
    expectGroupedMoney(at12, 'Gs. 50.000');
    expect(await sellFrom(page, app.address, martin)).toBe('/orden-exito');
    expectGroupedMoney(money['/confirmar-orden'] ?? '', 'Gs. 190.000', 'Gs. 50.000');
    const lead = await leadShown(page);
    expect(lead.status).toBe('COMPLETE');
    expect(lead.data).toMatchObject({ cliNationality: 'Argentina', cliDocument: [{ cliDocumentType: 'DE' }] });
    expect(JSON.stringify(lead.data)).toContain(`"${providerPhone(martin.phone)}"`);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 150_000);

  it('ends a sale whose activation is rejected at /orden-fallida, with the provider’s words', async () => {
    const page = await app.newPage();
    const problems = watch(page, 'rejected');
    const pedro = anaWith(3, { documentNumber: '6543210', firstName: 'Pedro', lastName: 'Duarte', card: 'pedro-duarte', addon: undefined });
    expect(await sellPy(page, app.address, pedro)).toBe('/orden-fallida');
    await page.getByText('La activación fue rechazada: el nodo no tiene puertos disponibles').waitFor();
    expect((await leadShown(page)).status).toBe('REJECTED');
    expect(problems).toEqual([]);
    await click(page, 'Volver al inicio');
    await at(page, '/inicio');
    await page.context().close();
  }, 150_000);

  it('ends an order whose call fails at /orden-no-enviada; "Reintentar" sends it again to success, one lead', async () => {
    const page = await app.newPage();
    const problems = watch(page, 'not-sent');
    const ana = anaWith(4, { addon: undefined });
    expect(await sellPy(page, app.address, ana, '/confirmar-orden')).toBe('/confirmar-orden');
    await armFault(app.address, 'activation', '500', 'py');
    await click(page, 'Confirmar orden');
    await at(page, '/orden-no-enviada', 20_000);
    expect(leadsOf(ana.email)).toHaveLength(0);
    await click(page, 'Reintentar');
    await at(page, '/transaccion-en-proceso');
    expect(await sellFrom(page, app.address, ana)).toBe('/orden-exito');
    expect((await leadShown(page)).status).toBe('COMPLETE');
    expect(leadsOf(ana.email)).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 150_000);
});

describe('Paraguay branches in Chromium', () => {
  /** Signed in, the client information sent for `customer`: the page at the branch `route`. */
  async function clientChecked(customer: PyCustomer, route: string, name: string) {
    const page = await app.newPage();
    const problems = watch(page, name);
    await signInToClientInformation(page, app.address);
    await submitClient(page, customer);
    await at(page, route);
    return { page, problems };
  }

  it('sends a client with an open order to /gestion-de-ventas, and on to the sales report', async () => {
    const { page, problems } = await clientChecked(anaWith(11, { documentNumber: '1111111' }), '/gestion-de-ventas', 'open-order');
    await page.locator('main').getByText('Solicitud L-1001').waitFor();
    await click(page, 'Ver reporte de ventas');
    await at(page, '/ventas-reporte');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('stops a client with a debt at /error-de-validacion with the amount, and a failed check with the provider’s words; "Reintentar" keeps the data', async () => {
    const { page, problems } = await clientChecked(anaWith(12, { documentNumber: '2222222' }), '/error-de-validacion', 'debt');
    await page.getByText('Gs. 350.000').first().waitFor();
    expectGroupedMoney(await mainText(page), 'Gs. 350.000');
    await click(page, 'Reintentar');
    await at(page, '/informacion-del-cliente');
    expect(await page.getByLabel(/^Número de documento/).first().inputValue()).toBe('2222222');
    await submitClient(page, anaWith(12, { documentNumber: '3333333' }));
    await at(page, '/error-de-validacion');
    await page.getByText('Error de servidor interno').first().waitFor();
    problems.push(...(await scan(page, '/error-de-validacion', '/error-de-validacion, server error')));
    await click(page, 'Volver al inicio');
    await at(page, '/inicio');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('sends an ID the register does not recognise to /id-no-valido, and back to the review', async () => {
    const page = await app.newPage();
    const problems = watch(page, 'id-not-valid');
    const julio = anaWith(13, { documentNumber: '6543211', card: 'julio-acosta', addon: undefined });
    expect(await sellPy(page, app.address, julio, '/id-revisar')).toBe('/id-revisar');
    await click(page, 'Continuar');
    await at(page, '/id-no-valido');
    await page.getByText('El documento no coincide con el registro de identificaciones').waitFor();
    await click(page, 'Revisar datos');
    await at(page, '/id-revisar');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('sends a refused agreement to /error-de-validacion with the provider’s words', async () => {
    const page = await app.newPage();
    const problems = watch(page, 'agreement');
    const sofia = anaWith(14, { documentNumber: '6543212', firstName: 'Sofía', lastName: 'Caballero', card: 'sofia-caballero', addon: undefined });
    expect(await sellPy(page, app.address, sofia, '/contrato-formulario')).toBe('/contrato-formulario');
    expect(await sellFrom(page, app.address, sofia)).toBe('/error-de-validacion');
    await page.getByText('El cliente no puede firmar un contrato nuevo: tiene un contrato anulado por fraude').waitFor();
    expect(await mainText(page)).toContain('Error de validación');
    problems.push(...(await scan(page, '/error-de-validacion', '/error-de-validacion, agreement refused')));
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe('the scan of every Paraguay screen', () => {
  it('scanned every screen of the journey (the tests above arrived at each)', () => {
    const journey = JSON.parse(readFileSync('journeys/py.json', 'utf8')) as unknown;
    expect([...scanned].sort()).toEqual([...new Set(routesOf(journey))].sort());
  });
});
