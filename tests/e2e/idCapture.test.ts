import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../../src/tools/browser/chromium';
import { at, click, sellUntilConfirmation } from '../support/sale';
import { pathOf, useServedApp } from '../support/servedApp';

// ID capture in Chromium: unreadable photos are retried up to 3 times, then the agent types the
// data in; a rear whose number does not match the front's is retried the same way.
const app = useServedApp();

async function sendPhoto(page: Page, file: string) {
  await page.locator('input[type=file]').setInputFiles(`tests/fixtures/ids/${file}`);
  await page.getByText('Foto cargada').waitFor();
  await click(page, 'Continuar');
}

describe('ID capture in Chromium', () => {
  it('asks again for an unreadable front, counting to 3, then opens the review for manual entry', async () => {
    const page = await app.newPage();
    await sellUntilConfirmation(page, app.address, '/id-escaneo-frontal');
    for (const n of [1, 2]) {
      await sendPhoto(page, 'unreadable.png');
      await page.getByRole('alert').filter({ hasText: `No pudimos extraer los datos, por favor intenta nuevamente. Reintentar (${n}/3)` }).waitFor();
      await expect.poll(() => pathOf(page)).toBe('/id-escaneo-frontal');
    }
    await screenshot(page, 'id-front-retry');
    await sendPhoto(page, 'unreadable.png');
    await at(page, '/id-revisar');
    // Manual entry: nothing read, nothing locked.
    expect(await page.getByLabel(/^Número de documento/).inputValue()).toBe('');
    expect(await page.getByLabel(/^Número de documento/).isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: /^Editar/ }).count()).toBe(0);
  }, 120_000);

  it('asks again for a rear whose number differs from the front, then continues to manual entry', async () => {
    const page = await app.newPage();
    await sellUntilConfirmation(page, app.address, '/id-escaneo-posterior');
    for (const n of [1, 2]) {
      await sendPhoto(page, 'carmen-flores-rear.png');
      await page.getByRole('alert').filter({ hasText: `El número del DUI de la parte de atras no concuerda con la parte frontal. Reintentar (${n}/3)` }).waitFor();
      await expect.poll(() => pathOf(page)).toBe('/id-escaneo-posterior');
    }
    await sendPhoto(page, 'carmen-flores-rear.png');
    await at(page, '/id-revisar');
    expect(await page.getByLabel(/^Número de documento/).isDisabled()).toBe(false);
  }, 120_000);
});
