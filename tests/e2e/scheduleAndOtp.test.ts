import { describe, expect, it } from 'vitest';
import { screenshot } from '../../src/tools/browser/chromium';
import { armFault as armSandboxFault, click, outboxCodes, pickFirstDate, sellUntilConfirmation } from '../support/sale';
import { pathOf, useServedApp } from '../support/servedApp';

// The OTP and schedule steps in Chromium, reached by a sale driven up to them. A new code waits
// 3 s after the last here, not a minute (the sandbox's number, not the app's).
const RESEND_WAIT_MS = 3000;
const app = useServedApp({}, { otpLimits: { resendWaitMs: RESEND_WAIT_MS } });

const outbox = (to: string) => outboxCodes(app.address, to);

const armFault = (operationId: string, fault: string) => armSandboxFault(app.address, operationId, fault);

describe('OTP and schedule in Chromium', () => {
  it('sends a new code on "Solicita uno nuevo" once the wait is over (saying how long until then), and the new code verifies the phone', async () => {
    const page = await app.newPage();
    await sellUntilConfirmation(page, app.address, '/verificar-telefono');
    // The step asks for the first code as it opens; that answer may still be on its way.
    await expect.poll(async () => (await outbox('70001234')).length).toBeGreaterThan(0);
    const sentAt = Date.now();
    const before = await outbox('70001234');
    await click(page, 'Solicita uno nuevo');
    await page.getByRole('alert').filter({ hasText: /^Espera [1-3] segundos? para pedir un código nuevo\.$/ }).waitFor();
    expect(await outbox('70001234')).toEqual(before);
    await page.waitForTimeout(Math.max(0, RESEND_WAIT_MS - (Date.now() - sentAt)));
    await click(page, 'Solicita uno nuevo');
    await expect.poll(async () => (await outbox('70001234')).length).toBe(before.length + 1);
    // The code is typed on a numeric keyboard, one digit per box.
    expect(await page.locator('input').first().getAttribute('inputmode')).toBe('numeric');
    await page.locator('input').first().click();
    await page.keyboard.type((await outbox('70001234')).at(-1) ?? '');
    await click(page, 'Verificar');
    await page.waitForFunction(() => decodeURI(location.pathname) === '/verificar-correo');
  }, 120_000);

  it('offers only the suggested dates in a calendar and only the periods with free slots', async () => {
    const page = await app.newPage();
    await sellUntilConfirmation(page, app.address, '/agendar-visita');
    await page.getByLabel(/^Fecha de instalación/).first().click();
    const calendar = page.getByRole('dialog');
    // The suggested dates may still be on their way when the calendar opens on a busy phone.
    await expect.poll(() => calendar.locator('table button:not([disabled])').count()).toBeGreaterThan(0);
    const offered = await calendar.locator('table button:not([disabled])').count();
    const refused = await calendar.locator('table button[disabled]').count();
    expect(offered).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    await screenshot(page, 'schedule-calendar');
    await page.keyboard.press('Escape');
    await pickFirstDate(page, 'Fecha de instalación');
    const free = page.getByRole('radio', { disabled: false });
    await free.first().waitFor();
    await free.first().check();
    // Phone and e-mail come from the contract, for the agent to confirm.
    expect(await page.getByLabel(/^Correo electrónico/).inputValue()).toBe('ana.perez@example.com');
    await page.getByLabel(/^Mensaje para el instalador/).fill('Casa de portón verde');
    await screenshot(page, 'schedule-filled');
    await click(page, 'Agendar visita');
    await page.waitForFunction(() => decodeURI(location.pathname) === '/confirmar-orden');
  }, 120_000);

  it('says there is no availability when the provider has no dates (404)', async () => {
    const page = await app.newPage();
    await armFault('scheduleDates', '404');
    await sellUntilConfirmation(page, app.address, '/agendar-visita');
    await page.getByRole('alert').filter({ hasText: 'No hay disponibilidad en las fecha que estas solicitando, por favor validar fechas posteriores' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/agendar-visita');
  }, 120_000);
});
