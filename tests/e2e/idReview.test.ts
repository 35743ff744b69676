import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/chromium';
import { at, click, sellUntilConfirmation } from '../support/sale';
import { useServedApp } from '../support/servedApp';

// The ID review in Chromium: what the photos gave is shown locked, field by field, until the
// agent unlocks one to correct it.
const app = useServedApp();

describe('the ID review in Chromium', () => {
  it('locks the fields read from the document and lets the agent unlock one to correct it', async () => {
    const page = await app.newPage();
    await sellUntilConfirmation(page, app.address, '/id-revisar');
    const number = page.getByLabel(/^Número de documento/);
    const names = page.getByLabel(/^Nombres/);
    expect(await number.inputValue()).toBe('04644848-2');
    expect(await number.isDisabled()).toBe(true);
    expect(await names.isDisabled()).toBe(true);
    // Fields the document did not give stay open.
    expect(await page.getByLabel(/^Profesión u oficio/).isDisabled()).toBe(false);
    await screenshot(page, 'id-review-locked');

    await click(page, 'Editar nombres');
    expect(await names.isDisabled()).toBe(false);
    expect(await number.isDisabled()).toBe(true);
    await names.fill('Ana María');
    await click(page, 'Continuar');
    await at(page, '/contrato-formulario');

    // Back on the review, the correction and the unlocked field are as the agent left them.
    await page.goBack();
    await at(page, '/id-revisar');
    expect(await names.inputValue()).toBe('Ana María');
    expect(await names.isDisabled()).toBe(false);
    expect(await number.isDisabled()).toBe(true);
  }, 120_000);
});
