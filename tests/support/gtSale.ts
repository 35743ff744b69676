import type { Page } from 'playwright-core';
import { screenshot } from '../../src/tools/browser/chromium';
import { activateOrder, at, choose, click, expectCode, fromMenu, sign, signIn, typeSentCode } from './sale';
import { pathOf } from './servedApp';

// A Guatemala sale driven in Chromium (COUNTRY=gt build), shared by its browser test and the app
// benchmark. The values reach the branches of src/sandbox/seed/gt (people.json, replay.json).

/**
 * Zona 10 of Guatemala City (department 01, municipality 0101), inside node N-GUA-0101's coverage:
 * where the agent's phone is. The map opens at the country's centre (Zona 1, no node there): an
 * agent who places an address on it uses the phone's location.
 */
export const ZONA_10 = { latitude: 14.5995, longitude: -90.513 };

/** Who the sale is for, what the agent types and which ID photos are taken. */
export interface GtCustomer {
  /** The client information's account type, as its radio reads. */
  accountType: 'Individual' | 'Corporativa';
  /** The business name of a corporate account. */
  businessName?: string;
  documentType: 'DPI' | 'Pasaporte';
  /** Typed at the client information (a DPI the seed does not know is a new client). */
  documentNumber: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  nit: string;
  /** The ID photos' card (tests/fixtures/ids/<card>-front.png, and -rear.png for a DPI). */
  card: string;
  /** The offer chosen at the products, by its name (the first one when not given). */
  offer?: string;
}

/** Ana Lucía Pérez, a new client with a DPI whose photos read clean (front and rear). */
export const ANA: GtCustomer = {
  accountType: 'Individual',
  documentType: 'DPI',
  documentNumber: '2547853280101',
  firstName: 'Ana Lucía',
  lastName: 'Pérez García',
  phone: '55123456',
  email: 'ana.perez@example.com',
  nit: '1234567-9',
  card: 'ana-lucia-perez',
};

/** The prepaid offer: choosing it jumps from /productos to /activacion. */
export const PREPAID = 'TV Satelital Prepago';

/** How a sale goes where the journey branches. */
export interface GtWays {
  /** The zone typed at the address ("Zona 21": none found, to the map). */
  zone?: string;
  /** At the address list: 'choose' the first found address (default) or 'map' ("Ninguna coincide"). */
  addressList?: 'choose' | 'map';
  /** Types a second type/value row at the address (the group's "Agregar dirección"). */
  secondRow?: boolean;
  /** The files of the business documents (a corporate account): the patente's and the RTU's. */
  businessDocuments?: [string, string];
  /** What the review's document number is changed to (the order's number is the review's). */
  reviewNumber?: string;
}

/** Signs in with the demo PIN in Zona 10 and opens the client information from the sidebar. */
export async function signInToClientInformation(page: Page, address: string) {
  await page.context().setGeolocation(ZONA_10);
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
export async function submitClient(page: Page, customer: GtCustomer) {
  await page.getByRole('radio', { name: customer.accountType, exact: true }).check();
  await choose(page, 'Tipo de documento', customer.documentType);
  await typeInto(page, /^Número de documento/, customer.documentNumber);
  await page.getByLabel(/^Nombres/).fill(customer.firstName);
  await page.getByLabel(/^Apellidos/).fill(customer.lastName);
  await typeInto(page, /^Teléfono/, customer.phone);
  await page.getByLabel(/^Correo electrónico/).fill(customer.email);
  await page.getByLabel(/^NIT/).fill(customer.nit);
  if (customer.businessName) await page.getByLabel(/^Razón social/).fill(customer.businessName);
  await click(page, 'Continuar');
}

/** A row of the address's repeatable group, by its number. */
export const addressRow = (page: Page, n: number) => page.getByRole('group', { name: `Dirección ${n}`, exact: true });

/** The address: Guatemala, Guatemala, the zone, Avenida Reforma 12-01 (and a second row when asked). */
export async function fillAddress(page: Page, { zone = 'Zona 10', secondRow = false }: GtWays = {}) {
  await choose(page, 'Departamento', 'Guatemala');
  await choose(page, 'Municipio', 'Guatemala');
  await page.getByLabel(/^Zona/).fill(zone);
  await addressRow(page, 1).getByRole('textbox', { name: /^Tipo/ }).fill('Avenida');
  await addressRow(page, 1).getByRole('textbox', { name: /^Número o nombre/ }).fill('Reforma 12-01');
  if (secondRow) {
    await click(page, 'Agregar dirección');
    await addressRow(page, 2).getByRole('textbox', { name: /^Tipo/ }).fill('Calle');
    await addressRow(page, 2).getByRole('textbox', { name: /^Número o nombre/ }).fill('13 Calle 3-40');
  }
  await page.getByLabel(/^Punto de referencia/).fill('Frente al parque, portón negro');
}

/** Takes a photo (a file of tests/fixtures) in the screen's file field and waits for its upload. */
export async function upload(page: Page, file: string, nth = 0) {
  await page.locator('input[type=file]').nth(nth).setInputFiles(file);
}

/** Takes the ID's photo (front or rear) and waits for it to be read. */
async function photo(page: Page, file: string) {
  await upload(page, file);
  await page.getByText('Foto cargada').waitFor();
}

/** The review: what the photos did not give is chosen (country of issue, nationality, civil status), the box ticked. */
export async function completeReview(page: Page, { reviewNumber }: GtWays = {}) {
  if (reviewNumber) await page.getByLabel(/^Número de documento/).fill(reviewNumber);
  await choose(page, 'País de emisión', 'Guatemala');
  await choose(page, 'Nacionalidad', 'Guatemalteca');
  await choose(page, 'Estado civil', 'Soltero');
  await page.getByRole('checkbox', { name: /^Certifico que todos los datos coinciden/ }).check();
}

/** Picks the first date the calendar offers and confirms it with GUARDAR, the morning, a message. */
export async function scheduleVisit(page: Page) {
  await page.getByLabel(/^Fecha de instalación/).first().click();
  await page.getByRole('dialog').locator('table button:not([disabled])').first().click();
  await page.getByRole('button', { name: 'GUARDAR', exact: true }).click();
  await page.getByRole('radio', { name: 'AM', exact: true }).check();
  await page.getByLabel(/^Mensaje para el instalador/).fill('Portón negro');
}

/** Picks an offer by its name at the products (or the plan change) and waits for it to be chosen. */
export async function chooseOffer(page: Page, name?: string) {
  if (name) {
    const card = page.locator('main .mantine-Card-root').filter({ hasText: name });
    // The offers are in tabs by type (PAQUETE first): a TV offer's is opened first.
    if (!(await card.first().isVisible())) await page.getByRole('tab', { name: 'TV', exact: true }).click();
    await card.first().getByRole('button', { name: 'Elegir' }).click();
  } else {
    await page.getByRole('button', { name: 'Elegir' }).first().click();
  }
  await page.getByRole('button', { name: 'Elegido' }).waitFor();
}

/** What the agent does on each screen of a Guatemala sale to go on, by its route. */
type Act = (page: Page, address: string, customer: GtCustomer, ways: GtWays) => Promise<void>;
const GT_STEPS: Record<string, Act> = {
  '/información-del-cliente': (page, _address, customer) => submitClient(page, customer),
  '/servicios-de-ubicacion': (page) => click(page, 'Activar ubicación'),
  '/ingresa-direccion': async (page, _address, _customer, ways) => {
    await fillAddress(page, ways);
    await click(page, 'Continuar');
  },
  '/lista-de-direcciones': async (page, _address, _customer, ways) => {
    if (ways.addressList === 'map') await click(page, 'Ninguna coincide: ubicar en el mapa');
    else await page.getByRole('button', { name: 'Elegir', exact: true }).first().click();
  },
  '/direccion-mapa': async (page) => {
    await click(page, 'Usar mi ubicación');
    await page.getByText('Punto elegido: 14.59950, -90.51300').waitFor();
    await click(page, 'Verificar ofertas');
  },
  '/id-escaneo-frontal': async (page, _address, customer) => {
    await photo(page, `tests/fixtures/ids/${customer.card}-front.png`);
    await click(page, 'Continuar');
  },
  '/id-escaneo-posterior': async (page, _address, customer) => {
    await photo(page, `tests/fixtures/ids/${customer.card}-rear.png`);
    await click(page, 'Continuar');
  },
  '/id-revisar': async (page, _address, _customer, ways) => {
    await completeReview(page, ways);
    await click(page, 'Continuar');
  },
  '/recibo-servicio': async (page) => {
    await choose(page, 'Proveedor', 'EEGSA');
    await upload(page, 'tests/fixtures/ids/unreadable.png');
    await page.getByText('1 archivo', { exact: true }).waitFor();
    await click(page, 'Continuar');
  },
  '/confirmar-recibo': async (page) => {
    await page.getByLabel(/^Dirección del recibo/).fill('Avenida Reforma 12-01, Zona 10');
    await page.getByLabel(/^Número de contador/).fill('EEG-5521349');
    await click(page, 'Continuar');
  },
  '/documentos-empresa': async (page, _address, _customer, ways) => {
    const [patente, rtu] = ways.businessDocuments ?? ['tests/fixtures/documents/patente.pdf', 'tests/fixtures/ids/unreadable.png'];
    await upload(page, patente, 0);
    await page.getByText('1 archivo', { exact: true }).first().waitFor();
    await upload(page, rtu, 1);
    await page.getByText('1 archivo', { exact: true }).nth(1).waitFor();
    await click(page, 'Continuar');
  },
  '/productos': async (page, _address, customer) => {
    await chooseOffer(page, customer.offer);
    await click(page, 'Continuar');
  },
  '/adicionales': async (page) => {
    await page.getByLabel(/^Adicionales/).first().click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await click(page, 'Continuar');
  },
  '/proceder-pago': async (page) => {
    await choose(page, 'Meses de contrato', '12 meses');
    await page.waitForLoadState('networkidle');
    await click(page, 'Continuar');
  },
  '/contrato-formulario': async (page, _address, customer) => {
    await fillContract(page, customer);
    expectCode(page, '/gt/event-broker/otp');
    await click(page, 'Continuar');
  },
  '/verificar-telefono': async (page, address, customer) => {
    await typeSentCode(page, address, customer.phone);
    await click(page, 'Verificar');
  },
  '/verificar-correo': (page) => click(page, 'OMITIR'),
  '/terminos-y-condiciones': async (page) => {
    await page.getByRole('checkbox').first().waitFor();
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await click(page, 'Aceptar y continuar');
  },
  '/informacion-firma-contrato': (page) => click(page, 'Firmar contrato'),
  '/firma-del-cliente': async (page) => {
    await sign(page);
    await click(page, 'Guardar firma');
  },
  '/comprobante-de-pago': async (page) => {
    await page.getByLabel(/^Número de boleta/).fill('004512');
    await upload(page, 'tests/fixtures/ids/unreadable.png');
    await page.getByText('1 archivo', { exact: true }).waitFor();
    await click(page, 'Continuar');
  },
  '/agendar-visita': async (page) => {
    await scheduleVisit(page);
    await click(page, 'Continuar');
  },
  '/activacion': (page) => activateOrder(page),
};

/** The contract: the recharge number, the bill's name and NIT and its address copied from the sale. */
export async function fillContract(page: Page, customer: GtCustomer) {
  await typeInto(page, /^Número de recarga/, customer.phone);
  await page.getByRole('checkbox', { name: 'Usar nombre y NIT del paso 1' }).check();
  await page.getByRole('checkbox', { name: 'Usar dirección de instalación' }).check();
}

/** Where a sale ends. */
const ENDS = ['/orden-exito', '/orden-fallida', '/orden-actualizada', '/existing-debt'];

/**
 * Sells as an agent would from the screen the page is at (the client information when signed in
 * by `signInToClientInformation`) to its end, or stops on arriving at `stopAt`; `sale.ts`'s `at`
 * runs what `onArrival` set on each screen arrived at. The order's status is asked every 5 s.
 */
export async function sellFrom(page: Page, address: string, customer: GtCustomer = ANA, ways: GtWays = {}, stopAt?: string): Promise<string> {
  let route = pathOf(page);
  for (;;) {
    if (route === stopAt || ENDS.includes(route)) return route;
    const act = GT_STEPS[route];
    if (!act) throw new Error(`${route} is not a screen of the sale`);
    await act(page, address, customer, ways);
    const from = route;
    await page.waitForFunction((left) => decodeURI(location.pathname) !== left, from, { timeout: 30_000 }).catch(async () => {
      const alert = await page.getByRole('alert').allInnerTexts();
      await screenshot(page, `gt-stuck${from.replace(/\//g, '-')}`);
      throw new Error(`still at ${from}; on screen: ${alert.join(' | ')}`);
    });
    route = pathOf(page);
    await at(page, route);
  }
}

/** Signed in, from the client information to the end of the sale (or to `stopAt`). */
export async function sellGt(page: Page, address: string, customer: GtCustomer = ANA, ways: GtWays = {}, stopAt?: string) {
  await signInToClientInformation(page, address);
  return sellFrom(page, address, customer, ways, stopAt);
}
