import { describe, expect, it } from 'vitest';
import { screenshot } from '../../src/tools/browser/chromium';
import { at, click, readValue, sellUntilConfirmation } from '../support/sale';
import { useServedApp } from '../support/servedApp';

// The ID review in Chromium: what the photos gave is shown locked, field by field, until the
// agent unlocks one to correct it.
const app = useServedApp();

describe('the ID review in Chromium', () => {
  it('locks the fields read from the document and lets the agent unlock one to correct it', async () => {
    const page = await app.newPage();
    await sellUntilConfirmation(page, app.address, '/id-revisar');
    // Read from the document: shown as text the customer can read, each with its "Editar" beside it.
    expect(await readValue(page, 'Número de documento')).toBe('04644848-2');
    expect(await readValue(page, 'Nombres')).toBe('ANA');
    const editNames = page.getByRole('group', { name: 'Nombres', exact: true }).getByRole('button', { name: 'Editar nombres' });
    expect(await editNames.isVisible()).toBe(true);
    // Fields the document did not give stay open.
    expect(await page.getByLabel(/^Profesión u oficio/).isDisabled()).toBe(false);
    await screenshot(page, 'id-review-locked');

    await editNames.click();
    const names = page.getByRole('textbox', { name: /^Nombres/ });
    expect(await names.inputValue()).toBe('ANA');
    expect(await readValue(page, 'Número de documento')).toBe('04644848-2');
    await names.fill('Ana María');
    await click(page, 'Continuar');
    await at(page, '/contrato-formulario');
    // The contract shows the names as reviewed, as text.
    expect(await readValue(page, 'Nombres')).toBe('Ana María');

    // Back on the review, the correction and the unlocked field are as the agent left them.
    await page.goBack();
    await at(page, '/id-revisar');
    expect(await names.inputValue()).toBe('Ana María');
    expect(await readValue(page, 'Número de documento')).toBe('04644848-2');
  }, 120_000);
});
