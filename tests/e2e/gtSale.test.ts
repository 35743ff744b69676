import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../../src/tools/browser/chromium';
import { ANA, chooseOffer, fillContract, PREPAID, scheduleVisit, sellFrom, sellGt, signInToClientInformation, submitClient, type GtCustomer } from '../support/gtSale';
import { activateOrder, armFault, at, choose, chosen, click, fromMenu, listOptions, signIn } from '../support/sale';
import { useServedApp } from '../support/servedApp';
import { screenScans } from '../support/screenScans';

// Guatemala in Chromium: the COUNTRY=gt build served by the sandbox, which serves Guatemala's API
// over its seed (src/sandbox/seed/gt/). One build and one sandbox for the file; each way a sale
// ends is one browser sale, each branch reached from the UI with the seed's values
// (src/sandbox/seed/gt/people.json and replay.json).
const app = useServedApp({ country: 'gt' });

/** The screens this file scans, each once (tests/support/screenScans.ts). */
const { scanned, scan, watch } = screenScans('gt');

/** The status of the lead the screen shows ("Número de solicitud"), as the provider recorded it. */
async function leadStatus(page: Page): Promise<string> {
  const id = /L-\d+/.exec(await page.locator('main').innerText())?.[0];
  expect(id).toBeDefined();
  const row = app.sandbox.databases.get('gt')?.prepare('select status from leads where id = ?').get(id) as { status: string } | undefined;
  return row?.status ?? '';
}

/** The orders the page sends the provider (POST /gt/orders), as sent: the lead keeps only the report's fields. */
function ordersSent(page: Page): Array<Record<string, unknown>> {
  const sent: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/gt/orders')) sent.push(request.postDataJSON() as Record<string, unknown>);
  });
  return sent;
}

/** A value of the screen's field by its label (a text field's, or a select's option shown). */
const valueOf = (page: Page, label: string) => chosen(page, label);

// Before any sale: the seed's leads on the report's page. After several sales in one sandbox the
// cancel field opened no list (found in the Paraguay and Nicaragua files too; not yet understood).
describe('the Guatemala sales report and maintenance page in Chromium', () => {
  it('lists the seller’s leads in the spec’s status words, cancels a pending one with a reason, and shows /mantenimiento when the provider is in maintenance', async () => {
    const page = await app.newPage();
    const problems: string[] = [];
    /** The scan of a screen as it stands (once its call has answered), as `watch` does on arrival. */
    const scanHere = async (route: string, name = route) => problems.push(...(await scan(page, route, name)));
    await signIn(page, app.address);
    await fromMenu(page, 'Reporte de ventas');
    await at(page, '/ventas-reporte');
    // The report lists once its call has answered (it shows "No hay resultados" until then).
    await page.getByTestId('row').first().waitFor();
    // The status badges are written in capitals by their style: compared without case.
    const report = (await page.locator('main').innerText()).toLowerCase();
    for (const word of ['Completado', 'Pendiente', 'Rechazado', 'Accion necesaria']) expect(report).toContain(word.toLowerCase());
    await scanHere('/ventas-reporte');

    // A pending lead cancelled with one of the provider's reasons: the provider records it.
    await page.getByLabel(/^Número de solicitud a cancelar/).first().click();
    await page.getByRole('option', { name: 'L-2502 · Óscar Reyes', exact: true }).click();
    await choose(page, 'Motivo de cancelación', 'El cliente cambió de opinión');
    await click(page, 'Cancelar solicitud');
    await page.getByText('La solicitud fue cancelada').waitFor();
    await expect.poll(async () => (await page.getByText('L-2502').locator('xpath=../..').innerText()).toLowerCase()).toContain('cancelado');
    const row = app.sandbox.databases.get('gt')?.prepare('select status from leads where id = ?').get('L-2502') as { status: string } | undefined;
    expect(row?.status).toBe('CANCELLED');
    await scanHere('/ventas-reporte', '/ventas-reporte, cancelled');

    // The provider in maintenance as the client is checked: its page, and back to the sign-in.
    await fromMenu(page, 'Nuevo cliente');
    await at(page, '/información-del-cliente');
    await armFault(app.address, 'debts', '503', 'gt');
    await submitClient(page, ANA);
    await at(page, '/mantenimiento');
    await page.getByText('Estamos realizando tareas de mantenimiento.').waitFor();
    await scanHere('/mantenimiento');
    await click(page, 'Reintentar');
    await at(page, '/');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe('a Guatemala sale in Chromium', () => {
  it('sells to an individual: the address group, a found address, both sides of the DPI, the review, the bill, the copies, the phone verified, the e-mail skipped, to success; back goes to /', async () => {
    const page = await app.newPage();
    const problems = watch(page, 'sale');
    const orders = ordersSent(page);
    await signInToClientInformation(page, app.address);
    // The client information, the location, the address with a second type/value row.
    expect(await sellFrom(page, app.address, ANA, { secondRow: true }, '/lista-de-direcciones')).toBe('/lista-de-direcciones');
    // The provider found three addresses for Avenida Reforma 12-01, Zona 10.
    await page.getByText('Avenida Reforma 12-01, Zona 10, Guatemala').waitFor();
    expect(await page.getByRole('button', { name: 'Elegir', exact: true }).count()).toBe(3);
    await page.getByRole('button', { name: 'Elegir', exact: true }).first().click();
    await at(page, '/id-escaneo-frontal');
    expect(await sellFrom(page, app.address, ANA, {}, '/id-revisar')).toBe('/id-revisar');
    // The review: the front's reading (number, names, dates) and the rear's (department 01, municipality 0101).
    expect(await page.getByLabel(/^Número de documento/).inputValue()).toBe('2547853280101');
    expect(await valueOf(page, 'Departamento')).toBe('Guatemala');
    expect(await valueOf(page, 'Municipio')).toBe('Guatemala');
    expect([await valueOf(page, 'Día de nacimiento'), await valueOf(page, 'Mes de nacimiento'), await valueOf(page, 'Año de nacimiento')]).toEqual(['12', 'Mayo', '1991']);
    // The front's gender too (Femenino).
    expect(await page.getByRole('radio', { name: 'Femenino', exact: true }).isChecked()).toBe(true);
    expect([await valueOf(page, 'Día de vencimiento'), await valueOf(page, 'Mes de vencimiento'), await valueOf(page, 'Año de vencimiento')]).toEqual(['20', 'Agosto', '2031']);
    // The bill, its confirmation straight to the products (an individual has no business documents),
    // an offer, an add-on, 12 months.
    expect(await sellFrom(page, app.address, ANA, {}, '/contrato-formulario')).toBe('/contrato-formulario');
    // The contract: the copies of the client's name and NIT and of the installation address.
    await fillContract(page, ANA);
    const copies = ['Nombre para la factura', 'NIT para la factura', 'Departamento', 'Municipio', 'Zona', 'Dirección legal'];
    await expect.poll(() => Promise.all(copies.map((label) => valueOf(page, label)))).toEqual(['Ana Lucía Pérez García', '1234567-9', 'Guatemala', 'Guatemala', 'Zona 10', 'Avenida Reforma 12-01, Zona 10']);
    await screenshot(page, 'gt-sale-contract-copied');
    await click(page, 'Continuar');
    await at(page, '/verificar-telefono');
    // The phone verified with the code sent, the e-mail skipped (OMITIR), the terms, the signature,
    // the payment receipt, the visit, the activation.
    expect(await sellFrom(page, app.address, ANA)).toBe('/orden-exito');
    expect(await leadStatus(page)).toBe('COMPLETE');
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      accountType: '0',
      cliGender: 'F',
      cliNit: '1234567-9',
      cliCivilStatus: 'Soltero',
      cliDocument: [{ cliDocumentType: 'DPI', cliDocumentNum: '2547853280101' }],
      actAddress: { department: '01', city: '0101', locality: 'Zona 10', addresses: [{ addressType: 'Avenida', addressValue: 'Reforma 12-01' }, { addressType: 'Calle', addressValue: '13 Calle 3-40' }] },
      monthsContract: 12,
      voucherNumber: '004512',
      installationTime: 'AM',
    });
    expect(problems).toEqual([]);
    // Back from the success goes to / (the journey's back: home).
    await page.goBack();
    await at(page, '/');
    await page.context().close();
  }, 240_000);

  it('sells to a corporate account: none of the found addresses, the map, the business documents (one a PDF), the prepaid offer straight to the activation, to success', async () => {
    const page = await app.newPage();
    const problems = watch(page, 'corporate');
    const orders = ordersSent(page);
    const corporate: GtCustomer = { ...ANA, accountType: 'Corporativa', businessName: 'Comercial Pérez, S.A.', offer: PREPAID };
    expect(await sellGt(page, app.address, corporate, { addressList: 'map' }, '/documentos-empresa')).toBe('/documentos-empresa');
    // The patente as a PDF (shown by its name and icon), the RTU as a photo.
    const patente = page.getByRole('group', { name: /^Patente de comercio/ });
    expect(await patente.locator('input[type=file]').getAttribute('accept')).toBe('image/*,application/pdf');
    await patente.locator('input[type=file]').setInputFiles('tests/fixtures/documents/patente.pdf');
    await patente.getByText('patente.pdf', { exact: true }).waitFor();
    expect(await patente.locator('svg[data-file-icon="pdf"]').count()).toBe(1);
    const rtu = page.getByRole('group', { name: /^RTU/ });
    await rtu.locator('input[type=file]').setInputFiles('tests/fixtures/ids/unreadable.png');
    await rtu.getByText('1 archivo', { exact: true }).waitFor();
    await screenshot(page, 'gt-corporate-documents');
    await click(page, 'Continuar');
    await at(page, '/productos');
    // The prepaid offer: from the products straight to the activation.
    await chooseOffer(page, PREPAID);
    await click(page, 'Continuar');
    await at(page, '/activacion');
    await page.getByText(PREPAID).first().waitFor();
    expect(await sellFrom(page, app.address, corporate)).toBe('/orden-exito');
    expect(await leadStatus(page)).toBe('COMPLETE');
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ accountType: '1', cliBusinessName: 'Comercial Pérez, S.A.', productList: [{ product: 'GT-TV-PREPAGO' }] });
    // The business documents go with the order, the patente as the PDF it is.
    expect(JSON.stringify(orders[0]?.actAttachment)).toMatch(/"label":"patente-acta","location":"[^"]+\.pdf"/);
    expect(JSON.stringify(orders[0]?.actAttachment)).toContain('"label":"rtu"');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('ends a sale the activation rejects at /orden-fallida, with the provider’s words', async () => {
    const page = await app.newPage();
    const problems = watch(page, 'rejected');
    // Pedro López's DPI (its photos too): the provider rejects his activation. The prepaid offer is the shortest way there.
    const pedro: GtCustomer = { ...ANA, documentNumber: '3334455620101', firstName: 'Pedro José', lastName: 'López Meza', card: 'pedro-lopez', offer: PREPAID };
    expect(await sellGt(page, app.address, pedro)).toBe('/orden-fallida');
    await page.getByText('La activación fue rechazada: la dirección no tiene puerto disponible en el nodo').waitFor();
    expect(await leadStatus(page)).toBe('REJECTED');
    expect(problems).toEqual([]);
    await click(page, 'Volver al inicio');
    await at(page, '/inicio');
    await page.context().close();
  }, 180_000);
});

describe('Guatemala branches in Chromium', () => {
  /** Signed in, the client information filled for `customer` and sent: the page at the branch `route`. */
  async function clientChecked(customer: GtCustomer, route: string, name: string) {
    const page = await app.newPage();
    const problems = watch(page, name);
    await signInToClientInformation(page, app.address);
    await submitClient(page, customer);
    await at(page, route);
    return { page, problems };
  }

  it('skips the rear for a passport, and sends a zone with no address found to the map', async () => {
    const { page, problems } = await clientChecked({ ...ANA, documentType: 'Pasaporte', documentNumber: 'P1234567', card: 'lucia-mendez' }, '/servicios-de-ubicacion', 'passport');
    await click(page, 'Activar ubicación');
    await at(page, '/ingresa-direccion');
    // "Zona 21": the provider finds no address, the agent places it on the map.
    expect(await sellFrom(page, app.address, { ...ANA, card: 'lucia-mendez' }, { zone: 'Zona 21' }, '/direccion-mapa')).toBe('/direccion-mapa');
    // It opens where the provider places the typed municipality (Guatemala City's centre, Zona 1),
    // not at the country's; no node reaches there: no offer.
    await page.getByText('Punto elegido: 14.63490, -90.50690').waitFor();
    await click(page, 'Verificar ofertas');
    await at(page, '/oferta-no-disponible');
    await click(page, 'Volver al mapa');
    await at(page, '/direccion-mapa');
    // The agent at the customer's house in Zona 10 places it with the phone's location.
    expect(await sellFrom(page, app.address, { ...ANA, card: 'lucia-mendez' }, {}, '/id-escaneo-frontal')).toBe('/id-escaneo-frontal');
    // A passport's front: straight to the review, no rear.
    expect(await sellFrom(page, app.address, { ...ANA, card: 'lucia-mendez' }, {}, '/id-revisar')).toBe('/id-revisar');
    expect(await page.getByLabel(/^Número de documento/).inputValue()).toBe('P1234567');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('stops a customer with a debt, with its two links: one opens in a new tab and is tracked without personal data', async () => {
    const { page, problems } = await clientChecked({ ...ANA, documentNumber: '2987123420101', firstName: 'Rosa', lastName: 'Morales' }, '/existing-debt', 'debt');
    await page.getByText('Q 842.50').waitFor();
    const branches = page.getByRole('link', { name: 'Ver agencias (se abre en una pestaña nueva)' });
    const centres = page.getByRole('link', { name: 'Ver centros de pago (se abre en una pestaña nueva)' });
    expect(await branches.getAttribute('target')).toBe('_blank');
    expect(await centres.getAttribute('target')).toBe('_blank');
    expect(await centres.getAttribute('rel')).toBe('noopener noreferrer');
    // The provider's page opens in a new tab (no host resolves here: only that it opened)...
    const [popup] = await Promise.all([page.context().waitForEvent('page'), centres.click()]);
    await popup.close();
    // ...and the click is recorded by the link and the step, never the address or the customer.
    type Entry = Record<string, unknown> & { event: string };
    const layer = async () => JSON.parse(await page.evaluate(() => JSON.stringify((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []))) as Entry[];
    await expect.poll(async () => (await layer()).filter((entry) => entry.event === 'outbound_link')).toEqual([
      { event: 'outbound_link', journey: 'gt', step: 'existing_debt', link: 'paymentCenters', tracking_version: expect.any(String), deploy_version: expect.any(String) },
    ]);
    expect(JSON.stringify(await layer())).not.toMatch(/proveedor\.example|2987123420101|Rosa|Morales|55123456|ana\.perez|1234567-9/);
    expect(problems).toEqual([]);
    await click(page, 'Volver al inicio');
    await at(page, '/inicio');
    await page.context().close();
  }, 90_000);
});

describe('a Guatemala modification in Chromium', () => {
  /** Signed in, an existing customer's services opened to modify `contract`'s by `change`. */
  async function modifying(documentNumber: string, service: string, change: 'Agregar adicionales' | 'Cambiar de plan', name: string) {
    const page = await app.newPage();
    const problems = watch(page, name);
    await signInToClientInformation(page, app.address);
    await submitClient(page, { ...ANA, documentNumber });
    await at(page, '/servicios-existentes');
    await page.getByRole('radio', { name: 'Modificar servicios existentes', exact: true }).check();
    await click(page, 'Continuar');
    await at(page, '/modificar-servicios');
    await choose(page, 'Servicio', service);
    await page.getByRole('radio', { name: change, exact: true }).check();
    await click(page, 'Continuar');
    return { page, problems };
  }

  /** Picks the first add-on the provider offers for the service's plan. */
  async function addAddon(page: Page) {
    await page.getByLabel(/^Adicionales/).first().click();
    await listOptions(page).first().click();
    await page.keyboard.press('Escape');
    await click(page, 'Continuar');
  }

  it('adds add-ons to an existing service: confirmed, to /orden-actualizada', async () => {
    const { page, problems } = await modifying('3001456750101', 'Internet Hogar 50 Mbps · Zona 10, Ciudad de Guatemala', 'Agregar adicionales', 'modify-addons');
    await at(page, '/actualizar-adicionales');
    await addAddon(page);
    await at(page, '/confirmar-orden');
    await page.getByText('Internet Hogar 50 Mbps').first().waitFor();
    await activateOrder(page, 'Confirmar orden');
    await at(page, '/orden-actualizada');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('changes an existing service’s plan: the new plan, the visit, confirmed, to /orden-actualizada', async () => {
    const { page, problems } = await modifying('3001456750101', 'Internet Hogar 50 Mbps · Zona 10, Ciudad de Guatemala', 'Cambiar de plan', 'modify-plan');
    await at(page, '/cambiar-plan');
    await chooseOffer(page);
    await click(page, 'Continuar');
    await at(page, '/agendar-visita');
    await scheduleVisit(page);
    await click(page, 'Continuar');
    await at(page, '/confirmar-orden');
    // The new plan by its name and price (the first offer at the service's node).
    await page.getByText('Doble Play Internet 50 Mbps + TV (Q 299.00 al mes)').waitFor();
    await activateOrder(page, 'Confirmar orden');
    await at(page, '/orden-actualizada');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('ends a modification the provider rejects at /orden-fallida, with its words', async () => {
    const { page, problems } = await modifying('3445566700101', 'Doble Play Internet 50 Mbps + TV · Zona 10, Ciudad de Guatemala', 'Agregar adicionales', 'modify-rejected');
    await at(page, '/actualizar-adicionales');
    await addAddon(page);
    await at(page, '/confirmar-orden');
    await activateOrder(page, 'Confirmar orden');
    await at(page, '/orden-fallida');
    await page.getByText('La modificación fue rechazada: el servicio tiene una orden técnica abierta').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  }, 90_000);
});

describe('the scan of every Guatemala screen', () => {
  it('scanned every screen of the sale and of its branches (the tests above arrived at each)', () => {
    // Every screen of the journey.
    expect([...scanned].sort()).toEqual(
      [
        '/',
        '/inicio',
        '/información-del-cliente',
        '/existing-debt',
        '/servicios-existentes',
        '/modificar-servicios',
        '/actualizar-adicionales',
        '/cambiar-plan',
        '/confirmar-orden',
        '/orden-actualizada',
        '/servicios-de-ubicacion',
        '/ingresa-direccion',
        '/lista-de-direcciones',
        '/direccion-mapa',
        '/oferta-no-disponible',
        '/id-escaneo-frontal',
        '/id-escaneo-posterior',
        '/id-revisar',
        '/recibo-servicio',
        '/confirmar-recibo',
        '/documentos-empresa',
        '/productos',
        '/adicionales',
        '/proceder-pago',
        '/contrato-formulario',
        '/verificar-telefono',
        '/verificar-correo',
        '/terminos-y-condiciones',
        '/informacion-firma-contrato',
        '/firma-del-cliente',
        '/comprobante-de-pago',
        '/agendar-visita',
        '/activacion',
        '/orden-exito',
        '/orden-fallida',
        '/ventas-reporte',
        '/mantenimiento',
      ].sort(),
    );
  });
});
