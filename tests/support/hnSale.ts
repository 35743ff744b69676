import type { Page } from 'playwright-core';
import { activateOrder, at, choose, click, fromMenu, outboxCodes, signIn } from './sale';

// A Honduras sale driven in Chromium (COUNTRY=hn build), shared by its browser tests and the app
// benchmark. The values reach the branches of src/sandbox/seed/hn/README.md.

/** Tegucigalpa, inside node N-TGU-0101's coverage: where the agent's phone is. */
export const TEGUCIGALPA = { latitude: 14.0818, longitude: -87.2068 };

/** Who the sale is for, what the agent types and which ID photo is taken. */
export interface HnCustomer {
  /** Typed at the client information (a number the seed does not know is a new client). */
  documentNumber: string;
  /** The ID photo's card (tests/fixtures/ids/<card>-front.png). */
  card: string;
  email: string;
  phone: string;
}

export const MARIA: HnCustomer = { documentNumber: '0801199012345', card: 'maria-zelaya', email: 'maria.zelaya@example.com', phone: '88765432' };

/** Signs in with the demo PIN and opens the client information from the sidebar. */
export async function signInToClientInformation(page: Page, address: string) {
  await page.context().setGeolocation(TEGUCIGALPA);
  await signIn(page, address);
  await fromMenu(page, 'Nuevo cliente');
  await at(page, '/información-del-cliente');
}

/** Types the client's identity card number, names and phone, and goes on. */
export async function submitClient(page: Page, documentNumber: string, phone = MARIA.phone) {
  await page.getByLabel(/^Número de documento/).fill(documentNumber);
  await page.getByLabel(/^Nombres/).fill('María José');
  await page.getByLabel(/^Apellidos/).fill('Zelaya Cruz');
  await page.getByLabel(/^Teléfono/).first().pressSequentially(phone);
  await click(page, 'Continuar');
}

/** The address form filled in a department and municipality (names of reference/hn). */
export async function fillAddress(page: Page, department = 'Francisco Morazán', municipality = 'Distrito Central') {
  await choose(page, 'Departamento', department);
  await choose(page, 'Municipio', municipality);
  await page.getByLabel(/^Colonia o barrio/).fill('Colonia Kennedy');
  await page.getByLabel(/^Calle/).fill('Calle Principal');
  await page.getByLabel(/^Número de casa/).fill('12');
}

/** The progress label of the screen shown ("4/12"). */
export const progressOf = (page: Page) => page.getByLabel('Progreso').innerText();

/**
 * Sells as an agent would from the PIN to the activation screen (the payment not yet chosen);
 * with `stopAt`, stops on arriving at that route. `look` runs on each screen arrived at.
 */
export async function sellUntilActivation(page: Page, address: string, customer: HnCustomer = MARIA, { stopAt, look }: { stopAt?: string; look?: (route: string) => Promise<void> } = {}) {
  const reach = async (route: string) => {
    await at(page, route);
    await look?.(route);
    return route === stopAt;
  };
  await signInToClientInformation(page, address);
  await submitClient(page, customer.documentNumber, customer.phone);
  if (await reach('/servicios-de-ubicacion')) return;
  await click(page, 'Activar ubicación');
  if (await reach('/ingresa-direccion')) return;
  await fillAddress(page);
  await page.getByLabel(/^Me encuentro en la casa del cliente/).check();
  await click(page, 'Continuar');
  if (await reach('/direccion-mapa')) return;
  await click(page, 'Verificar ofertas');
  if (await reach('/productos')) return;
  await page.getByRole('button', { name: 'Elegir' }).first().click();
  await page.getByRole('button', { name: 'Elegido' }).waitFor();
  await click(page, 'Continuar');
  if (await reach('/adicionales')) return;
  // Two add-ons: each picked from the list the provider gave for the plan, with its monthly price.
  await page.getByLabel(/^Adicionales/).first().click();
  await page.getByRole('option', { name: 'HBO Max · L 199.00 al mes', exact: true }).click();
  await page.getByRole('option', { name: 'Paquete de fútbol · L 149.00 al mes', exact: true }).click();
  await page.keyboard.press('Escape');
  await click(page, 'Continuar');
  if (await reach('/proceder-pago')) return;
  await choose(page, 'Meses de contrato', '12 meses');
  await page.waitForLoadState('networkidle');
  await click(page, 'Continuar');
  if (await reach('/id-escaneo-frontal')) return;
  await page.locator('input[type=file]').setInputFiles(`tests/fixtures/ids/${customer.card}-front.png`);
  await page.getByText('Foto cargada').waitFor();
  await click(page, 'Continuar');
  if (await reach('/id-revisar')) return;
  await click(page, 'Continuar');
  if (await reach('/contrato-formulario')) return;
  await fillContract(page, customer);
  await click(page, 'Continuar');
  if (await reach('/verificar-telefono')) return;
  await typeCode(page, address, customer.phone);
  await click(page, 'Verificar');
  if (await reach('/verificar-correo')) return;
  await typeCode(page, address, customer.email);
  await click(page, 'Verificar');
  await reach('/activacion');
}

/** The contract form: the customer's e-mail and phone, and two references. */
export async function fillContract(page: Page, customer: HnCustomer) {
  await page.getByLabel(/^Correo electrónico/).fill(customer.email);
  // The phone given at the client information is there already: typed anew.
  const phone = page.getByLabel(/^Teléfono$|^Teléfono \*/).first();
  await phone.click();
  await phone.press('Control+A');
  await phone.press('Backspace');
  await phone.pressSequentially(customer.phone);
  await page.getByLabel(/^Nombre de la referencia 1/).fill('Luis Cruz');
  await page.getByLabel(/^Teléfono de la referencia 1/).pressSequentially('77887766');
  await page.getByLabel(/^Nombre de la referencia 2/).fill('Ana Flores');
  await page.getByLabel(/^Teléfono de la referencia 2/).pressSequentially('22334455');
}

/** Types the last one-time code the sandbox sent to `to`. */
async function typeCode(page: Page, address: string, to: string) {
  await page.locator('input').first().click();
  await page.keyboard.type((await outboxCodes(address, to)).at(-1) ?? '');
}

/** Chooses how the order is paid (0 the installer, 1 the vendor, 2 other) and activates it (its status asked after 5 s of the page's clock). */
export async function activate(page: Page, paymentLabel: RegExp) {
  await page.getByRole('radio', { name: paymentLabel }).check();
  await activateOrder(page);
}

/** Picks the first date the calendar offers and confirms it with the spec's GUARDAR. */
export async function saveFirstDate(page: Page) {
  await page.getByLabel(/^Fecha de instalación/).first().click();
  await page.getByRole('dialog').locator('table button:not([disabled])').first().click();
  await page.getByRole('button', { name: 'GUARDAR', exact: true }).click();
}

/** Books the visit: the first date offered, the morning, the contact phone. */
export async function scheduleVisit(page: Page, phone = MARIA.phone) {
  await saveFirstDate(page);
  await page.getByRole('radio', { name: /AM|Mañana/ }).check();
  const contact = page.getByLabel(/^Teléfono de contacto/);
  if ((await contact.inputValue()) === '') await contact.pressSequentially(phone);
  await page.getByLabel(/^Mensaje para el instalador/).fill('Portón negro');
  await click(page, 'Agendar visita');
}
