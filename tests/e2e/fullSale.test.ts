import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/chromium';
import { pathOf, useServedApp } from '../support/servedApp';

// A whole sale in Chromium at a phone's viewport, through every El Salvador step, against the
// production build served by the sandbox; then the lead in the sales report.
const app = useServedApp();

const path = pathOf;
let shot = 0;
/** Waits for a step's route, then saves its screenshot. */
async function at(page: Page, route: string) {
  await page.waitForFunction((want) => decodeURI(location.pathname) === want, route, { timeout: 10_000 }).catch(async () => {
    const alert = await page.getByRole('alert').allInnerTexts();
    throw new Error(`expected ${route}, at ${path(page)}; on screen: ${alert.join(' | ')}`);
  });
  await page.waitForLoadState('networkidle');
  shot += 1;
  await screenshot(page, `sale-${String(shot).padStart(2, '0')}${route.replace(/\//g, '-')}`);
}
const click = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();
async function choose(page: Page, label: string, option?: string) {
  await page.getByLabel(new RegExp(`^${label}`)).first().click();
  const options = page.getByRole('option');
  await options.first().waitFor();
  await (option ? page.getByRole('option', { name: option, exact: true }) : options.first()).click();
}
async function outboxCode(to: string): Promise<string> {
  const { messages } = (await (await fetch(`${app.address}/__sandbox/outbox?to=${encodeURIComponent(to)}`)).json()) as { messages: Array<{ message: string }> };
  return /\d{6}/.exec(messages.at(-1)?.message ?? '')?.[0] ?? '';
}
async function sign(page: Page) {
  const box = await page.getByLabel('Área de firma').boundingBox();
  if (!box) throw new Error('no signature area');
  await page.mouse.move(box.x + 30, box.y + 40);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 30 + i * 20, box.y + 40 + (i % 2) * 30);
  await page.mouse.up();
  await page.getByText(/Firma guardada/).waitFor();
}

/** Sells through every step, from the PIN to the order confirmation, screenshots on the way. */
async function sellUntilConfirmation(page: Page) {
    await page.goto(`${app.address}/`);
    await page.locator('input').first().click();
    await page.keyboard.type('2580');
    await click(page, 'Ingresar');
    await at(page, '/inicio');
    await page.getByRole('button', { name: 'Menú' }).click();
    await click(page, 'Nuevo cliente');
    await at(page, '/información-del-cliente');
    await page.getByLabel('Número de documento').fill('05129374-5');
    await click(page, 'Continuar');
    await at(page, '/ingresa-direccion');
    await choose(page, 'Departamento', 'San Salvador');
    await choose(page, 'Municipio', 'San Salvador');
    await choose(page, 'Colonia');
    await page.getByLabel('Calle').fill('Calle Arce');
    await page.getByLabel('Número de casa').fill('12');
    await click(page, 'Continuar');
    await at(page, '/direccion-mapa');
    await click(page, 'Verificar cobertura');
    await at(page, '/cobertura-exito');
    await click(page, 'Ver ofertas');
    await at(page, '/menu-principal');
    await page.getByRole('button', { name: 'Elegir' }).first().click();
    await page.getByRole('button', { name: 'Elegido' }).waitFor();
    await click(page, 'Continuar');
    await at(page, '/confirmar-seleccion-paquete');
    await click(page, 'Confirmar paquete');
    await at(page, '/proceder-pago');
    await click(page, 'Continuar');
    await at(page, '/ingresos-del-cliente');
    await page.getByLabel(/Ingreso/).fill('2500');
    await click(page, 'Validar ingresos');
    await at(page, '/id-escaneo-frontal');
    await page.locator('input[type=file]').setInputFiles('tests/fixtures/ids/ana-perez-front.png');
    await page.getByText('Foto cargada').waitFor();
    await click(page, 'Continuar');
    await at(page, '/id-escaneo-posterior');
    await page.locator('input[type=file]').setInputFiles('tests/fixtures/ids/ana-perez-rear.png');
    await page.getByText('Foto cargada').waitFor();
    await click(page, 'Continuar');
    await at(page, '/id-revisar');
    await click(page, 'Continuar');
    await at(page, '/contrato-formulario');
    for (const [label, value] of [
      ['Nombre de la referencia 1', 'Luis Gómez'],
      ['Teléfono de la referencia 1', '70005678'],
      ['Nombre de la referencia 2', 'Marta Ruiz'],
      ['Teléfono de la referencia 2', '70009876'],
    ] as const) {
      await page.getByLabel(new RegExp(`^${label}`)).first().fill(value);
    }
    await click(page, 'Continuar');
    await at(page, '/verificar-telefono');
    // A wrong code shows the spec's message and stays.
    await page.locator('input').first().click();
    await page.keyboard.type('000000');
    await click(page, 'Verificar');
    await page.getByRole('alert').filter({ hasText: 'Tu código es incorrecto, inténtalo de nuevo' }).waitFor();
    expect(path(page)).toBe('/verificar-telefono');
    for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
    await page.locator('input').first().click();
    await page.keyboard.type(await outboxCode('70001234'));
    await click(page, 'Verificar');
    await at(page, '/verificar-correo');
    await page.locator('input').first().click();
    await page.keyboard.type(await outboxCode('ana.perez@example.com'));
    await click(page, 'Verificar');
    await at(page, '/terminos-y-condiciones');
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await click(page, 'Aceptar y continuar');
    await at(page, '/autorizaciones-y-firma');
    await click(page, 'Continuar');
    await at(page, '/firma-de-autorizaciones');
    await page.getByRole('checkbox').first().check();
    await click(page, 'Continuar');
    await at(page, '/firma-del-cliente');
    await sign(page);
    await click(page, 'Guardar firma');
    await at(page, '/firma-del-vendedor');
    await sign(page);
    await click(page, 'Guardar firma');
    await at(page, '/documentos');
    const files = page.locator('input[type=file]');
    await files.nth(0).setInputFiles('tests/fixtures/ids/unreadable.png');
    await page.getByText('unreadable.png').first().waitFor().catch(() => undefined);
    await files.nth(1).setInputFiles('tests/fixtures/ids/unreadable.png');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'sale-21b-documentos-cargados');
    await click(page, 'Continuar');
    await at(page, '/agendar-visita');
    await choose(page, 'Fecha de instalación');
    await page.getByRole('radio').first().check();
    await page.waitForLoadState('networkidle');
    await click(page, 'Agendar visita');
    await at(page, '/confirmar-orden');
}

async function armFault(operationId: string, fault: string) {
  const response = await fetch(`${app.address}/__sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ operationId, fault }) });
  expect(response.status).toBe(200);
}

describe('a sale in Chromium', () => {
  it('goes from the PIN through every step to /orden-exito and shows the lead as Pendiente', async () => {
    const page = await app.newPage();
    await sellUntilConfirmation(page);
    // Another error than a timeout: the failed screen, from which the agent retries.
    await armFault('activation', '500');
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await click(page, 'Crear orden');
    await at(page, '/orden-fallida');
    await page.getByRole('button', { name: /Reintentar|Volver a intentar/ }).click();
    await at(page, '/confirmar-orden');
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await click(page, 'Crear orden');
    await at(page, '/orden-exito');
    const leadId = /L-\d+/.exec(await page.locator('main').innerText())?.[0];
    expect(leadId).toBeDefined();

    await click(page, 'Volver al inicio');
    await at(page, '/inicio');
    await page.getByRole('button', { name: 'Menú' }).click();
    await click(page, 'Reporte de ventas');
    await at(page, '/ventas-reporte');
    const row = page.getByTestId('row').filter({ hasText: leadId ?? 'none' });
    await expect(row.getByText('Pendiente')).toBeTruthy();
    expect(await row.getByText('Pendiente').isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Ver detalle' }).click();
    await at(page, `/ventas-detalle/${leadId}`);

    // Every step went to the tag manager's dataLayer, and nothing personal did.
    const layer = await page.evaluate(() => JSON.stringify(window.dataLayer ?? []));
    const entries = JSON.parse(layer) as Array<{ event: string; route?: string }>;
    expect(entries.filter((e) => e.event === 'journey_step').map((e) => e.route)).toEqual(expect.arrayContaining(['/', '/inicio', '/id-revisar', '/orden-exito', '/ventas-detalle/:id']));
    for (const personal of ['04644848', '05129374', '70001234', '70005678', 'ana.perez', 'PEREZ', 'Gómez', 'Calle Arce', '13.69', '2580', leadId ?? 'L-']) {
      expect(layer).not.toContain(personal);
    }

    // A 401 on any call wipes the session and lands on the landing with "No autorizado".
    await armFault('sales', '401');
    await page.getByRole('button', { name: 'Menú' }).click();
    await click(page, 'Reporte de ventas');
    await at(page, '/');
    await page.getByRole('alert').filter({ hasText: 'No autorizado' }).waitFor();
    // Nothing of the sale is left in the tab's storage (the journey restarts from its initial data).
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
    for (const personal of ['04644848', '70001234', 'ana.perez', 'PEREZ', 'Calle Arce', '13.69']) expect(stored).not.toContain(personal);
  }, 180_000);

  it('lands on /orden-fallida-timeout when the activation times out (504)', async () => {
    const page = await app.newPage();
    await sellUntilConfirmation(page);
    await armFault('activation', '504');
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await click(page, 'Crear orden');
    await at(page, '/orden-fallida-timeout');
  }, 180_000);
});
