import type { Page } from 'playwright-core';
import { screenshot } from '../../src/tools/browser/chromium';
import { activateOrder, at, choose, click, fromMenu, freshCode, signIn } from './sale';
import { pathOf } from './servedApp';

// A Nicaragua sale driven in Chromium (COUNTRY=ni build), shared by its browser test and the app
// benchmark. The values reach the branches of src/sandbox/seed/ni/README.md.

/** Central Managua, inside node N-MGA-0101's coverage (fibre): where the agent's phone is. */
export const MANAGUA = { latitude: 12.1364, longitude: -86.2514 };
/** León, inside node N-LEO-0101's coverage (cable, HFC). */
export const LEON = { latitude: 12.4347, longitude: -86.879 };
/** Matagalpa, inside node N-MAT-0400's coverage (satellite TV only, DTH). */
export const MATAGALPA = { latitude: 12.9256, longitude: -85.9175 };
/** San Carlos, Río San Juan: no node reaches it. */
export const RIO_SAN_JUAN = { latitude: 11.1236, longitude: -84.7795 };

/** Who the sale is for, what the agent types and which ID photos are taken. */
export interface NiCustomer {
  documentType: 'Cédula de identidad' | 'Pasaporte';
  /** Typed at the client information (a number the seed does not know is a new client). */
  documentNumber: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  /** The ID photos' card (tests/fixtures/ids/<card>-front.png, and -rear.png for a cédula). */
  card: string;
  /** The department typed at the address (Managua by default; Río San Juan has no offer). */
  department?: string;
  municipality?: string;
}

/** María José Rivas, a new client whose cédula's photos read clean. */
export const MARIA: NiCustomer = {
  documentType: 'Cédula de identidad',
  documentNumber: '0011503900001A',
  firstName: 'María José',
  lastName: 'Rivas Pérez',
  phone: '88765432',
  email: 'maria.rivas@example.com',
  card: 'maria-rivas',
};

/**
 * A new client of the provider: a cédula the seed does not list (municipality 001, born in March
 * 1990, the day and sequence from `n`), with a phone and an e-mail of their own (the provider
 * refuses a phone or e-mail registered to another document). María's ID photos.
 */
export function newClient(n: number, rest: Partial<NiCustomer> = {}): NiCustomer {
  const sequence = String(n % 10_000).padStart(4, '0');
  // The day of birth (1 to 28, a real one in March) spreads the numbers past 10,000 clients.
  const day = String((Math.floor(n / 10_000) % 28) + 1).padStart(2, '0');
  return {
    ...MARIA,
    documentNumber: `001${day}0390${sequence}A`,
    phone: `8${String(n % 10_000_000).padStart(7, '0')}`,
    email: `cliente${n}@example.com`,
    ...rest,
  };
}

/** Signs in with the demo PIN in Managua and opens the client information from the sidebar. */
export async function signInToClientInformation(page: Page, address: string) {
  await page.context().setGeolocation(MANAGUA);
  await signIn(page, address);
  await fromMenu(page, 'Nuevo cliente');
  await at(page, '/información-del-cliente');
}

/** Types a masked field anew (its mask hears keys, not a value set from outside). */
async function typeInto(page: Page, label: RegExp, value: string) {
  const field = page.getByLabel(label).first();
  await field.click();
  await field.press('Control+A');
  await field.press('Backspace');
  await field.pressSequentially(value);
}

/** The client information filled for `customer`, and on. */
export async function submitClient(page: Page, customer: NiCustomer) {
  await choose(page, 'Tipo de documento', customer.documentType);
  await typeInto(page, /^Número de documento/, customer.documentNumber);
  await page.getByLabel(/^Nombres/).fill(customer.firstName);
  await page.getByLabel(/^Apellidos/).fill(customer.lastName);
  await typeInto(page, /^Teléfono/, customer.phone);
  await click(page, 'Continuar');
}

/** The address: a department and municipality (Managua's by default), the barrio, street and house. */
export async function fillAddress(page: Page, customer: NiCustomer) {
  const department = customer.department ?? 'Managua';
  await choose(page, 'Departamento', department);
  await choose(page, 'Municipio', customer.municipality ?? (department === 'Managua' ? 'Managua' : undefined));
  await page.getByLabel(/^Barrio o residencial/).fill('Bo. Bolonia');
  await page.getByLabel(/^Calle/).fill('Calle El Güegüense');
  await page.getByLabel(/^Número de casa/).fill('12');
}

/** Takes a photo (a file of tests/fixtures) in the screen's file field. */
export async function upload(page: Page, file: string, nth = 0) {
  await page.locator('input[type=file]').nth(nth).setInputFiles(file);
}

/** Takes the ID's photo (front or rear) and waits for it to be read. */
async function photo(page: Page, file: string) {
  await upload(page, file);
  await page.getByText('Foto cargada').waitFor();
}

/** Types the one-time code the sandbox sent to `to` since the last typed. */
export async function typeCode(page: Page, address: string, to: string) {
  const code = await freshCode(address, to);
  await page.locator('main input').first().click();
  await page.keyboard.type(code);
}

/** The contract's data: the customer's e-mail and phone, and two references. */
export async function fillAdditionalInfo(page: Page, customer: NiCustomer) {
  await page.getByLabel(/^Correo electrónico/).fill(customer.email);
  await typeInto(page, /^Teléfono$|^Teléfono \*/, customer.phone);
  await page.getByLabel(/^Nombre de la referencia 1/).fill('Luis Cruz');
  await typeInto(page, /^Teléfono de la referencia 1/, '77887766');
  await page.getByLabel(/^Nombre de la referencia 2/).fill('Ana Flores');
  await typeInto(page, /^Teléfono de la referencia 2/, '22334455');
}

/** Books the visit: the first date offered (GUARDAR), the morning, the contact phone, a message. */
export async function scheduleVisit(page: Page, customer: NiCustomer) {
  await page.getByLabel(/^Fecha de instalación/).first().click();
  await page.getByRole('dialog').locator('table button:not([disabled])').first().click();
  await page.getByRole('button', { name: 'GUARDAR', exact: true }).click();
  await page.getByRole('radio', { name: 'AM', exact: true }).check();
  const contact = page.getByLabel(/^Teléfono de contacto/);
  if ((await contact.inputValue()) === '') await contact.pressSequentially(customer.phone);
  await page.getByLabel(/^Mensaje para el instalador/).fill('Portón verde');
}

/** The offer sold: the triple play. */
export const TRIPLE = 'Triple Play Internet 100 Mbps + TV + Telefonía';

/** Picks the triple play at the products and waits for it to be chosen. */
export async function chooseOffer(page: Page, name = TRIPLE) {
  const card = page.locator('main .mantine-Card-root').filter({ hasText: name });
  await card.first().getByRole('button', { name: 'Elegir' }).click();
  await page.getByRole('button', { name: 'Elegido' }).waitFor();
}

/** What the agent does on each screen of a Nicaragua sale to go on, by its route. */
type Act = (page: Page, address: string, customer: NiCustomer) => Promise<void>;
const NI_STEPS: Record<string, Act> = {
  '/información-del-cliente': (page, _address, customer) => submitClient(page, customer),
  '/servicios-existentes': (page) => click(page, 'Vender en una nueva residencia'),
  '/ingresa-direccion': async (page, _address, customer) => {
    await fillAddress(page, customer);
    await click(page, 'Continuar');
  },
  '/direccion-mapa': (page) => click(page, 'Verificar ofertas'),
  '/productos': async (page) => {
    await chooseOffer(page);
    await click(page, 'Continuar');
  },
  '/adicionales': (page) => click(page, 'Continuar'),
  '/proceder-pago': async (page) => {
    await choose(page, 'Meses de contrato', '12 meses');
    await page.waitForLoadState('networkidle');
    await click(page, 'Continuar');
  },
  '/id-escaneo-frontal': async (page, _address, customer) => {
    await photo(page, `tests/fixtures/ids/${customer.card}-front.png`);
    await click(page, 'Continuar');
  },
  '/id-escaneo-posterior': async (page, _address, customer) => {
    await photo(page, `tests/fixtures/ids/${customer.card}-rear.png`);
    await click(page, 'Continuar');
  },
  '/id-revisar': async (page, _address, customer) => {
    // The order and the agreement carry the review's number: the client's, typed at the start.
    await page.getByLabel(/^Número de documento/).fill(customer.documentNumber);
    await click(page, 'Continuar');
  },
  '/informacion-adicional': async (page, _address, customer) => {
    await fillAdditionalInfo(page, customer);
    await click(page, 'Continuar');
  },
  '/verificar-telefono': async (page, address, customer) => {
    await typeCode(page, address, customer.phone);
    await click(page, 'Verificar');
  },
  '/verificar-correo': async (page, address, customer) => {
    await typeCode(page, address, customer.email);
    await click(page, 'Verificar');
  },
  '/documentos': async (page) => {
    await upload(page, 'tests/fixtures/ids/maria-rivas-rear.png');
    await page.getByText('Foto cargada').waitFor();
    await click(page, 'Continuar');
  },
  '/activacion': async (page) => {
    await page.getByRole('radio', { name: /^Pagar al instalador/ }).check();
    await activateOrder(page);
  },
  '/transaccion-exitosa': (page) => click(page, 'Agendar instalación'),
  '/agendar-cita': async (page, _address, customer) => {
    await scheduleVisit(page, customer);
    await click(page, 'Agendar visita');
  },
};

/** Where a sale ends. */
const ENDS = ['/venta-exitosa', '/deuda-pendiente', '/oferta-no-disponible'];

/**
 * Sells as an agent would from the screen the page is at to its end, or stops on arriving at
 * `stopAt`; `sale.ts`'s `at` runs what `onArrival` set on each screen arrived at. The order's
 * status is asked every 5 s (the activation runs 2 s at the provider).
 */
export async function sellFrom(page: Page, address: string, customer: NiCustomer, stopAt?: string): Promise<string> {
  let route = pathOf(page);
  for (;;) {
    if (route === stopAt || ENDS.includes(route)) return route;
    const act = NI_STEPS[route];
    if (!act) throw new Error(`${route} is not a screen of the sale`);
    await act(page, address, customer);
    const from = route;
    await page.waitForFunction((left) => decodeURI(location.pathname) !== left, from, { timeout: 30_000 }).catch(async () => {
      const alert = await page.getByRole('alert').allInnerTexts();
      await screenshot(page, `ni-stuck${from.replace(/\//g, '-')}`);
      throw new Error(`still at ${from}; on screen: ${alert.join(' | ')}`);
    });
    route = pathOf(page);
    await at(page, route);
  }
}

/** Signed in, from the client information to the end of the sale (or to `stopAt`). */
export async function sellNi(page: Page, address: string, customer: NiCustomer, stopAt?: string) {
  await signInToClientInformation(page, address);
  return sellFrom(page, address, customer, stopAt);
}
