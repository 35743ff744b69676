import type { Page } from 'playwright-core';
import { screenshot } from '../../src/tools/browser/chromium';
import { violationsInEveryState } from './everyState';
import { onArrival } from './sale';
import { describeSmall, smallTapTargets } from './tapTargets';

/** What happens on a screen the page arrives at, around its scan: `before` (read what it shows as it opens), `after` (let it go on). */
interface ArrivalHooks {
  before?: (route: string) => Promise<void>;
  after?: (route: string) => Promise<void>;
  /** Which arrivals get a screenshot of their own (every one by default; a scan has its own). */
  shoot?: (route: string) => boolean;
}

/**
 * The screens one browser test file scans: each once, the first time a test arrives at it, in
 * every state it shows an agent (tests/support/everyState.ts: as opened, its pickers open, the
 * menu open, its errors shown) with axe-core, and its targets measured at 390 x 844; `prefix`
 * names the file's screenshots (`gt`, `ni`...). The file's last test compares `scanned` with
 * every screen of its journey.
 */
export function screenScans(prefix: string) {
  const scanned = new Set<string>();
  /** The scan of the screen the page shows now (once its call has answered), under `name` (a route, or a route and a state): the problems found. */
  const scan = async (page: Page, route: string, name = route): Promise<string[]> => {
    scanned.add(route);
    const problems = [...(await violationsInEveryState(page, name)), ...describeSmall(name, await smallTapTargets(page))];
    await screenshot(page, `${prefix}-scan${name.replace(/[/ ,]+/g, '-')}`);
    return problems;
  };
  /** On each screen the page arrives at: the scan (once a screen in the file) and a screenshot, numbered under `name`; the problems found, filled as the page goes. */
  const watch = (page: Page, name: string, { before, after, shoot = () => true }: ArrivalHooks = {}): string[] => {
    const problems: string[] = [];
    let n = 0;
    onArrival(page, async (route) => {
      n += 1;
      await before?.(route);
      if (!scanned.has(route)) problems.push(...(await scan(page, route)));
      await after?.(route);
      if (shoot(route)) await screenshot(page, `${prefix}-${name}-${String(n).padStart(2, '0')}${route.replace(/\//g, '-')}`);
    });
    return problems;
  };
  return { scanned, scan, watch };
}
