import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { request } from 'node:http';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../../src/tools/browser/chromium';
import { openedWithHeldKey, saveLanded } from '../support/heldSave';
import { armFault, fromMenu } from '../support/sale';
import { pathOf, useServedApp } from '../support/servedApp';
import { SIGN_IN_THROTTLE } from '../../src/sandbox/signInThrottle';
import { describeSmall, smallTapTargets } from '../support/tapTargets';

// The agent app in real Chromium: the production build served by the sandbox, as
// `npm run sandbox` serves it, at a phone's viewport. Sign-in's first wait is 10 s, not 30 (every
// test signs in from the same address, so the test that meets it sits it out; long enough for the
// next try to meet it on a busy machine; the numbers are the sandbox's, not the app's).
const THROTTLE = { firstWaitMs: 10_000 };
const app = useServedApp({}, { signInThrottle: THROTTLE });

const path = pathOf;

/** The names of what the app keeps in IndexedDB (its keys). */
const keysHeld = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('field-sales', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('keys');
        open.onsuccess = () => {
          const request = open.result.transaction('keys').objectStore('keys').getAllKeys();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result.map(String));
          };
        };
      }),
  );

const opensWithHeldKey = async (page: Page, sealed: string) => (await openedWithHeldKey(page, sealed)) !== null;

async function signIn(page: Page, pin = '2580') {
  await page.goto(`${app.address}/`);
  await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
  await page.locator('input').first().click();
  await page.keyboard.type(pin);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

const openMenu = fromMenu;

/** Holds the page's requests to `pattern` on their way (a slow network) until `release`; `asked` once the first is made. */
async function holdRequests(page: Page, pattern: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let made = () => {};
  const asked = new Promise<void>((resolve) => (made = resolve));
  await page.route(pattern, async (route) => {
    made();
    await released;
    await route.continue();
  });
  return { asked, release };
}

/** Signs in and starts a sale: the page ends on the client information step. */
async function startSale(page: Page) {
  await signIn(page);
  await page.getByRole('heading', { name: 'Inicio' }).waitFor();
  await openMenu(page, 'Nuevo cliente');
  await page.getByRole('heading', { name: 'Información del cliente' }).waitFor();
}

/** Starts a sale for a customer with no debt: the page ends on the address step. */
async function startSaleAtAddress(page: Page) {
  await startSale(page);
  await page.getByLabel('Número de documento').fill('05129374-5');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('heading', { name: 'Ingresa la dirección' }).waitFor();
}

describe('the agent app in Chromium', () => {
  it('signs in with a seeded PIN and starts a sale that stops on a pending debt', async () => {
    const page = await app.newPage();
    await signIn(page);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    await expect.poll(() => path(page)).toBe('/inicio');
    await screenshot(page, '01-inicio');
    await openMenu(page, 'Nuevo cliente');
    await page.getByRole('heading', { name: 'Información del cliente' }).waitFor();
    await expect.poll(() => path(page)).toBe('/información-del-cliente');
    await page.getByLabel('Número de documento').fill('02356718-6');
    await screenshot(page, '02-informacion-del-cliente');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Deuda pendiente de pago' }).waitFor();
    await expect.poll(() => path(page)).toBe('/deuda-pendiente');
    // What the customer owes, in dollars; the title is not repeated in the text.
    await page.getByText('Saldo pendiente: $87.50').waitFor();
    expect(await page.getByText('Deuda pendiente de pago').count()).toBe(1);
    await screenshot(page, '03-deuda-pendiente');
  });

  it('keeps the agent on the landing with the provider\'s message after a wrong PIN', async () => {
    const page = await app.newPage();
    await signIn(page, '0000');
    await page.getByRole('alert').filter({ hasText: 'PIN incorrecto' }).waitFor();
    await expect.poll(() => path(page)).toBe('/');
    // On a PIN failure the PIN is cleared (spec 7.1).
    const typed = await page.locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value).join(''));
    expect(typed).toBe('');
  });

  it('says how long to wait after too many wrong PINs, clears the PIN, and lets the right one in once the wait is over', async () => {
    // A sign-in first: the address's earlier failures (other tests') are forgotten.
    const before = await app.newPage();
    await signIn(before, '2580');
    await expect.poll(() => path(before)).toBe('/inicio');
    const page = await app.newPage();
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures + 1; i++) {
      await signIn(page, '0000');
      await page.getByRole('alert').filter({ hasText: /^PIN incorrecto$/ }).waitFor();
    }
    const waitedFrom = Date.now();
    await signIn(page, '2580');
    await page.getByRole('alert').filter({ hasText: /^Demasiados intentos con un PIN incorrecto\. Intenta de nuevo en (10|[1-9]) segundos?\.$/ }).waitFor();
    await expect.poll(() => path(page)).toBe('/');
    const typed = await page.locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value).join(''));
    expect(typed).toBe('');
    await page.waitForTimeout(Math.max(0, THROTTLE.firstWaitMs - (Date.now() - waitedFrom)));
    await signIn(page, '2580');
    await expect.poll(() => path(page)).toBe('/inicio');
  });

  it('loads the landing with no failed request (the favicon was a 404 on every load)', async () => {
    const page = await app.newPage();
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.goto(`${app.address}/`);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await page.waitForLoadState('networkidle');
    const icon = await page.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute('href'));
    expect(icon).toMatch(/^\/assets\/favicon-[\w-]+\.svg$/);
    expect((await page.request.get(`${app.address}${icon}`)).status()).toBe(200);
    expect(failed).toEqual([]);
    // The landing passes axe-core's WCAG 2.2 A and AA rules, and its PIN boxes and button are 44 x 44 px targets at 390 x 844.
    expect(await axeViolations(page)).toEqual([]);
    expect(describeSmall('/', await smallTapTargets(page))).toEqual([]);
  });

  // Chromium asks for the page's icon again at each step (the route changes): served as
  // `/favicon.svg` with no-cache, each was a round trip to the server on the agent's network.
  it('asks the server for its icon once, not again at every step (the icon was asked again at each step change)', async () => {
    const page = await app.newPage();
    // What reached the network, as Chromium's own network log says (a copy it kept is not asked for).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const asked: string[] = [];
    cdp.on('Network.responseReceived', ({ response }) => {
      if (/favicon/.test(response.url) && !response.fromDiskCache && !response.fromPrefetchCache) asked.push(new URL(page.url()).pathname);
    });
    const icons: string[] = [];
    page.on('requestfinished', (request) => {
      if (/favicon/.test(request.url())) icons.push(new URL(page.url()).pathname);
    });
    await startSale(page);
    // The browser did go for the icon at the steps after the landing (from its copy).
    await expect.poll(() => icons.length).toBeGreaterThan(1);
    expect(asked).toEqual(['/']);
  });

  // It sent every file uncompressed (3 to 4 times the bytes a phone should get) and told the
  // browser not to keep even the hashed ones.
  it("serves the build's scripts and styles brotli- or gzip-compressed, the hashed ones kept a year", async () => {
    const page = await (await fetch(`${app.address}/`)).text();
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
    const style = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    expect(style).toBeDefined();
    const get = (file: string, acceptEncoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; bytes: number }>((resolve, reject) => {
        request(`${app.address}${file}`, { headers: { 'accept-encoding': acceptEncoding } }, (answer) => {
          let bytes = 0;
          answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
          answer.on('end', () => resolve({ headers: answer.headers, bytes }));
        })
          .on('error', reject)
          .end();
      });
    for (const file of [script, style] as string[]) {
      const plain = await get(file, 'identity');
      const br = await get(file, 'gzip, deflate, br');
      const gz = await get(file, 'gzip');
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.bytes).toBeLessThan(plain.bytes / 2);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A file is what its type says (asset files had no nosniff).
      expect(plain.headers['x-content-type-options']).toBe('nosniff');
    }
    // The page itself is never kept: a new build must be seen at once.
    expect((await fetch(`${app.address}/`)).headers.get('cache-control')).toBe('no-store');
  });

  // The app took Mantine's whole stylesheet (35.6 KB gzip); it takes the files of the components
  // it draws (src/app/mantineStyles.css), and a component newly used must bring its file.
  it("styles every Mantine class the app's code names (and our own plain-* ones), with the stylesheets of the components it draws only", () => {
    const assets = join(app.outDir, 'assets');
    const files = readdirSync(assets);
    const read = (ending: string) => files.filter((f) => f.endsWith(ending) && !f.startsWith('map-lib')).map((f) => readFileSync(join(assets, f), 'utf8'));
    const styles = read('.css').join('\n');
    const named = new Set(read('.js').flatMap((text) => text.match(/\bm_[0-9a-f]{6,8}\b/g) ?? []));
    expect(named.size).toBeGreaterThan(100);
    expect([...named].filter((name) => !styles.includes(name))).toEqual([]);
    // And every class of ours that stands for Mantine's inline variables (src/screens/plainLook.css).
    const ours = new Set(read('.js').flatMap((text) => text.match(/\bplain-[a-z-]+\b/g) ?? []));
    expect(ours.size).toBeGreaterThan(10);
    expect([...ours].filter((name) => !styles.includes(`.${name}`))).toEqual([]);
    const appStyles = files.filter((f) => /^startApp-.*\.css$/.test(f));
    expect(appStyles).toHaveLength(1);
    expect(gzipSync(readFileSync(join(assets, appStyles[0] as string))).length / 1024).toBeLessThan(25);
  });

  it('sends a private URL without a session to the landing', async () => {
    const page = await app.newPage();
    await page.goto(`${app.address}/ventas-reporte`);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await expect.poll(() => path(page)).toBe('/');
  });

  it('resumes at the same step after a reload, and goes back with what was typed', async () => {
    const page = await app.newPage();
    await startSaleAtAddress(page);
    await saveLanded(page, 'state', '"address"');
    await page.reload();
    await page.getByRole('heading', { name: 'Ingresa la dirección' }).waitFor();
    await expect.poll(() => path(page)).toBe('/ingresa-direccion');
    // Browser back goes to the step before, with what was typed there.
    await page.goBack();
    await page.getByRole('heading', { name: 'Información del cliente' }).waitFor();
    expect(await page.getByLabel('Número de documento').inputValue()).toBe('05129374-5');
  });

  it('disables the submit button while a required field is empty', async () => {
    const page = await app.newPage();
    await startSale(page);
    expect(await page.getByRole('button', { name: 'Continuar' }).isDisabled()).toBe(true);
    await page.getByLabel('Número de documento').fill('04644848-8');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('El DUI ingresado no es válido').first().waitFor();
    await expect.poll(() => path(page)).toBe('/información-del-cliente');
  });

  it('shows the current step when a link opens a step the journey has not reached', async () => {
    const page = await app.newPage();
    await startSale(page);
    await page.getByLabel('Número de documento').fill('05129374-5');
    // The agent (or a tester) types a later step's address: the journey stays where it is.
    await page.goto(`${app.address}/documentos`);
    await page.getByRole('heading', { name: 'Información del cliente' }).waitFor();
    await expect.poll(() => path(page)).toBe('/información-del-cliente');
    expect(await page.getByRole('heading', { name: 'Documentos' }).count()).toBe(0);
  });

  it('keeps what was typed on a step and not submitted across a reload', async () => {
    const page = await app.newPage();
    await startSale(page);
    await page.getByLabel('Número de documento').fill('05129374-5');
    // The draft is handed to the journey a moment after the last keystroke, then sealed.
    await saveLanded(page, 'text', '05129374-5');
    expect(await page.evaluate(() => sessionStorage.getItem('journey'))).not.toContain('05129374');
    await page.reload();
    await page.getByRole('heading', { name: 'Información del cliente' }).waitFor();
    expect(await page.getByLabel('Número de documento').inputValue()).toBe('05129374-5');
  });

  // The save ran in the idle time while the answer travelled, just as the answer came in.
  it("saves nothing while the step's call is in flight, and saves the next step once it has answered", async () => {
    const page = await app.newPage();
    await startSale(page);
    await page.getByLabel('Número de documento').fill('05129374-5');
    await saveLanded(page, 'text', '05129374-5');
    const before = await page.evaluate(() => sessionStorage.getItem('journey'));
    // The provider takes 2.5 s to answer the check of the client.
    await page.route('**/v1/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('status', { name: 'Cargando' }).waitFor();
    const whileBusy: Array<string | null> = [];
    while (await page.getByRole('status', { name: 'Cargando' }).isVisible()) {
      whileBusy.push(await page.evaluate(() => sessionStorage.getItem('journey')));
      await page.waitForTimeout(100);
    }
    expect(whileBusy.length).toBeGreaterThan(10);
    expect(whileBusy.every((sealed) => sealed === before)).toBe(true);
    await page.getByRole('heading', { name: 'Ingresa la dirección' }).waitFor();
    await saveLanded(page, 'state', '"address"');
  });

  it('warns an idle agent at 13 minutes and, without an answer, ends the session and wipes the sale at 15', async () => {
    const page = await app.newPage();
    await page.clock.install();
    await startSale(page);
    await page.getByLabel('Número de documento').fill('05129374-5');

    await page.clock.fastForward('13:01');
    await page.getByRole('dialog').getByText('Tu sesión se cerrará en 2 minutos por inactividad').waitFor();
    // Staying keeps the session and what was typed, and tells the provider (the keep-alive). It
    // has answered before the next 15 minutes pass: a jump of the page's clock fires every timer,
    // a call's timeout too, and a call still travelling then would end as a timeout.
    // (Its first try is refused as stale: 13 minutes of the page's clock are not the provider's,
    // and it is signed again in the provider's time.)
    const keptAlive = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/session/keep-alive') && response.ok());
    await page.getByRole('button', { name: 'Seguir conectado' }).click();
    await keptAlive;
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Número de documento').inputValue()).toBe('05129374-5');

    await page.clock.fastForward('15:01');
    await page.getByRole('alert').filter({ hasText: 'Tu sesión terminó por inactividad' }).waitFor();
    // The URL is written once the screen is drawn: on this page's fake clock, a moment must pass.
    await page.clock.runFor(200);
    await expect.poll(() => path(page)).toBe('/');
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
    expect(stored).not.toContain('05129374');
    // Signed out: a private page goes back to the landing.
    await page.goto(`${app.address}/ventas-reporte`);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
  });

  // A phone's clock is often minutes off. The provider refuses a call stamped more than 5 minutes
  // from its own time and says its time; the app signs the call again in it. That second try
  // threw in the browser ("Illegal invocation": the page's fetch called as another object's
  // method): the refused call was lost (here the keep-alive the agent's touch sends first).
  it('sends a call again in the provider\'s time when the phone\'s clock moved 10 minutes since sign-in', async () => {
    const page = await app.newPage();
    await page.clock.install();
    await signIn(page);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    await page.clock.fastForward('10:00');
    const answers: string[] = [];
    page.on('response', (response) => {
      const called = new URL(response.url()).pathname.split('/sv/')[1];
      if (called === 'session/keep-alive' || called === 'sales') answers.push(`${called} ${response.status()}`);
    });
    await openMenu(page, 'Reporte de ventas');
    await page.getByRole('heading', { name: 'Reporte de ventas' }).waitFor();
    await expect.poll(() => [...answers].sort()).toEqual(['sales 200', 'session/keep-alive 200', 'session/keep-alive 401']);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('serves the app with a strict Content Security Policy and the session cookie locked down', async () => {
    const page = await app.newPage();
    const answer = await page.goto(`${app.address}/`);
    const policy = answer?.headers()['content-security-policy'] ?? '';
    for (const directive of ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(policy).toContain(directive);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    const signedIn = page.waitForResponse((r) => r.url().includes('/sv/accesstoken'));
    const keyAsks: string[] = [];
    page.on('request', (request) => (request.url().includes('/sv/public-key') ? keyAsks.push(request.url()) : undefined));
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await page.locator('input').first().click();
    await page.keyboard.type('2580');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const signIn = await signedIn;
    expect(signIn.headers()['cache-control']).toBe('no-store');
    // The answer came sealed, bound to the request's state; the cookie is set in clear.
    expect(signIn.headers()['x-sealed']).toBe('v1');
    expect(signIn.headers()['x-state']).toBeTruthy();
    // The provider's keys (for the PIN and for the call keys) are asked once, not once for each.
    expect(keyAsks).toHaveLength(1);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    const [session] = (await page.context().cookies()).filter((c) => c.name.endsWith('session'));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    // Logout: the browser is told to forget the origin's cache, cookies and storage.
    const loggedOut = page.waitForResponse((r) => r.url().includes('/sv/logout'));
    await openMenu(page, 'Cerrar sesión');
    expect((await (await loggedOut).allHeaders())['clear-site-data']).toBe('"cache", "cookies", "storage"');
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    expect((await page.context().cookies()).filter((c) => c.name.endsWith('session'))).toEqual([]);
  });

  it('shows nothing of the sale after logout, not even with the browser back button', async () => {
    const page = await app.newPage();
    await startSaleAtAddress(page);
    const sealedSale = await page.evaluate(() => sessionStorage.getItem('journey'));
    // Signed in: the call keys and the key of the sealed sale are in IndexedDB.
    expect(await keysHeld(page)).toContain('calls');
    expect(await opensWithHeldKey(page, sealedSale ?? '')).toBe(true);

    await openMenu(page, 'Cerrar sesión');
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    // The logout's entries written (in idle time, after the screen): back goes to the sale's.
    await expect.poll(() => path(page)).toBe('/');
    for (let i = 0; i < 3; i++) {
      await page.goBack().catch(() => undefined);
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      await expect.poll(() => path(page)).toBe('/');
      expect(await page.locator('body').innerText()).not.toContain('05129374');
    }
    // Nothing of the sale is left: no cookie, and the sealed snapshot is not the sale's.
    expect(await page.context().cookies()).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('journey'))).not.toBe(sealedSale);
    const keys = await page.evaluate(() => Object.keys(sessionStorage).concat(Object.keys(localStorage)));
    expect(keys.filter((k) => k !== 'journey')).toEqual([]);
    // IndexedDB: no call keys, and the key there now (the landing's) does not open the sale.
    expect(await keysHeld(page)).not.toContain('calls');
    expect(await opensWithHeldKey(page, sealedSale ?? '')).toBe(false);
  });

  it('stays signed out when back is pressed while the logout is on its way (back stopped the logout and showed the sale)', async () => {
    const page = await app.newPage();
    await startSaleAtAddress(page);
    // The logout held on its way (a slow network) until the agent has pressed back.
    const { asked, release } = await holdRequests(page, '**/sv/logout');
    const loggedOut = page.waitForResponse((r) => r.url().includes('/sv/logout'));
    await openMenu(page, 'Cerrar sesión');
    await asked;
    await page.getByRole('heading', { name: 'Cerrar sesión' }).waitFor();
    await expect.poll(() => path(page)).toBe('/cerrar-sesion');
    await page.goBack().catch(() => undefined);
    await expect.poll(() => path(page)).toBe('/cerrar-sesion');
    expect(await page.locator('body').innerText()).not.toContain('05129374');
    release();
    expect((await loggedOut).status()).toBe(200);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('05129374');
    expect((await page.context().cookies()).filter((c) => c.name.endsWith('session'))).toEqual([]);
  });

  it("says on the page's root where the journey is and whether it waits on a call (what a tester and the browser replay read), and nothing of the agent's", async () => {
    const page = await app.newPage();
    // The seller's details, asked once the PIN's token has answered, held on their way.
    const { asked, release } = await holdRequests(page, '**/sv/salesperson/details/*');
    const root = () => page.evaluate(() => ({ state: document.documentElement.dataset.journeyState, busy: document.documentElement.dataset.journeyBusy }));
    await signIn(page);
    await asked;
    await expect.poll(root).toEqual({ state: 'sv.loadingSeller', busy: 'true' });
    release();
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    await expect.poll(root).toEqual({ state: 'sv.signedIn.home', busy: 'false' });
    // The root's tag as a page's tools show it: the seller's PIN and name are not in it.
    const tag = await page.evaluate(() => document.documentElement.outerHTML.slice(0, document.documentElement.outerHTML.indexOf('>') + 1));
    expect(tag).toContain('data-journey-busy="false"');
    expect(tag).not.toMatch(/2580|Carlos|Méndez|70000001/);
  });

  it('wipes the session and lands on / when an answer\'s state is not its request\'s (session integrity)', async () => {
    const page = await app.newPage();
    await startSale(page);
    await page.getByLabel('Número de documento').fill('05129374-5');
    await armFault(app.address, 'clientInfoValidateV2', 'state-mismatch');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await expect.poll(() => path(page)).toBe('/');
    expect(await page.locator('body').innerText()).not.toContain('05129374');
    // The provider ended the session as well: its cookie is gone, and the call keys with it.
    await expect.poll(() => page.context().cookies()).toEqual([]);
    expect(await keysHeld(page)).not.toContain('calls');
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
    expect(stored).not.toContain('05129374');
    await page.goto(`${app.address}/ventas-reporte`);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await expect.poll(() => path(page)).toBe('/');
  });
});
