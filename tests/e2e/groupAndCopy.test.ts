import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileSteps } from '../../src/build/compileSteps';
import { screenshot } from '../../src/tools/browser/chromium';
import { axeViolations } from '../support/axe';
import { pathOf, useServedApp } from '../support/servedApp';
import { describeSmall, smallTapTargets } from '../support/tapTargets';

// Issue 34's two step mechanisms in Chromium, on the test country that uses both
// (tests/fixtures/packs/zg): a repeatable group of address type/value pairs and check boxes that
// copy the client's details into the contract, each state the agent sees with axe-core finding
// nothing and every target at least 44 x 44 px.

const ZG = 'tests/fixtures/packs/zg';

beforeAll(() => {
  compileSteps(ZG);
});
const app = useServedApp({ country: 'zg', packs: ZG });

/** axe's violations and the targets under 44 px, of the screen as it is, by the state's name. */
async function problemsOf(page: Page, state: string): Promise<string[]> {
  const violations = (await axeViolations(page)).map((v) => `${state}: ${v.id} ${v.targets.join(', ')}`);
  return [...violations, ...describeSmall(state, await smallTapTargets(page))];
}

const row = (page: Page, n: number) => page.getByRole('group', { name: `Dirección ${n}`, exact: true });

describe('a group of fields and copies from an earlier step, in Chromium', () => {
  it('adds and removes rows, shows each row its messages, copies the client into the contract, and passes axe and 44 px in every state', async () => {
    const page = await app.newPage();
    await page.goto(`${app.address}/`);
    await page.getByRole('heading', { name: 'Información del cliente' }).waitFor();
    await page.getByLabel('Nombre').fill('Ana López');
    await page.getByLabel('NIT').fill('12345678');
    await page.getByLabel('Departamento de instalación').fill('Norte');
    await page.getByLabel('Municipio de instalación').fill('Villa Alta');
    await page.getByLabel('Dirección de instalación').fill('5a avenida 3-20');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.getByRole('heading', { name: 'Datos del contrato' }).waitFor();
    expect(pathOf(page)).toBe('/zg-contrato');
    const problems: string[] = [];
    // As opened: one row, no remove button.
    await row(page, 1).waitFor();
    expect(await page.getByRole('button', { name: /^Quitar/ }).count()).toBe(0);
    problems.push(...(await problemsOf(page, 'opened')));
    await screenshot(page, 'zg-01-opened');

    // A second row: the focus on its first field; each row now removable.
    await row(page, 1).getByRole('textbox', { name: /^Tipo de dirección/ }).fill('Avenida');
    await row(page, 1).getByRole('textbox', { name: /^Número o nombre/ }).fill('Reforma 12-01');
    await page.getByRole('button', { name: 'Agregar dirección' }).click();
    const secondType = row(page, 2).getByRole('textbox', { name: /^Tipo de dirección/ });
    await expect.poll(() => secondType.evaluate((field) => field === document.activeElement)).toBe(true);
    await page.keyboard.type('Calle 5');
    await row(page, 2).getByRole('textbox', { name: /^Número o nombre/ }).fill('Casa 4');
    expect(await page.getByRole('button', { name: /^Quitar dirección \d$/ }).count()).toBe(2);
    problems.push(...(await problemsOf(page, 'second row')));
    await screenshot(page, 'zg-02-second-row');

    // The copies: the client's name and NIT, the installation address (no zone: left empty).
    await page.getByRole('checkbox', { name: 'Usar nombre y NIT del paso 1' }).check();
    await page.getByRole('checkbox', { name: 'Usar dirección de instalación' }).check();
    const values = () => Promise.all(['Nombre de facturación', 'NIT de facturación', 'Departamento', 'Municipio', 'Zona', 'Dirección legal'].map((label) => page.getByRole('textbox', { name: new RegExp(`^${label}`) }).inputValue()));
    await expect.poll(values).toEqual(['Ana López', '12345678', 'Norte', 'Villa Alta', '', '5a avenida 3-20']);
    problems.push(...(await problemsOf(page, 'copied')));
    await screenshot(page, 'zg-03-copied');

    // Errors: the second row's type has a digit, the row's own message shows at it.
    await page.getByRole('button', { name: 'Continuar' }).click();
    const error = row(page, 2).locator('.plain-error');
    await error.waitFor();
    expect(await error.allInnerTexts()).toEqual(['El tipo lleva solo letras y espacios']);
    expect(await row(page, 1).locator('.plain-error').count()).toBe(0);
    problems.push(...(await problemsOf(page, 'errors')));
    await screenshot(page, 'zg-04-errors');
    expect(problems).toEqual([]);

    // The row removed, the focus on the row before; the copy edited; the contract goes.
    await page.getByRole('button', { name: 'Quitar dirección 2' }).click();
    await expect.poll(() => row(page, 1).getByRole('textbox', { name: /^Tipo de dirección/ }).evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await row(page, 2).count()).toBe(0);
    await page.getByRole('textbox', { name: /^Nombre de facturación/ }).fill('Ana María López');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Contrato registrado' }).waitFor();
    await page.getByText('Ana María López').waitFor();
    await page.context().close();
  });
});
