import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose, chosen, click, createOrder, onArrival, readValue, sellUntilConfirmation } from '../support/sale';
import { pathOf, useServedApp } from '../support/servedApp';

// Two things the step files say and the screens once did not do: a field whose change sends a
// journey event (the contract months), and consents that must be given (never given for the
// customer by a box that opens ticked).
const app = useServedApp();

const charge = (page: Page) => readValue(page, 'Cargo de instalación');

describe('step choices in Chromium', () => {
  it('choosing 12 months on /proceder-pago asks activationCost for 12 months and shows its charge', async () => {
    const page = await app.newPage();
    await sellUntilConfirmation(page, app.address, '/proceder-pago');
    // The sandbox's charge for the first bundle (seed catalog.json, activationCosts): 60 for
    // no contract, 25 for 12 months. It comes from the request's monthsContract.
    await expect.poll(() => charge(page)).toBe('$60.00');
    await choose(page, 'Meses de contrato', '12 meses');
    await expect.poll(() => charge(page)).toBe('$25.00');
    expect(await chosen(page, 'Meses de contrato')).toBe('12 meses');
    // The first option can be chosen again, and the charge follows.
    await choose(page, 'Meses de contrato', '0 meses');
    await expect.poll(() => charge(page)).toBe('$60.00');
    await choose(page, 'Meses de contrato', '12 meses');
    await expect.poll(() => charge(page)).toBe('$25.00');
    await click(page, 'Continuar');
    await page.waitForFunction(() => decodeURI(location.pathname) === '/ingresos-del-cliente');
  }, 180_000);

  it('opens every consent box of every SV screen unticked, and goes on only when all are ticked', async () => {
    const page = await app.newPage();
    // The consent screens, their boxes and the button that goes on.
    const consents: Record<string, { boxes: number; button: string }> = {
      '/terminos-y-condiciones': { boxes: 6, button: 'Aceptar y continuar' },
      '/firma-de-autorizaciones': { boxes: 1, button: 'Continuar' },
      '/confirmar-orden': { boxes: 2, button: 'Crear orden' },
    };
    const seen: string[] = [];
    onArrival(page, async (route) => {
      const screen = consents[route];
      if (!screen) return;
      seen.push(route);
      const boxes = page.getByRole('checkbox');
      await boxes.first().waitFor();
      const all = await boxes.all();
      expect(all, route).toHaveLength(screen.boxes);
      for (const box of all) expect(await box.isChecked(), `${route}: a box opened ticked`).toBe(false);
      const button = page.getByRole('button', { name: screen.button, exact: true });
      for (const box of all) {
        expect(await button.isDisabled(), `${route}: goes on with a box unticked`).toBe(true);
        await box.check();
      }
      await expect.poll(() => button.isDisabled()).toBe(false);
      // A consent taken back is not given: the button is disabled again until it is ticked.
      await all[0]?.uncheck();
      await expect.poll(() => button.isDisabled()).toBe(true);
      await all[0]?.check();
      await expect.poll(() => button.isDisabled()).toBe(false);
    });
    await sellUntilConfirmation(page, app.address);
    expect(seen).toEqual(Object.keys(consents));
    await createOrder(page);
    await page.waitForFunction(() => decodeURI(location.pathname) !== '/confirmar-orden', undefined, { timeout: 30_000 });
    await expect.poll(() => pathOf(page)).toBe('/orden-exito');
  }, 240_000);
});
