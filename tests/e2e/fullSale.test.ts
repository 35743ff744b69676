import { describe, expect, it } from 'vitest';
import { violationsInEveryState } from '../support/everyState';
import { screenshot } from '../../src/tools/browser/chromium';
import { armFault as armSandboxFault, at, click, createOrder, fromMenu, onArrival, sellUntilConfirmation } from '../support/sale';
import { pathOf, useServedApp } from '../support/servedApp';
import { describeSmall, smallTapTargets } from '../support/tapTargets';
import { saveLanded } from '../support/heldSave';

// A whole sale in Chromium at a phone's viewport, through every El Salvador step, against the
// production build served by the sandbox; then the lead in the sales report.
const app = useServedApp();

/** A page whose every step arrived at is saved as a numbered screenshot. */
async function recordedPage() {
  const page = await app.newPage();
  // Every value the app writes to the tab's storage, to scan for personal data at the end.
  await page.addInitScript({
    content: `(() => {
      const writes = (window.storageWrites = []);
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) { writes.push(String(key) + '=' + String(value)); return setItem.call(this, key, value); };
    })();`,
  });
  // Every URL the page asks for: pages, assets and the provider's calls.
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  let shot = 0;
  // The progress each screen arrived at shows (none where there is none).
  const progress: string[] = [];
  // What axe-core finds against WCAG 2.2 A and AA on each screen arrived at, in every state it shows (tests/support/everyState.ts).
  const violations: string[] = [];
  // Every tappable control smaller than 44 x 44 px at a 390 x 844 viewport, on each screen arrived at.
  const smallTargets: string[] = [];
  // What the package summary shows the customer.
  const summaries: string[] = [];
  onArrival(page, async (route) => {
    shot += 1;
    violations.push(...(await violationsInEveryState(page, route)));
    smallTargets.push(...describeSmall(route, await smallTapTargets(page)));
    if (route === '/confirmar-seleccion-paquete') summaries.push(await page.locator('main').innerText());
    const label = page.getByLabel('Progreso');
    progress.push(`${route} ${(await label.count()) > 0 ? await label.innerText() : '-'}`);
    await screenshot(page, `sale-${String(shot).padStart(2, '0')}${route.replace(/\//g, '-')}`);
  });
  return Object.assign(page, { urls, progress, violations, smallTargets, summaries });
}

const armFault = (operationId: string, fault: string) => armSandboxFault(app.address, operationId, fault);

describe('a sale in Chromium', () => {
  it('goes from the PIN through every step to /orden-exito and shows the lead as Pendiente', async () => {
    const page = await recordedPage();
    await sellUntilConfirmation(page, app.address);
    // Progress on every sale screen, one more each (spec: SV shows none; issue 14: 22 screens and no sense of what is left).
    // The coverage check passes by itself (4/23 shows while it checks), the documents screen is seen twice.
    const sale = [...new Set(page.progress.filter((p) => !/^\/(inicio|documentos-cargados)? /.test(p)).map((p) => p.split(' ')[1] ?? ''))];
    expect(sale).toEqual(Array.from({ length: 23 }, (_, i) => `${i + 1}/23`).filter((p) => p !== '4/23'));
    expect(page.progress).toContain('/inicio -');
    // The package and the order are summed up with the plan's monthly price in dollars (the plan's name only before).
    expect(page.summaries[0]).toMatch(/\$\d+\.\d{2} al mes/);
    const confirmation = await page.locator('main').innerText();
    expect(confirmation).toMatch(/\$\d+\.\d{2} al mes/);
    // And the contract's months and the installation charge for them (the sandbox's first bundle: $60.00 with no contract).
    expect(confirmation).toContain('Meses de contrato: 0');
    expect(confirmation).toContain('Cargo de instalación: $60.00');
    // Every screen of the sale passes axe-core's WCAG 2.2 A and AA rules (60 contrast failures on 27 screens before).
    expect(page.violations).toEqual([]);
    // And every tappable control on them is at least 44 x 44 px at 390 x 844 (tests/support/tapTargets.ts).
    expect(page.smallTargets).toEqual([]);
    // Another error than a timeout: the failed screen, from which the agent retries.
    await armFault('activation', '500');
    await createOrder(page);
    await at(page, '/orden-fallida');
    await page.getByRole('button', { name: /Reintentar|Volver a intentar/ }).click();
    await at(page, '/confirmar-orden');
    await createOrder(page);
    await at(page, '/orden-exito');
    const leadId = /L-\d+/.exec(await page.locator('main').innerText())?.[0];
    expect(leadId).toBeDefined();
    // Back is blocked once the order exists: the browser's back button leaves the agent here.
    await page.goBack();
    await page.waitForTimeout(300);
    await expect.poll(() => pathOf(page)).toBe('/orden-exito');
    expect(await page.locator('main').innerText()).toContain(leadId ?? 'L-');

    await click(page, 'Volver al inicio');
    await at(page, '/inicio');
    await fromMenu(page, 'Reporte de ventas');
    await at(page, '/ventas-reporte');
    const row = page.getByTestId('row').filter({ hasText: leadId ?? 'none' });
    await expect(row.getByText('Pendiente')).toBeTruthy();
    expect(await row.getByText('Pendiente').isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Ver detalle' }).click();
    await at(page, `/ventas-detalle/${leadId}`);
    // The order's failure and success, home, the report and the lead's detail pass axe-core too, and their targets are 44 x 44 px.
    expect(page.violations).toEqual([]);
    expect(page.smallTargets).toEqual([]);

    // Every step went to the tag manager's dataLayer, and nothing personal did.
    const layer = await page.evaluate(() => JSON.stringify(window.dataLayer ?? []));
    const entries = JSON.parse(layer) as Array<{ event: string; route?: string }>;
    expect(entries.filter((e) => e.event === 'journey_step').map((e) => e.route)).toEqual(expect.arrayContaining(['/', '/inicio', '/id-revisar', '/orden-exito', '/ventas-detalle/:id']));
    // (The lead's id is not personal: the agent tracking record of spec section 3 carries it.)
    for (const personal of ['04644848', '05129374', '70001234', '70005678', 'ana.perez', 'PEREZ', 'Gómez', 'Calle Arce', '13.69', '2580']) {
      expect(layer).not.toContain(personal);
    }

    // Nothing written to storage during the sale holds a document number, phone, e-mail, name or
    // coordinate in clear text (the journey's snapshot is sealed with AES-GCM).
    const writes = await page.evaluate(() => JSON.stringify((window as unknown as { storageWrites: string[] }).storageWrites));
    expect(JSON.parse(writes).length).toBeGreaterThan(10);
    // Ciphertext is set aside (random base64 holds any four digits now and then: 1 write in ~300
    // once held "2580"), and digits count only as a whole number, not inside a timestamp.
    const clear = writes.replace(/sealed:v1:[A-Za-z0-9+/=]+/g, 'sealed:v1:…');
    expect(clear).toContain('sealed:v1:…');
    for (const personal of ['04644848', '05129374', '70001234', '70005678', 'ana.perez', 'PEREZ', 'Gómez', 'Calle Arce', '13.69', '-89.19', '2580']) {
      expect(clear).not.toMatch(new RegExp(`(?<![0-9])${personal.replace(/[.+-]/g, '\\$&')}(?![0-9])`));
    }

    // No URL asked for over the sale holds personal data: the provider's calls that take a
    // document number, coordinates or a phone in their path or query send them sealed.
    expect(page.urls.some((url) => url.includes('/individualsv2?'))).toBe(true);
    expect(page.urls.some((url) => url.includes('/get-coverage?'))).toBe(true);
    for (const url of page.urls.filter((u) => u.startsWith('http')).map((u) => decodeURIComponent(u))) {
      for (const personal of ['04644848', '05129374', '70001234', '70005678', 'ana.perez', 'PEREZ', 'Pérez', 'Gómez', 'Calle Arce', '13.69', '-89.19', '2580', '70000001']) {
        expect(url).not.toContain(personal);
      }
    }

    // A 401 on any call wipes the session and lands on the landing with "No autorizado".
    await armFault('sales', '401');
    await fromMenu(page, 'Reporte de ventas');
    await at(page, '/');
    await page.getByRole('alert').filter({ hasText: 'No autorizado' }).waitFor();
    // Nothing of the sale is left in the tab's storage (the journey restarts from its initial data).
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
    for (const personal of ['04644848', '70001234', 'ana.perez', 'PEREZ', 'Calle Arce', '13.69']) expect(stored).not.toContain(personal);
  }, 180_000);

  it('lands on /orden-fallida-timeout when the activation times out (504)', async () => {
    const page = await app.newPage();
    await sellUntilConfirmation(page, app.address);
    await armFault('activation', '504');
    await createOrder(page);
    await at(page, '/orden-fallida-timeout');
  }, 180_000);

  it('places the order after a reload on the confirmation (the sealed PIN survives it)', async () => {
    const page = await app.newPage();
    await sellUntilConfirmation(page, app.address, '/confirmar-orden');
    await saveLanded(page, 'state', '"confirmOrder"');
    await page.reload();
    await at(page, '/confirmar-orden');
    await createOrder(page);
    await at(page, '/orden-exito');
  }, 180_000);

  it('sends the order again after a lost answer (a cut connection), and the provider makes it once', async () => {
    const page = await app.newPage();
    await sellUntilConfirmation(page, app.address, '/confirmar-orden');
    const leads = () => (app.sandbox.db.prepare('select count(*) as n from leads').get() as { n: number }).n;
    const before = leads();
    await armFault('activation', 'lost-answer');
    await createOrder(page);
    await at(page, '/orden-exito', 30_000);
    expect(leads()).toBe(before + 1);
  }, 180_000);
});
