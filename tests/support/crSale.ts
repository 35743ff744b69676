import type { Page } from 'playwright-core';
import { at, choose, click, freshCode, sign } from './sale';

// A Costa Rica purchase driven in Chromium (COUNTRY=cr build): the customer on their own phone,
// from the public form to the order's success, paying on the sandbox's hosted payment page. The
// values reach the branches of src/sandbox/seed/cr/README.md.

/** San José, inside node N-SJO-0101's coverage. */
export const SAN_JOSE = { latitude: 9.9326, longitude: -84.0796 };

/** Who buys: what they type on the public form (a number the seed does not list is a new customer). */
export interface CrCustomer {
  documentNumber: string;
  phone: string;
  email: string;
}

export const SOFIA: CrCustomer = { documentNumber: '112340567', phone: '88001122', email: 'sofia.mora@example.com' };

/** The public form filled and sent: document (a cédula by default), names, phone and e-mail. */
export async function submitClientInformation(page: Page, customer: CrCustomer) {
  await page.getByLabel(/^Número de documento/).pressSequentially(customer.documentNumber);
  await page.getByLabel(/^Nombre/).first().fill('Sofía');
  await page.getByLabel(/^Apellidos/).fill('Mora Vargas');
  await page.getByLabel(/^Teléfono celular/).pressSequentially(customer.phone);
  await page.getByLabel(/^Correo electrónico/).fill(customer.email);
  await click(page, 'Continuar');
}

/** Types the one-time code the sandbox sent to `to` since the last typed, and verifies it. */
export async function typeCode(page: Page, address: string, to: string) {
  const code = await freshCode(address, to);
  await page.locator('main input').first().click();
  await page.keyboard.type(code);
  await click(page, 'Verificar');
}

/**
 * From the public form to the payment step, as a customer would; `look` runs on each screen
 * arrived at (axe, tap targets, screenshots). The browser must allow the location (the map).
 */
export async function buyUntilPayment(page: Page, address: string, customer: CrCustomer = SOFIA, look: (route: string) => Promise<void> = async () => {}) {
  const reach = async (route: string) => {
    await at(page, route);
    await look(route);
  };
  await page.context().setGeolocation(SAN_JOSE);
  await page.goto(`${address}/`);
  await reach('/informacion-cliente');
  await submitClientInformation(page, customer);
  await reach('/verificar-telefono');
  await typeCode(page, address, customer.phone);
  await reach('/verificar-correo');
  await typeCode(page, address, customer.email);
  await reach('/ingresa-direccion');
  await choose(page, 'Provincia', 'San José');
  await choose(page, 'Cantón', 'San José');
  await page.getByLabel(/^Distrito/).fill('Catedral');
  await page.getByLabel(/^Otras señas/).fill('De la iglesia 100 m al norte, casa blanca');
  await click(page, 'Continuar');
  await at(page, '/direccion-mapa').catch(async (error: Error) => {
    throw new Error(`${error.message}\n${await page.locator('main').innerText()}`);
  });
  await look('/direccion-mapa');
  await click(page, 'Ver ofertas');
  await reach('/seleccion-de-oferta');
  await page.getByRole('button', { name: 'Elegir' }).first().click();
  await page.getByRole('button', { name: 'Elegido' }).waitFor();
  await click(page, 'Continuar');
  await reach('/identificacion-cliente');
  await page.getByLabel(/^Autorizo el uso/).check();
  await click(page, 'Continuar');
  await reach('/id-escaneo-frontal');
  await page.locator('input[type=file]').setInputFiles('tests/fixtures/ids/sofia-mora-front.png');
  await page.getByText('Foto cargada').waitFor();
  await click(page, 'Continuar');
  await reach('/informacion-firma-contrato');
  await click(page, 'Firmar contrato');
  await reach('/firma-cliente');
  await sign(page);
  await click(page, 'Guardar firma');
  await reach('/agendar-cita');
  await page.getByLabel(/^Fecha de instalación/).first().click();
  await page.getByRole('dialog').locator('table button:not([disabled])').first().click();
  await page.getByRole('button', { name: 'GUARDAR', exact: true }).click();
  await page.getByRole('radio', { name: 'AM' }).check();
  await click(page, 'Continuar');
  await reach('/confirmar-orden');
  await click(page, 'Confirmar y pagar');
  await reach('/pago');
}

/** On the payment step: to the hosted page, and back from it with `choice` (its button's label). */
export async function payOnHostedPage(page: Page, choice: 'Aprobar el pago' | 'Rechazar el pago (tarjeta sin fondos)' | 'Cancelar y volver al comercio') {
  await click(page, 'Pagar con tarjeta');
  await page.waitForURL(/\/__payments\//);
  await page.getByRole('button', { name: choice, exact: true }).click();
}
