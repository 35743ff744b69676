import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compileSteps } from '../../src/build/compileSteps';
import { compileJourney } from '../../src/runtime/compileJourney';
import { screenshot } from '../../src/tools/browser/chromium';
import { journeyPaths } from '../../src/tools/paths/journeyPaths';
import { describeBrowserReplay, replayFolder, replayInBrowser } from '../../src/tools/replay/browserReplay';
import { choose } from '../support/sale';
import { pathOf, useServedApp } from '../support/servedApp';

// Deep links and leaving for an outside page (issue 33) in the test country's build
// (tests/fixtures/packs/zz): a public link opened in a fresh browser, and the payment page the
// summary leaves for, which sends the seller back to the journey's return link in the same tab.
// The payment page is a static file on the sandbox's own origin, as the app's files are: it
// answers at once with the receipt's id, as a provider's page would after the payment.

const ZZ = 'tests/fixtures/packs/zz';
const PAYMENT_PAGE = 'zz-pasarela.html';

beforeAll(() => {
  compileSteps(ZZ);
  // The browser replay reads the pack's step and country files where COUNTRY_PACKS says.
  vi.stubEnv('COUNTRY_PACKS', ZZ);
});
const app = useServedApp({ country: 'zz', packs: ZZ });
beforeAll(() => {
  writeFileSync(
    join(app.outDir, PAYMENT_PAGE),
    '<!doctype html><html lang="es"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=/zz/pago/retorno?recibo=R-7&amp;ignorado=1"><title>Pasarela</title></head><body>Pagando…</body></html>\n',
  );
});
afterAll(() => {
  rmSync(join(app.outDir, PAYMENT_PAGE), { force: true });
  vi.unstubAllEnvs();
});

/** Signs in and fills the visitor's form, to the summary: a private step. */
async function toSummary(page: Page) {
  await page.goto(`${app.address}/`);
  await page.getByRole('heading', { name: 'Entrada de Zedlandia' }).waitFor();
  await page.locator('input').first().click();
  await page.keyboard.type('4321');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { name: 'Portada de Zedlandia' }).waitFor();
  await page.getByRole('button', { name: 'Registrar visita' }).click();
  await page.getByRole('heading', { name: 'Datos del visitante zedlandés' }).waitFor();
  await page.getByLabel('Número de documento').fill('123456789');
  await page.getByLabel('Teléfono').pressSequentially('999123456');
  await choose(page, 'Región', 'Sur');
  await page.getByLabel(/^Pueblo/).first().click();
  await page.getByRole('option', { name: 'Bahía Sur', exact: true }).click();
  await page.getByRole('button', { name: 'Seguir' }).click();
  await page.getByRole('heading', { name: 'Resumen de la visita zedlandesa' }).waitFor();
}

describe('deep links in Chromium', () => {
  it('a link opened in a fresh browser reaches its step with the link\'s value', async () => {
    const page = await app.newPage();
    await page.goto(`${app.address}/zz/retomar/T-42%2F7?ignorado=1`);
    await page.getByRole('heading', { name: 'Retomar una visita zedlandesa' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/zz-retomar');
    await page.getByText('T-42/7').waitFor();
    await screenshot(page, 'zz-link-retomar');
    await page.getByRole('button', { name: 'Ir a la entrada' }).click();
    await page.getByRole('heading', { name: 'Entrada de Zedlandia' }).waitFor();
    await page.context().close();
  });

  it('leaves for the payment page and comes back in the same tab at the step after, with the receipt; a plain http page elsewhere is refused', async () => {
    const page = await app.newPage();
    await toSummary(page);
    const pages: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) pages.push(new URL(frame.url()).pathname);
    });

    await page.getByRole('button', { name: 'Pagar en un sitio sin cifrar' }).click();
    await page.getByText('No se pudo abrir la página de pago.').waitFor();
    expect(pathOf(page)).toBe('/zz-resumen');

    await page.getByRole('button', { name: 'Pagar en línea' }).click();
    await page.getByRole('heading', { name: 'Pago zedlandés recibido' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/zz-pagado');
    await page.getByText('R-7', { exact: true }).waitFor();
    // Through the outside page and back to the return link, where the app (not the PIN) started.
    expect(pages).toEqual(expect.arrayContaining([`/${PAYMENT_PAGE}`, '/zz/pago/retorno']));
    expect(pages.indexOf(`/${PAYMENT_PAGE}`)).toBeLessThan(pages.indexOf('/zz/pago/retorno'));
    expect(await page.getByRole('heading', { name: 'Entrada de Zedlandia' }).count()).toBe(0);
    await screenshot(page, 'zz-link-pagado');

    await page.getByRole('button', { name: 'Cerrar la visita' }).click();
    await page.getByRole('heading', { name: 'Visita zedlandesa registrada' }).waitFor();
    await page.context().close();
  });

  it('the browser replay follows the path through the payment page and its return link (journeys:replay --browser)', async () => {
    const text = readFileSync(`${ZZ}/journeys/zz.json`, 'utf8');
    const journey = compileJourney(JSON.parse(text), text);
    // The path that pays: its return link taken where the journey waits for it, after the page was left for.
    const path = journeyPaths(journey).paths.find((p) => p.steps.some((s) => s.event.type === 'link.zzPagoRetorno') && p.steps.some((s) => s.event.type === 'pago.abrir'));
    expect(path?.steps.map((s) => s.event.type)).toContain('link.zzPagoRetorno');
    if (!path) return;
    const page = await app.newPage();
    const result = await replayInBrowser(journey, path, page, { address: app.address, country: 'zz', folder: replayFolder('zz', path.name), data: { events: [] } });
    expect(result.ok, describeBrowserReplay(result)).toBe(true);
    await page.context().close();
  });
});
