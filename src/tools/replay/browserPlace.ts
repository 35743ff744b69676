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

/**
 * Whether the page waits on nothing: no request of the app's in flight, the journey not waiting
 * (`data-journey-busy`, written as its state changes: src/app/journeyRuntime.ts, so also not
 * between two chained calls, when no request is in flight), and no "Cargando…" shown (a screen's
 * code or the map still loading). One look at the page: it is taken many times a step.
 */
export async function waitsOnNothing(page: Page, traffic: PageTraffic): Promise<boolean> {
  if (!traffic.idle()) return false;
  const still = () =>
    document.documentElement.dataset.journeyBusy !== 'true' &&
    !Array.from(document.querySelectorAll('[role="status"][aria-label^="Cargando"]')).some((shown) => shown.checkVisibility());
  // A page going elsewhere (its document replaced) waits on its next one.
  return page.evaluate(still).catch(() => false);
}

/** Between two looks: a frame's time, for a change of state to be drawn and the requests it starts to begin. */
const LOOKS_APART_MS = 20;

/**
 * Waits until `still` holds at two looks in a row with no request of the app's begun or ended
 * between (a screen's own requests, its code or the map's style, follow one another): false
 * when that has not happened within `ms`.
 */
export async function twoLooks(traffic: PageTraffic, still: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  let stillAt: number | undefined;
  while (Date.now() < until) {
    const moves = traffic.moves();
    if (!(await still())) stillAt = undefined;
    else if (stillAt === moves) return true;
    else stillAt = moves;
    await pause(LOOKS_APART_MS);
  }
  return false;
}

/** The page waiting on nothing (two looks), then the step's screen drawn (its `title`). */
export async function settle(page: Page, traffic: PageTraffic, title?: string): Promise<void> {
  await twoLooks(traffic, () => waitsOnNothing(page, traffic), 60_000);
  if (title) await page.getByRole('heading', { name: title, exact: true }).first().waitFor({ timeout: 5_000 }).catch(() => undefined);
}

/**
 * Waits for the browser to show a route: false when it has settled elsewhere and stayed there
 * 10 s (however long the journey was busy before: an order's polling).
 */
export async function reach(page: Page, traffic: PageTraffic, route: string | undefined, title?: string): Promise<boolean> {
  let until: number | undefined;
  for (;;) {
    await settle(page, traffic);
    const shown = decodedPath(page);
    if (route === undefined || onRoute(route, shown)) {
      await settle(page, traffic, title);
      return true;
    }
    until ??= Date.now() + 10_000;
    if (Date.now() > until) return false;
    await pause(50);
  }
}
