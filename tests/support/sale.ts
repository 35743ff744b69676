import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { armFault, outboxCodes } from '../../src/tools/sandbox/testerTools';
import { pathOf } from './servedApp';

export { armFault, outboxCodes };

// An El Salvador sale driven in Chromium, shared by the browser tests and the app benchmark.

/** Waits for a step's route (and what it loads), then lets the caller look (a screenshot). */
export async function at(page: Page, route: string, timeout = 10_000) {
  await page.waitForFunction((want) => decodeURI(location.pathname) === want, route, { timeout }).catch(async () => {
    const alert = await page.getByRole('alert').allInnerTexts();
    throw new Error(`expected ${route}, at ${pathOf(page)}; on screen: ${alert.join(' | ')}`);
  });
  await page.waitForLoadState('networkidle');
  await arrived.get(page)?.(route);
}

/** What to do on arriving at each step of a page's sale (the sale test saves screenshots). */
const arrived = new WeakMap<Page, (route: string) => Promise<void>>();
export function onArrival(page: Page, look: (route: string) => Promise<void>) {
  arrived.set(page, look);
}

/** A value the screen shows as text (read-only, or locked as the ID gave it), by its label. */
export const readValue = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true }).locator('[data-readonly-value]').innerText();
/** Opens the sidebar and taps one of its entries (the home screen has buttons of the same names). */
export async function fromMenu(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: entry, exact: true }).click();
}
/** Clicks a button by its exact label. */
export const click = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();

/** Pages whose clock a sale has installed (once: a second install would set it back). */
const clocked = new WeakSet<Page>();
/**
 * Activates an order with its button (Honduras, Guatemala, Nicaragua): the journey creates the
 * order, then pauses 5 s before it asks the order's status (`polling.waiting`). The pause is
 * passed on the page's clock once the journey is in it (the page's root says where it is,
 * src/app/journeyRuntime.ts), as the browser replay does: a sale does not wait it out. The clock
 * is installed before the click, so that the pause's timer is the page's. The caller waits for
 * where the order leads.
 */
export async function activateOrder(page: Page, button = 'Activar orden') {
  if (!clocked.has(page)) {
    await page.clock.install();
    clocked.add(page);
  }
  await click(page, button);
  await page.waitForFunction(() => document.documentElement.dataset.journeyState?.endsWith('.polling.waiting'), undefined, { timeout: 30_000 });
  await page.clock.fastForward(5_000);
}
/** The options of the list open on the screen (a searchable select's), not a phone select's. */
export const listOptions = (page: Page) => page.getByRole('listbox').getByRole('option');
/** What a select shows as chosen, by its label: its option's text, or the text in its box. */
export async function chosen(page: Page, label: string): Promise<string> {
  const control = page.getByLabel(new RegExp(`^${label}`)).first();
  return control.evaluate((element) => (element instanceof HTMLSelectElement ? (element.value === '' ? '' : (element.selectedOptions[0]?.text ?? '')) : (element as HTMLInputElement).value));
}
/** Opens a select by its label and picks an option (the first when none is named). */
export async function choose(page: Page, label: string, option?: string) {
  const control = page.getByLabel(new RegExp(`^${label}`)).first();
  // A few fixed choices are the phone's own select; lists of data are a searchable list.
  if ((await control.evaluate((element) => element.tagName)) === 'SELECT') {
    // A long list's options are put in the page when the select is reached (as a touch does).
    await control.focus();
    const first = (await control.locator('option:not([disabled])').first().innerText()).trim();
    await control.selectOption({ label: option ?? first });
    return;
  }
  await control.click();
  const options = listOptions(page);
  await options.first().waitFor();
  await (option ? page.getByRole('listbox').getByRole('option', { name: option, exact: true }) : options.first()).click();
}
/** Opens a date picker by its label and picks the first date it offers. */
export async function pickFirstDate(page: Page, label: string) {
  await page.getByLabel(new RegExp(`^${label}`)).first().click();
  await page.getByRole('dialog').locator('table button:not([disabled])').first().click();
}
const outboxCode = async (address: string, to: string) => (await outboxCodes(address, to)).at(-1) ?? '';

/** Draws a signature in the step's signature area and waits for it to be uploaded. */
export async function sign(page: Page) {
  const box = await page.getByLabel('Área de firma').boundingBox();
  if (!box) throw new Error('no signature area');
  await page.mouse.move(box.x + 30, box.y + 40);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 30 + i * 20, box.y + 40 + (i % 2) * 30);
  await page.mouse.up();
  await page.getByText(/Firma cargada/).waitFor();
}

/** What the agent does on each El Salvador sale screen to go on, by its route, in order. */
const SALE_STEPS: Array<[route: string, act: (page: Page, address: string) => Promise<void>]> = [
  ['/inicio', (page) => fromMenu(page, 'Nuevo cliente')],
  [
    '/información-del-cliente',
    async (page) => {
      await page.getByLabel('Número de documento').fill('05129374-5');
      await click(page, 'Continuar');
    },
  ],
  [
    '/ingresa-direccion',
    async (page) => {
      await choose(page, 'Departamento', 'San Salvador');
      await choose(page, 'Municipio', 'San Salvador');
      await choose(page, 'Colonia');
      await page.getByLabel('Calle').fill('Calle Arce');
      await page.getByLabel('Número de casa').fill('12');
      await click(page, 'Continuar');
    },
  ],
  // The coverage check passes by itself (/cobertura-estado).
  ['/direccion-mapa', (page) => click(page, 'Verificar cobertura')],
  ['/cobertura-exito', (page) => click(page, 'Ver ofertas')],
  [
    '/menu-principal',
    async (page) => {
      await page.getByRole('button', { name: 'Elegir' }).first().click();
      await page.getByRole('button', { name: 'Elegido' }).waitFor();
      await click(page, 'Continuar');
    },
  ],
  ['/confirmar-seleccion-paquete', (page) => click(page, 'Confirmar paquete')],
  ['/proceder-pago', (page) => click(page, 'Continuar')],
  [
    '/ingresos-del-cliente',
    async (page) => {
      await page.getByLabel(/Ingreso/).fill('2500');
      await click(page, 'Validar ingresos');
    },
  ],
  [
    '/id-escaneo-frontal',
    async (page) => {
      await page.locator('input[type=file]').setInputFiles('tests/fixtures/ids/ana-perez-front.png');
      await page.getByText('Foto cargada').waitFor();
      await click(page, 'Continuar');
    },
  ],
  [
    '/id-escaneo-posterior',
    async (page) => {
      await page.locator('input[type=file]').setInputFiles('tests/fixtures/ids/ana-perez-rear.png');
      await page.getByText('Foto cargada').waitFor();
      await click(page, 'Continuar');
    },
  ],
  ['/id-revisar', (page) => click(page, 'Continuar')],
  [
    '/contrato-formulario',
    async (page) => {
      await fillReferences(page);
      await click(page, 'Continuar');
    },
  ],
  [
    '/verificar-telefono',
    async (page, address) => {
      // A wrong code shows the spec's message and stays.
      await page.locator('input').first().click();
      await page.keyboard.type('000000');
      await click(page, 'Verificar');
      await page.getByRole('alert').filter({ hasText: 'Tu código es incorrecto, inténtalo de nuevo' }).waitFor();
      if (pathOf(page) !== '/verificar-telefono') throw new Error(`a wrong code left /verificar-telefono for ${pathOf(page)}`);
      for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
      await page.locator('input').first().click();
      await page.keyboard.type(await outboxCode(address, '70001234'));
      await click(page, 'Verificar');
    },
  ],
  [
    '/verificar-correo',
    async (page, address) => {
      await page.locator('input').first().click();
      await page.keyboard.type(await outboxCode(address, 'ana.perez@example.com'));
      await click(page, 'Verificar');
    },
  ],
  [
    '/terminos-y-condiciones',
    async (page) => {
      await tickAll(page);
      await click(page, 'Aceptar y continuar');
    },
  ],
  ['/autorizaciones-y-firma', (page) => click(page, 'Continuar')],
  [
    '/firma-de-autorizaciones',
    async (page) => {
      await page.getByRole('checkbox').first().check();
      await click(page, 'Continuar');
    },
  ],
  [
    '/firma-del-cliente',
    async (page) => {
      await sign(page);
      await click(page, 'Guardar firma');
    },
  ],
  [
    '/firma-del-vendedor',
    async (page) => {
      await sign(page);
      await click(page, 'Guardar firma');
    },
  ],
  [
    '/documentos',
    async (page) => {
      const files = page.locator('input[type=file]');
      await files.nth(0).setInputFiles('tests/fixtures/ids/unreadable.png');
      await page.getByText('unreadable.png').first().waitFor().catch(() => undefined);
      await files.nth(1).setInputFiles('tests/fixtures/ids/unreadable.png');
      await page.waitForLoadState('networkidle');
      await arrived.get(page)?.('/documentos-cargados');
      await click(page, 'Continuar');
    },
  ],
  [
    '/agendar-visita',
    async (page) => {
      await pickFirstDate(page, 'Fecha de instalación');
      await page.getByRole('radio', { disabled: false }).first().check();
      await page.waitForLoadState('networkidle');
      await click(page, 'Agendar visita');
    },
  ],
];

/** Types the contract form's two personal references (names and phones). */
export async function fillReferences(page: Page) {
  for (const [label, value] of [
    ['Nombre de la referencia 1', 'Luis Gómez'],
    ['Teléfono de la referencia 1', '70005678'],
    ['Nombre de la referencia 2', 'Marta Ruiz'],
    ['Teléfono de la referencia 2', '70009876'],
  ] as const) {
    await page.getByLabel(new RegExp(`^${label}`)).first().fill(value);
  }
}

/** Signs in on the served app at `address` with the demo PIN (or another seller's): the page is home. */
export async function signIn(page: Page, address: string, pin = '2580') {
  await page.goto(`${address}/`);
  await page.locator('input').first().click();
  await page.keyboard.type(pin);
  await click(page, 'Ingresar');
  await at(page, '/inicio');
}

/**
 * Sells through every El Salvador step as an agent would, from the PIN to the order
 * confirmation, on the served app at `address` (a wrong OTP on the way shows its message);
 * with `stopAt`, stops on arriving at that route (a test of one step starts there).
 */
export async function sellUntilConfirmation(page: Page, address: string, stopAt?: string) {
  await signIn(page, address);
  await sellFrom(page, address, '/inicio', stopAt);
}

/**
 * Goes on with a sale from the screen at `from` (where the agent is, or arrives: a lead's edit
 * opens the sale at the part edited) to the order confirmation, or stops on arriving at `stopAt`.
 */
export async function sellFrom(page: Page, address: string, from: string, stopAt?: string) {
  const start = SALE_STEPS.findIndex(([route]) => route === from);
  if (start < 0) throw new Error(`${from} is not a screen of the sale`);
  for (const [route, act] of SALE_STEPS.slice(start)) {
    await at(page, route);
    if (route === stopAt) return;
    await act(page, address);
  }
  await at(page, '/confirmar-orden');
}

/**
 * Ticks every consent box of the screen: they open unticked and the button waits for them all.
 * The boxes are waited for first (after a reload the form may still be loading).
 */
async function tickAll(page: Page) {
  await page.getByRole('checkbox').first().waitFor();
  for (const box of await page.getByRole('checkbox').all()) await box.check();
}

/** Accepts both confirmations and creates the order. */
export async function createOrder(page: Page) {
  await tickAll(page);
  await click(page, 'Crear orden');
}

/**
 * The code the next screen sends (its `POST …<otpPath>` answered), waited for from before the tap
 * that opens it: the screen asks for it as it opens, and the outbox read too soon gave no code, or
 * the code an earlier sale sent the same phone.
 */
const codeSent = new WeakMap<Page, Promise<unknown>>();
export function expectCode(page: Page, otpPath: string) {
  const sent = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith(otpPath), { timeout: 30_000 });
  sent.catch(() => undefined);
  codeSent.set(page, sent);
}

/** How many codes sent to each address (`<sandbox> <to>`) a typing here has already used. */
const codesUsed = new Map<string, number>();

/**
 * The newest one-time code the sandbox sent to `to` since the last one typed here, waited for:
 * the screen asks for it as it opens, and the outbox read too soon has none yet, or only the code
 * an earlier step or sale sent the same phone.
 */
export async function freshCode(address: string, to: string): Promise<string> {
  const key = `${address} ${to}`;
  const used = codesUsed.get(key) ?? 0;
  let codes: string[] = [];
  await expect.poll(async () => (codes = (await outboxCodes(address, to)).filter((code) => code !== '')).length, { timeout: 30_000 }).toBeGreaterThan(used);
  codesUsed.set(key, codes.length);
  return codes.at(-1) as string;
}

/** Types the last one-time code the sandbox sent to `to`, once the screen's code was sent (`expectCode`). */
export async function typeSentCode(page: Page, address: string, to: string) {
  await codeSent.get(page);
  codeSent.delete(page);
  const code = (await outboxCodes(address, to)).at(-1);
  if (!code) throw new Error(`no code was sent to ${to}`);
  await page.locator('input').first().click();
  await page.keyboard.type(code);
}
