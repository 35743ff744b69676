import { describe, expect, it } from 'vitest';
import { fromMenu, signIn } from '../support/sale';
import { pathOf, useServedApp } from '../support/servedApp';

// The provider's end of a session, in Chromium on the served app. The provider's idle expiry is
// 4 s here (15 minutes for real: the sandbox's number, not the app's).
const IDLE_MS = 4000;
const app = useServedApp({}, { sessionLifetime: { idleMs: IDLE_MS } });

describe('a session the provider ended', () => {
  it('wipes the app and lands on / with "No autorizado" at the next call', async () => {
    const page = await app.newPage();
    await signIn(page, app.address);
    await page.waitForTimeout(IDLE_MS + 500);
    await fromMenu(page, 'Reporte de ventas');
    await page.getByRole('alert').filter({ hasText: 'No autorizado' }).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/');
    // Wiped: no cookie, nothing kept but the landing's own sealed snapshot.
    expect(await page.context().cookies()).toEqual([]);
    expect(await page.evaluate(() => Object.keys(sessionStorage).concat(Object.keys(localStorage)).filter((k) => k !== 'journey'))).toEqual([]);
  });

  it('is kept alive while the agent works without calls: the app tells the provider every 5 minutes of activity', async () => {
    const page = await app.newPage();
    await page.clock.install();
    await signIn(page, app.address);
    const kept: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/session/keep-alive')) kept.push(request.method());
    });
    // Five minutes of the page's time pass; the agent touches the screen.
    await page.clock.fastForward(5 * 60_000);
    await page.mouse.click(5, 300);
    await expect.poll(() => kept).toEqual(['POST']);
    // A touch soon after sends nothing more.
    await page.clock.fastForward(60_000);
    await page.mouse.click(5, 300);
    await page.waitForTimeout(300);
    expect(kept).toEqual(['POST']);
    expect(pathOf(page)).toBe('/inicio');
  });

  // The agent walked away: after 15 minutes the provider has ended the session on its side too,
  // so the app's own idle logout is answered 401, and that 401 said "No autorizado" over the
  // idle message.
  it('ends an idle session with "Tu sesión terminó por inactividad" even when the provider answers its logout 401', async () => {
    const page = await app.newPage();
    await page.clock.install();
    await signIn(page, app.address);
    await page.waitForTimeout(IDLE_MS + 500);
    await page.clock.fastForward('15:01');
    await page.getByRole('alert').filter({ hasText: 'Tu sesión terminó por inactividad' }).waitFor();
    await page.clock.runFor(200);
    await expect.poll(() => pathOf(page)).toBe('/');
    expect(await page.getByRole('alert').allTextContents()).toEqual(['Tu sesión terminó por inactividad']);
  });
});
