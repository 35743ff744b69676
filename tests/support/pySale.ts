import type { Page } from 'playwright-core';
import { screenshot } from '../../src/tools/browser/chromium';
import { at, choose, click, expectCode, fromMenu, signIn, typeSentCode } from './sale';
import { pathOf } from './servedApp';

// A Paraguay sale driven in Chromium (COUNTRY=py build), shared by its browser test and the app
// benchmark. The values reach the branches of src/sandbox/seed/py/README.md.

/** Asunción, the country file's map centre, inside node N-ASU-0101's coverage: where the agent's phone is. */
export const ASUNCION = { latitude: -25.2637, longitude: -57.5759 };

/** Who the sale is for, what the agent types and which ID photos are taken. */
export interface PyCustomer {
  documentType: 'Cédula de identidad' | 'Documento extranjero';
  /** Typed at the client information (a number the seed does not list is a new client). */
  documentNumber: string;
  /** A foreigner's nationality (the field is shown for a DE only). */
  nationality?: 'Argentina' | 'Brasil' | 'Bolivia' | 'Uruguay';
  firstName: string;
  lastName: string;
  /** The 8 digits typed after "+595 9"; the provider receives 5959 and these. */
  phone: string;
  email: string;
  /** The front photo's card (tests/fixtures/ids/<card>-front.png); the rear is always Ana's. */
  card: string;
  /** The sale's technology: its button at the client information. */
  technology: 'HFC' | 'DTH';
  /** The offer chosen at the products, by its name (and its tab when not the first). */
  offer: string;
  /** The offer's tab: PAQUETE (the first) has the bundles, TV the TV plans (the satellite's among them). */
  offerTab: 'PAQUETE' | 'TV' | 'INTERNET';
  /** An add-on picked at the add-ons, by its option's text. */
  addon?: string;
}

/** The HFC triple play (the PAQUETE tab) and the DTH full plan (the TV tab). */
export const HFC_TRIPLE = 'Triple Play 100 Mbps';
export const DTH_FULL = 'TV Satelital Full HD';
export const HBO = 'HBO Max · Gs. 45.000 al mes';

/** Ana María Benítez Rojas, a new CI client whose photos read clean, sold the HFC triple play with HBO Max. */
export const ANA: PyCustomer = {
  documentType: 'Cédula de identidad',
  documentNumber: '4567890',
  firstName: 'Ana María',
  lastName: 'Benítez Rojas',
  phone: '81234567',
  email: 'ana.benitez@example.com',
  card: 'ana-benitez',
  technology: 'HFC',
  offer: HFC_TRIPLE,
  offerTab: 'PAQUETE',
  addon: HBO,
};

/** The phone as the provider takes it (and sends its codes to): 5959 and the 8 digits. */
export const providerPhone = (phone: string) => `5959${phone}`;

/** Signs in with the demo PIN in Asunción and opens the client information from the sidebar. */
export async function signInToClientInformation(page: Page, address: string) {
  await page.context().setGeolocation(ASUNCION);
  await signIn(page, address);
  await fromMenu(page, 'Nuevo cliente');
  await at(page, '/informacion-del-cliente');
}

/** Types a field anew (a masked one hears keys, not a value set from outside). */
export async function typeInto(page: Page, label: RegExp, value: string) {
  const field = page.getByLabel(label).first();
  await field.click();
  await field.press('Control+A');
  await field.press('Backspace');
  await field.pressSequentially(value);
}

/** The client information filled for `customer` (not sent). */
export async function fillClient(page: Page, customer: PyCustomer) {
  await choose(page, 'Tipo de documento', customer.documentType);
  await typeInto(page, /^Número de documento/, customer.documentNumber);
  if (customer.nationality) await choose(page, 'Nacionalidad', customer.nationality);
  await page.getByLabel(/^Nombres/).fill(customer.firstName);
  await page.getByLabel(/^Apellidos/).fill(customer.lastName);
  await typeInto(page, /^Teléfono/, customer.phone);
  await page.getByLabel(/^Correo electrónico/).fill(customer.email);
}

/** The client information filled and sent with the sale's technology ("Venta HFC" or "Venta DTH"). */
export async function submitClient(page: Page, customer: PyCustomer) {
  await fillClient(page, customer);
  await click(page, `Venta ${customer.technology}`);
}

/** The address in Asunción, Villa Morra (the department's point, inside N-ASU-0101). */
export async function fillAddress(page: Page, atHouse = false) {
  await choose(page, 'Departamento', 'Asunción');
  await page.getByLabel(/^Ciudad/).fill('Asunción');
  await page.getByLabel(/^Barrio/).fill('Villa Morra');
  await page.getByLabel(/^Calle/).fill('Avenida Mariscal López');
  await page.getByLabel(/^Número de casa/).fill('1234');
  if (atHouse) await page.getByLabel(/^Me encuentro en la casa del cliente/).check();
}

/** Takes a photo (a file of tests/fixtures) and waits for it to be taken. */
async function photo(page: Page, file: string) {
  await page.locator('input[type=file]').first().setInputFiles(file);
  await page.getByText('Foto cargada').waitFor();
}

/** Picks an offer by its name in its tab at the products (once the provider's offers are shown) and waits for it to be chosen. */
export async function chooseOffer(page: Page, name: string, tab: PyCustomer['offerTab']) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const card = page.locator('main .mantine-Card-root').filter({ hasText: name }).first();
  await card.waitFor();
  await card.getByRole('button', { name: 'Elegir' }).click();
  await page.getByRole('button', { name: 'Elegido' }).waitFor();
}

/** The contract: the e-mail and phone as the client information gave them, one reference. */
export async function fillContract(page: Page) {
  await page.getByLabel(/^Nombre de la referencia/).first().fill('Carlos Benítez');
  await typeInto(page, /^Teléfono de la referencia/, '82345678');
}

/** Waits, from before the tap that opens a code screen, for the code it sends (`expectCode`). */
const expectPyCode = (page: Page) => expectCode(page, '/py/event-broker/otp');

/** What the agent does on each screen of a Paraguay sale to go on, by its route. */
type Act = (page: Page, address: string, customer: PyCustomer) => Promise<void>;
const PY_STEPS: Record<string, Act> = {
  '/informacion-del-cliente': (page, _address, customer) => submitClient(page, customer),
  '/activar-ubicacion': (page) => click(page, 'Activar ubicación'),
  '/ingresa-direccion': async (page) => {
    await fillAddress(page);
    await click(page, 'Continuar');
  },
  '/productos': async (page, _address, customer) => {
    await chooseOffer(page, customer.offer, customer.offerTab);
    await click(page, 'Continuar');
  },
  '/adicionales': async (page, _address, customer) => {
    if (customer.addon) {
      await page.getByLabel(/^Adicionales/).first().click();
      await page.getByRole('option', { name: customer.addon, exact: true }).click();
      await page.keyboard.press('Escape');
    }
    await click(page, 'Continuar');
  },
  '/proceder-pago': async (page) => {
    await choose(page, 'Meses de contrato', '12 meses');
    await page.getByText(/Cargo de instalación.*Gs\./s).first().waitFor();
    await page.waitForLoadState('networkidle');
    await click(page, 'Continuar');
  },
  '/id-escaneo-frontal': async (page, _address, customer) => {
    await photo(page, `tests/fixtures/ids/${customer.card}-front.png`);
    await click(page, 'Continuar');
  },
  '/id-escaneo-posterior': async (page) => {
    await photo(page, 'tests/fixtures/ids/ana-benitez-rear.png');
    await click(page, 'Continuar');
  },
  '/id-revisar': (page) => click(page, 'Continuar'),
  '/contrato-formulario': async (page) => {
    await fillContract(page);
    expectPyCode(page);
    await click(page, 'Continuar');
  },
  '/verificar-telefono': async (page, address, customer) => {
    await typeSentCode(page, address, providerPhone(customer.phone));
    expectPyCode(page);
    await click(page, 'Verificar');
  },
  '/verificar-correo': async (page, address, customer) => {
    await typeSentCode(page, address, customer.email);
    await click(page, 'Verificar');
  },
  '/confirmar-orden': (page) => click(page, 'Confirmar orden'),
};

/** Where a sale ends (or stops for the agent: a branch's screen). */
const ENDS = ['/orden-exito', '/orden-fallida', '/orden-no-enviada', '/error-de-validacion', '/gestion-de-ventas', '/id-no-valido', '/ventas-reporte'];

/**
 * Sells as an agent would from the screen the page is at to its end, or stops on arriving at
 * `stopAt`; `sale.ts`'s `at` runs what `onArrival` set on each screen arrived at. The order's
 * status is asked every 5 s at /transaccion-en-proceso, which the loop waits out.
 */
export async function sellFrom(page: Page, address: string, customer: PyCustomer = ANA, stopAt?: string): Promise<string> {
  let route = pathOf(page);
  for (;;) {
    if (route === stopAt || ENDS.includes(route)) return route;
    const act = PY_STEPS[route];
    if (route !== '/transaccion-en-proceso') {
      if (!act) throw new Error(`${route} is not a screen of the sale`);
      await act(page, address, customer);
    }
    const from = route;
    await page.waitForFunction((left) => decodeURI(location.pathname) !== left, from, { timeout: 30_000 }).catch(async () => {
      const alert = await page.getByRole('alert').allInnerTexts();
      await screenshot(page, `py-stuck${from.replace(/\//g, '-')}`);
      throw new Error(`still at ${from}; on screen: ${alert.join(' | ')}`);
    });
    route = pathOf(page);
    await at(page, route);
  }
}

/** Signed in, from the client information to the end of the sale (or to `stopAt`). */
export async function sellPy(page: Page, address: string, customer: PyCustomer = ANA, stopAt?: string) {
  await signInToClientInformation(page, address);
  return sellFrom(page, address, customer, stopAt);
}

/** A customer of one sale: Ana's ID, a phone and e-mail of its own (the provider refuses one registered to another document). */
export function anaWith(n: number | string, more: Partial<PyCustomer> = {}): PyCustomer {
  const digits = String(n).padStart(4, '0').slice(-4);
  return { ...ANA, phone: `8123${digits}`, email: `ana.benitez.${digits}@example.com`, ...more };
}

/**
 * A whole HFC sale of a client new to the provider (the app benchmark's): its own CI (typed at the
 * client information and at the review, out of the seed's numbers), phone and e-mail; Ana's photos.
 */
export async function sellNewClient(page: Page, address: string): Promise<string> {
  const n = Math.floor(Math.random() * 1e6);
  const documentNumber = String(8_000_000 + n);
  const customer: PyCustomer = { ...ANA, documentNumber, phone: `8${String(n).padStart(7, '0')}`, email: `bench.${n}@example.com` };
  const review = await sellPy(page, address, customer, '/id-revisar');
  if (review !== '/id-revisar') return review;
  await typeInto(page, /^Número de documento/, documentNumber);
  return sellFrom(page, address, customer);
}
