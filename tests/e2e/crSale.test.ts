import { describe, expect, it } from 'vitest';
import { screenshot } from '../../src/tools/browser/chromium';
import { buyUntilPayment, payOnHostedPage, SOFIA, submitClientInformation, typeCode, type CrCustomer } from '../support/crSale';
import { violationsInEveryState } from '../support/everyState';
import { SHELL_KEYS } from '../support/formPack';
import { answerScriptHosts } from '../support/scriptHosts';
import { at, choose, click } from '../support/sale';
import { pathOf, useServedApp } from '../support/servedApp';
import { describeSmall, smallTapTargets } from '../support/tapTargets';

// Costa Rica in Chromium: the COUNTRY=cr build served by the sandbox, which serves Costa Rica's API
// over its seed (src/sandbox/seed/cr/) and plays the payment provider's hosted page. The customer
// walks alone: no PIN, no sidebar; the public form opens the customer's session.
// Built with the heat map's and push messaging's keys (Costa Rica's shell lists both, spec 1).
const app = useServedApp({ country: 'cr', env: SHELL_KEYS });

/** A customer of their own: each purchase a new document, phone and e-mail (the provider keeps them apart). */
const customer = (n: number): CrCustomer => ({ documentNumber: '112340567', phone: `8800${String(n).padStart(4, '0')}`, email: `cliente${n}@example.com` });

describe('a Costa Rica purchase in Chromium', () => {
  it('buys from "/" to the order success through the hosted payment page: axe 0 and 44 px targets on every screen', async () => {
    const page = await app.newPage();
    const violations: string[] = [];
    const smallTargets: string[] = [];
    let shot = 0;
    await buyUntilPayment(page, app.address, SOFIA, async (route) => {
      shot += 1;
      violations.push(...(await violationsInEveryState(page, route)));
      smallTargets.push(...describeSmall(route, await smallTapTargets(page)));
      await screenshot(page, `cr-sale-${String(shot).padStart(2, '0')}${route.replace(/\//g, '-')}`);
      // No agent here: no sidebar, no menu.
      if (route === '/informacion-cliente') expect(await page.getByRole('button', { name: 'Menú' }).count()).toBe(0);
    });
    // What is paid now, as Costa Rica writes colones: the plan's first month and the installation.
    expect(await page.locator('main').innerText()).toMatch(/Total a pagar:\s*₡30\s000,00/);
    violations.push(...(await violationsInEveryState(page, '/pago')));
    await payOnHostedPage(page, 'Aprobar el pago');
    await at(page, '/orden-exito', 20_000);
    await screenshot(page, 'cr-sale-success');
    violations.push(...(await violationsInEveryState(page, '/orden-exito')));
    smallTargets.push(...describeSmall('/orden-exito', await smallTapTargets(page)));
    expect(violations).toEqual([]);
    expect(smallTargets).toEqual([]);
    // The provider activated the order and booked its visit.
    const order = app.sandbox.databases.get('cr')?.prepare("select status from customer_orders order by created_at desc limit 1").get() as { status: string } | undefined;
    expect(order?.status).toBe('ACTIVATED');
  });

  it('takes a declined payment to paymentFailed, and a retry that is approved to the order success', async () => {
    const page = await app.newPage();
    await buyUntilPayment(page, app.address, customer(1));
    await payOnHostedPage(page, 'Rechazar el pago (tarjeta sin fondos)');
    await at(page, '/pago-fallido');
    expect(await violationsInEveryState(page, '/pago-fallido')).toEqual([]);
    expect(describeSmall('/pago-fallido', await smallTapTargets(page))).toEqual([]);
    await click(page, 'Intentar de nuevo');
    await at(page, '/pago');
    await payOnHostedPage(page, 'Aprobar el pago');
    await at(page, '/orden-exito', 20_000);
  });

  it('resumes an abandoned payment where it left', async () => {
    const page = await app.newPage();
    await buyUntilPayment(page, app.address, customer(2));
    await payOnHostedPage(page, 'Cancelar y volver al comercio');
    await at(page, '/pago');
    await page.getByText('El pago no se completó. Puedes intentarlo de nuevo cuando quieras.').waitFor();
    // Left again by the browser's back from the hosted page: the journey is where it was.
    await click(page, 'Pagar con tarjeta');
    await page.waitForURL(/\/__payments\//);
    await page.goBack();
    await at(page, '/pago');
    await payOnHostedPage(page, 'Aprobar el pago');
    await at(page, '/orden-exito', 20_000);
  });

  it('lands on the client information from "/", and back does not return to "/"; loads the heat map and push messaging from their hosts only', async () => {
    const page = await app.newPage();
    const { requests, all } = await answerScriptHosts(page);
    await page.goto(`${app.address}/`);
    await at(page, '/informacion-cliente');
    // Spec 1: a heat map and push messaging for Costa Rica, each from its own host, after the first screen.
    await expect.poll(() => requests.map((r) => new URL(r.url).host).sort(), { timeout: 15_000 }).toEqual(['js.appboycdn.com', 'static.hotjar.com']);
    expect(all.filter((url) => !url.startsWith(app.address) && !url.startsWith('data:') && !url.startsWith('blob:')).every((url) => /^https:\/\/(static\.hotjar\.com|js\.appboycdn\.com)\//.test(url))).toBe(true);
    // Spec 2 (CR): the history is reset at the client information: back leaves the app (the tab's blank page), never to '/'.
    await page.goBack();
    expect(page.url()).not.toBe(`${app.address}/`);
  });

  it('asks for a call: lead to call to its confirmation, with no session', async () => {
    const page = await app.newPage();
    await page.goto(`${app.address}/`);
    await at(page, '/informacion-cliente');
    await click(page, 'Prefiero que me llamen');
    await at(page, '/llamame');
    expect(await violationsInEveryState(page, '/llamame')).toEqual([]);
    expect(describeSmall('/llamame', await smallTapTargets(page))).toEqual([]);
    await page.getByLabel(/^Nombre/).fill('Sofía');
    await page.getByLabel(/^Teléfono/).pressSequentially('88001122');
    await page.getByRole('radio', { name: /Mañana/ }).check();
    await click(page, 'Solicitar llamada');
    await at(page, '/llamame-confirmacion');
    const shown = await page.locator('main').innerText();
    expect(shown, shown).toMatch(/Número de solicitud:\s*T-/);
    expect(await violationsInEveryState(page, '/llamame-confirmacion')).toEqual([]);
    expect(describeSmall('/llamame-confirmacion', await smallTapTargets(page))).toEqual([]);
  });

  it.each([
    ['203450678', '/cliente-existente', 'Eres cliente'],
    ['304560789', '/deuda-pendiente', 'Deuda pendiente de pago'],
    ['105670890', '/cliente-no-valido', 'No podemos continuar con tu solicitud'],
  ])('takes the cédula %s to %s', async (documentNumber, route, title) => {
    const page = await app.newPage();
    await page.goto(`${app.address}/`);
    await at(page, '/informacion-cliente');
    await submitClientInformation(page, { documentNumber, phone: `8801${documentNumber.slice(-4)}`, email: `b${documentNumber}@example.com` });
    await at(page, route);
    await page.getByRole('heading', { name: title }).waitFor();
    expect(await violationsInEveryState(page, route)).toEqual([]);
    expect(describeSmall(route, await smallTapTargets(page))).toEqual([]);
  });

  it('takes an address no node reaches to noCoverage', async () => {
    const page = await app.newPage();
    await page.context().setGeolocation({ latitude: 9.63, longitude: -82.85 });
    const who = customer(3);
    await page.goto(`${app.address}/`);
    await at(page, '/informacion-cliente');
    await submitClientInformation(page, who);
    await at(page, '/verificar-telefono');
    await typeCode(page, app.address, who.phone);
    await at(page, '/verificar-correo');
    await typeCode(page, app.address, who.email);
    await at(page, '/ingresa-direccion');
    await choose(page, 'Provincia', 'Limón');
    await choose(page, 'Cantón', 'Talamanca');
    await page.getByLabel(/^Distrito/).fill('Bratsi');
    await page.getByLabel(/^Otras señas/).fill('Frente a la escuela');
    await click(page, 'Continuar');
    await at(page, '/direccion-mapa');
    await click(page, 'Ver ofertas');
    await at(page, '/sin-cobertura');
    expect(await violationsInEveryState(page, '/sin-cobertura')).toEqual([]);
    expect(describeSmall('/sin-cobertura', await smallTapTargets(page))).toEqual([]);
  });

  it('opens the phone check from the SMS\'s link in a fresh browser, and sends a private URL without a session to "/"', async () => {
    const first = await app.newPage();
    const who = customer(4);
    await first.goto(`${app.address}/`);
    await at(first, '/informacion-cliente');
    await submitClientInformation(first, who);
    await at(first, '/verificar-telefono');
    // The link the registration's SMS carried (the outbox holds the message).
    const link = await linkFromOutbox(app.address, who.phone);
    const fresh = await app.newPage();
    await fresh.goto(`${app.address}${link}`);
    await at(fresh, '/verificar-telefono');
    await typeCode(fresh, app.address, who.phone);
    await at(fresh, '/verificar-correo');
    const stranger = await app.newPage();
    await stranger.goto(`${app.address}/seleccion-de-oferta`);
    await at(stranger, '/informacion-cliente');
    expect(pathOf(stranger)).toBe('/informacion-cliente');
  });
});

/** The phone check's link of the last SMS the sandbox sent to `phone` (its path). */
async function linkFromOutbox(address: string, phone: string): Promise<string> {
  const { messages } = (await (await fetch(`${address}/__sandbox/outbox?to=${phone}`)).json()) as { messages: Array<{ message: string }> };
  const link = messages.map((m) => /\/verificar-telefono\/[^\s]+/.exec(m.message)?.[0]).filter(Boolean).at(-1);
  if (!link) throw new Error(`no link sent to ${phone}: ${JSON.stringify(messages)}`);
  return link;
}
