import { beforeAll, describe, expect, it } from 'vitest';
import { compileSteps } from '../../src/build/compileSteps';
import { screenshot } from '../../src/tools/browser/chromium';
import { axeViolations } from '../support/axe';
import { pathOf, useServedApp } from '../support/servedApp';

// Issue 34's shared parts in Chromium, on the test country zk (tests/fixtures/packs/zk), built and
// served by the sandbox: a business's document uploaded as a PDF and shown by its name, a text
// file refused with its message (and no axe violation while it shows), then the debt screen's
// link to the provider's public site, whose click opens a new tab and records its tracking entry
// with nothing personal in it.

const ZK = 'tests/fixtures/packs/zk';

beforeAll(() => {
  compileSteps(ZK);
});
const app = useServedApp({ country: 'zk', packs: ZK });

type Entry = Record<string, unknown> & { event: string };

describe('documents as PDFs, and links to the outside, in Chromium', () => {
  it('uploads a PDF, refuses a text file, and records a link clicked without personal data', async () => {
    const page = await app.newPage();
    await page.goto(`${app.address}/`);
    await page.getByRole('heading', { name: 'Entrada de Documentilandia' }).waitFor();
    await page.locator('input').first().click();
    await page.keyboard.type('4321');
    await page.getByRole('button', { name: 'Entrar' }).click();

    await page.getByRole('heading', { name: 'Documentos del negocio' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/zk-documentos');
    await page.getByLabel(/^Nombre del negocio/).fill('Tienda Zeta 5551234567');
    const license = page.getByRole('group', { name: 'Patente de comercio' });
    const input = license.locator('input[type=file]');
    expect(await input.getAttribute('accept')).toBe('image/*,application/pdf');

    // A PDF goes to the provider as it is, and shows as its icon and name.
    await input.setInputFiles('tests/fixtures/documents/patente.pdf');
    await license.getByText('1 archivo', { exact: true }).waitFor({ timeout: 30_000 });
    await license.getByText('patente.pdf', { exact: true }).waitFor();
    expect(await license.locator('svg[data-file-icon="pdf"]').count()).toBe(1);
    expect(await license.getByRole('img').count()).toBe(0);

    // A text file is refused at the field, with its message; what is there stays.
    await input.setInputFiles('tests/fixtures/documents/notas.txt');
    const refusal = license.getByText('El archivo debe ser una imagen o un PDF.');
    await refusal.waitFor();
    expect(await license.getByText('1 archivo', { exact: true }).count()).toBe(1);
    expect(await page.getByLabel(/^Nombre del negocio/).inputValue()).toBe('Tienda Zeta 5551234567');
    await screenshot(page, 'zk-01-pdf-and-refusal');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Deuda pendiente de pago' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/zk-deuda');
    const branches = page.getByRole('link', { name: 'Ver agencias (se abre en una pestaña nueva)' });
    expect(await branches.getAttribute('target')).toBe('_blank');
    expect(await branches.getAttribute('rel')).toBe('noopener noreferrer');
    // A 44 px target (WCAG 2.5.5).
    expect((await branches.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'zk-02-links');

    // The click opens the provider's page in a new tab (no host resolves here: only that it opened)...
    const [popup] = await Promise.all([page.context().waitForEvent('page'), branches.click()]);
    await popup.close();
    // ...and records the link and the step, never the address, its query or anything typed.
    const layer = async () => JSON.parse(await page.evaluate(() => JSON.stringify(window.dataLayer ?? []))) as Entry[];
    await expect.poll(async () => (await layer()).filter((entry) => entry.event === 'outbound_link')).toEqual([
      { event: 'outbound_link', journey: 'zk', step: 'existingDebt', link: 'branchLocations', tracking_version: expect.any(String), deploy_version: expect.any(String) },
    ]);
    expect(JSON.stringify(await layer())).not.toMatch(/example\.zk|region=todas|Tienda Zeta|5551234567|patente\.pdf/);
    await page.context().close();
  });
});
