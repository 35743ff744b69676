import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../../src/tools/browser/chromium';
import { armFault, fromMenu } from '../support/sale';
import { pathOf, useServedApp } from '../support/servedApp';

// The shell's own events in real Chromium: the provider's maintenance answer (503) takes the
// agent to the maintenance step, and a page opened at /redirect resumes the provider's session.
const app = useServedApp();

async function signIn(page: Page) {
  await page.goto(`${app.address}/`);
  await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
  await page.locator('input').first().click();
  await page.keyboard.type('2580');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('heading', { name: 'Inicio' }).waitFor();
}

async function startSale(page: Page) {
  await signIn(page);
  await fromMenu(page, 'Nuevo cliente');
  await page.getByRole('heading', { name: 'Información del cliente' }).waitFor();
}

describe('the shell\'s events in Chromium', () => {
  it('takes the agent to /mantenimiento when the provider answers that it is in maintenance, and back to the landing from there', async () => {
    const page = await app.newPage();
    await startSale(page);
    await page.getByLabel('Número de documento').fill('05129374-5');
    await armFault(app.address, 'clientInfoValidateV2', '503');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Sitio en mantenimiento' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/mantenimiento');
    expect(await page.getByText('Estamos realizando tareas de mantenimiento.').isVisible()).toBe(true);
    await screenshot(page, 'mantenimiento');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/');
  });

  it('takes the agent to /mantenimiento when the sign-in gets the maintenance answer', async () => {
    const page = await app.newPage();
    await page.goto(`${app.address}/`);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await armFault(app.address, 'accessToken', '503');
    await page.locator('input').first().click();
    await page.keyboard.type('2580');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('heading', { name: 'Sitio en mantenimiento' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/mantenimiento');
  });

  it('resumes the provider\'s session at /redirect: a signed-in agent opening it lands on the home step', async () => {
    const page = await app.newPage();
    await startSale(page);
    await expect.poll(() => pathOf(page)).toBe('/información-del-cliente');
    // The provider sends the agent back to /redirect: the session is asked again, and home it is
    // (a page opened at any other URL would show the sale's current step instead).
    await page.goto(`${app.address}/redirect`);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/inicio');
  });

  it('sends /redirect without a session to the landing', async () => {
    const page = await app.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/')) asked.push(new URL(request.url()).pathname);
    });
    await page.goto(`${app.address}/redirect`);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/');
    // It did ask the provider whose session it is: the journey's redirect step ran.
    expect(asked.some((p) => p.includes('/salesperson/details/'))).toBe(true);
  });
});
