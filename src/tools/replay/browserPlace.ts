/**
 * Where the browser is, as the replay checks it: the route it shows, whether that is a step's
 * route, and waiting until the screen has settled there (no request in flight, nothing the
 * journey waits on, the step's heading drawn).
 */
import type { Page } from 'playwright-core';
import type { PageTraffic } from './pageTraffic';

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The route the browser shows, as the journey writes routes (decoded). */
export const decodedPath = (page: Page) => decodeURI(new URL(page.url()).pathname);

/** Whether a path is the route (`/orden/:id` matches `/orden/L-1001`). */
export const onRoute = (route: string, path: string) => new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`).test(path);

/** No request of the app's for a moment, nothing the journey waits on, and the step's screen drawn (its `title`). */
export async function settle(page: Page, traffic: PageTraffic, title?: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const busy = (await page.getByRole('status', { name: /^Cargando/ }).count()) > 0;
    if (!busy && traffic.quiet()) break;
    await pause(50);
  }
  if (title) await page.getByRole('heading', { name: title, exact: true }).first().waitFor({ timeout: 5_000 }).catch(() => undefined);
}

/** Waits for the browser to show a route: false when it settles elsewhere for 10 s (longer while the journey is busy). */
export async function reach(page: Page, traffic: PageTraffic, route: string | undefined, title?: string): Promise<boolean> {
  const until = Date.now() + 10_000;
  for (;;) {
    await settle(page, traffic);
    const shown = decodedPath(page);
    if (route === undefined || onRoute(route, shown)) {
      await settle(page, traffic, title);
      return true;
    }
    if (Date.now() > until) return false;
    await pause(50);
  }
}
