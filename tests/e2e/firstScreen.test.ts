import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { at } from '../support/sale';
import { pathOf, useServedApp } from '../support/servedApp';

// Issue 16: the first screen (the PIN) is drawn by the page's own small script, before React,
// Mantine, the forms, XState or the journey are fetched; the app comes as the agent types.
const app = useServedApp();

/** What the page fetched, in order: each script's and stylesheet's path, its bytes and how it came. */
interface Fetched {
  path: string;
  type: string;
  encoding: string | undefined;
  body: Buffer;
}

/** Records every script and stylesheet the page receives from now on. */
function recordAssets(page: Page): Fetched[] {
  const fetched: Fetched[] = [];
  page.on('response', (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    void response.body().then(
      async (body) => fetched.push({ path: new URL(response.url()).pathname, type, encoding: (await response.allHeaders())['content-encoding'], body }),
      () => undefined,
    );
  });
  return fetched;
}

const gzipKb = (files: Fetched[]) => files.reduce((sum, f) => sum + gzipSync(f.body, { level: 9 }).length, 0) / 1024;

/** The PIN's boxes, joined. */
const typedPin = (page: Page) => page.locator('main input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value).join(''));

/** Opens the first screen, types `pin` from its first box and presses its button. */
async function sendPin(page: Page, pin: string) {
  await page.goto(`${app.address}/`);
  await page.locator('main input').first().click();
  await page.keyboard.type(pin);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

describe('the first screen', () => {
  it('requests no rjsf, XState or journey code before the PIN field shows, in under 100 KB of script and 15 KB of style, brotli, straight from the page', async () => {
    const page = await app.newPage();
    const fetched = recordAssets(page);
    await page.goto(`${app.address}/`);
    await page.getByRole('group', { name: 'PIN' }).locator('input').first().waitFor();
    // What arrived before the PIN showed, and whatever follows until the network is quiet (the agent has not touched it).
    await page.waitForLoadState('networkidle');
    const html = await (await fetch(`${app.address}/`)).text();
    const scripts = fetched.filter((f) => f.type === 'script');
    const styles = fetched.filter((f) => f.type === 'stylesheet');
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of fetched) {
      const text = file.body.toString('utf8');
      expect(text, `${file.path} holds XState`).not.toContain('xstate.init');
      expect(text, `${file.path} holds rjsf`).not.toMatch(/rjsf|@rjsf/);
      expect(text, `${file.path} holds the journey`).not.toMatch(/signingIn|loadingSeller|signedIn/);
      expect(text, `${file.path} holds React`).not.toMatch(/react\.(transitional\.)?element/);
      // Two hops at most: the page, then files the page itself names.
      expect(html, `${file.path} is not named by the page`).toContain(file.path);
      expect(file.encoding, `${file.path} is not brotli`).toBe('br');
    }
    expect(gzipKb(scripts)).toBeLessThan(100);
    expect(gzipKb(styles)).toBeLessThan(15);
    // The step file's words, as the app's own landing shows them.
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await page.getByText('Ingresa tu PIN de vendedor').waitFor();
    expect(await page.getByRole('button', { name: 'Ingresar' }).isDisabled()).toBe(true);

    // The app is fetched once the agent starts typing.
    const before = fetched.length;
    await page.getByRole('group', { name: 'PIN' }).locator('input').first().click();
    await page.keyboard.type('25');
    await expect.poll(() => fetched.slice(before).some((f) => f.body.toString('utf8').includes('xstate.init')), { timeout: 15_000 }).toBe(true);
  });

  it('signs in with one call: the PIN typed before the app was loaded goes to the journey once', async () => {
    const page = await app.newPage();
    const signIns: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/accesstoken')) signIns.push(request.url());
    });
    await sendPin(page, '2580');
    await at(page, '/inicio');
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(signIns).toHaveLength(1);
  });

  it("says a PIN too short in the step file's words, and keeps it to be finished", async () => {
    const page = await app.newPage();
    await sendPin(page, '258');
    await page.getByText('El PIN debe tener de 4 a 8 dígitos').waitFor();
    expect(await typedPin(page)).toBe('258');
    // Finishing it in the next box takes the message away, and the PIN signs in.
    await page.locator('main input').nth(3).click();
    await page.keyboard.type('0');
    await expect.poll(() => page.getByText('El PIN debe tener de 4 a 8 dígitos').count()).toBe(0);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await at(page, '/inicio');
  });

  it('says when the app cannot be fetched (a lost connection), keeps the PIN, and signs in at the next try', async () => {
    const page = await app.newPage();
    // The connection drops for every file of the app after the page's own.
    const html = await (await fetch(`${app.address}/`)).text();
    await page.route(
      (url) => url.pathname.startsWith('/assets/') && !html.includes(url.pathname),
      (route) => route.abort('internetdisconnected'),
    );
    await sendPin(page, '2580');
    await page.getByRole('alert').filter({ hasText: 'No se pudo cargar la aplicación. Revisa tu conexión e inténtalo de nuevo.' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/');
    expect(await typedPin(page)).toBe('2580');
    // Back online: the same button signs in.
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await at(page, '/inicio');
  });

  it('draws the app at once, not the first screen, when a sale is under way in the tab', async () => {
    const page = await app.newPage();
    await sendPin(page, '2580');
    await at(page, '/inicio');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('journey') !== null), { timeout: 15_000 }).toBe(true);
    await page.goto(`${app.address}/`);
    // The journey resumes where it was: signed in, at home.
    await at(page, '/inicio');
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
  });
});
