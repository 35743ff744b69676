/**
 * One run of our app in the peers' conditions: a fresh Chromium and profile (launched anew for
 * each run), cache off, the CPU slowed, our phone's viewport; a whole sale driven as the
 * browser tests drive it (tests/support/countrySales.ts). What the page records, from before
 * the app's first script:
 *
 * - first input: navigation start to the PIN field visible (our first field), and the frame after;
 * - the scripts and stylesheets asked for before then (the first screen's files);
 * - each step change: from the click on a button to the next screen (a new heading) with its first
 *   field (or, on a screen without one, its heading) visible and no loader left, and the frame
 *   after (the URL is written once the screen is drawn, so the new route is read once it has followed); with
 *   the provider calls made meanwhile (fetches), as `npm run bench:app` counts them;
 * - the most options a select of each screen showed at once (when the sale opened it).
 *
 * The in-page code is a string: tsx would wrap a function's helpers in names the page lacks.
 */
import type { Page } from 'playwright-core';
import { launchChromium, phoneContext } from '../../../src/tools/browser/chromium';
import { throttled } from './browser';
import type { Timing } from './peerRun';

export interface StepChange extends Timing {
  from: string;
  to: string;
  calls: number;
  /** What was waited for: the screen's first field, or its heading on a screen without one. */
  target: 'field' | 'heading';
  /** Whether the screen showed its loader on the way (its code was still being fetched). */
  waitedForCode: boolean;
}

export interface OurRun {
  first: Timing;
  /** Paths of the scripts and stylesheets requested before the PIN field showed. */
  firstScreen: string[];
  /** The content-encoding each of those came with (`identity`: none). */
  encodings: Record<string, string>;
  changes: StepChange[];
  /** The most options shown at once on each screen, by route. */
  options: Record<string, number>;
}

const RECORDER = `(() => {
  // A whole sale loads hundreds of files: with the default buffer of 250 entries the later
  // provider calls would not be seen, and changes with calls would count as without.
  performance.setResourceTimingBufferSize(100000);
  const visible = (el) => { if (!el || !el.isConnected) return false; const box = el.getBoundingClientRect(); return box.width > 0 && box.height > 0; };
  const loading = '[aria-label="Cargando"], [aria-label="Cargando pantalla"]';
  const fields = 'input:not([type=hidden]):not([type=file]), select, textarea, [role=combobox]';
  // Kept in the tab's own storage as the page goes: a sale that leaves for an outside page (a
  // payment provider's) comes back as a new page, and what was measured before it counts too.
  const KEPT = 'bench:ours';
  const state = JSON.parse(sessionStorage.getItem(KEPT) || 'null') || { first: null, changes: [], options: {} };
  window.__ours = state;
  addEventListener('pagehide', () => {
    if (state.first && !state.firstScreen) {
      state.firstScreen = performance.getEntriesByType('resource').filter((r) => r.startTime < state.first.visible).map((r) => new URL(r.name).pathname).filter((path) => /\\.(js|css)$/.test(path));
    }
    try { sessionStorage.setItem(KEPT, JSON.stringify(state)); } catch {}
  });
  const screen = () => document.querySelector('main') || document.body;

  let firstFound = state.first !== null;
  const lookFirst = () => {
    if (firstFound || !document.body) return;
    if (![...screen().querySelectorAll('input:not([type=hidden])')].some(visible)) return;
    firstFound = true;
    const at = performance.now();
    requestAnimationFrame(() => setTimeout(() => { state.first = { visible: at, frame: performance.now() }; }, 0));
  };

  let pending;
  const target = () => {
    if ([...screen().querySelectorAll(fields)].some(visible)) return 'field';
    return [...screen().querySelectorAll('h1, h2')].some(visible) ? 'heading' : null;
  };
  const lookChange = () => {
    const click = pending;
    if (!click) return;
    if (document.querySelector('[aria-label="Cargando pantalla"]')) click.waitedForCode = true;
    // A new screen is a new heading (each step's screen is drawn anew); the URL follows a frame later.
    const heading = screen().querySelector('h1, h2');
    if (!heading || heading === click.heading || document.querySelector(loading)) return;
    const what = target();
    if (!what) return;
    pending = undefined;
    const at = performance.now();
    requestAnimationFrame(() => setTimeout(() => {
      const end = performance.now();
      const calls = performance.getEntriesByType('resource').filter((r) => r.initiatorType === 'fetch' && r.startTime >= click.start && r.startTime <= end).length;
      // The route is read once the URL has followed (in idle time, at most 200 ms later).
      const record = () => state.changes.push({ from: decodeURI(click.from), to: decodeURI(location.pathname), visible: at - click.start, frame: end - click.start, calls, target: what, waitedForCode: click.waitedForCode === true });
      const until = end + 1000;
      const follow = () => (location.pathname !== click.from || performance.now() > until ? record() : setTimeout(follow, 20));
      follow();
    }, 0));
  };
  const countOptions = () => {
    const shown = document.querySelectorAll('[role=option], select option:not([disabled])').length;
    const route = decodeURI(location.pathname);
    if (shown > (state.options[route] || 0)) state.options[route] = shown;
  };

  // Started at the click's dispatch, as the peers' harness starts just before its click.
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('button')) return;
    const click = { from: location.pathname, heading: screen().querySelector('h1, h2'), start: performance.now(), waitedForCode: false };
    pending = click;
    const frame = () => { if (pending !== click) return; lookChange(); if (pending === click) requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
  }, true);
  // Mutations as well as frames, as the peers' harness watches: the screen is seen as soon as it is in the page.
  new MutationObserver(() => {
    lookFirst();
    if (pending) lookChange();
    else countOptions();
  }).observe(document, { subtree: true, childList: true, attributes: true });
  const poll = () => { lookFirst(); if (!firstFound) requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
})();`;

const FIRST_SCREEN = `(() => {
  if (window.__ours.firstScreen) return window.__ours.firstScreen;
  const until = window.__ours.first.visible;
  return performance.getEntriesByType('resource')
    .filter((r) => r.startTime < until)
    .map((r) => new URL(r.name).pathname)
    .filter((path) => /\\.(js|css)$/.test(path));
})()`;

export async function runOurs(address: string, sell: (page: Page, address: string) => Promise<void>, rate: number): Promise<OurRun> {
  const browser = await launchChromium();
  try {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await throttled(context, page, rate);
    await page.addInitScript({ content: RECORDER });
    const encodings = new Map<string, string>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (/\.(js|css)$/.test(path) && !encodings.has(path)) encodings.set(path, response.headers()['content-encoding'] ?? 'identity');
    });
    // The sale opens the landing itself (its sign-in): the first input is timed on that load.
    await sell(page, address);
    const recorded = (await page.evaluate('window.__ours')) as Omit<OurRun, 'firstScreen' | 'encodings'>;
    if (!recorded.first) throw new Error('the PIN field was never seen');
    const firstScreen = [...new Set((await page.evaluate(FIRST_SCREEN)) as string[])];
    return { ...recorded, firstScreen, encodings: Object.fromEntries(firstScreen.map((path) => [path, encodings.get(path) ?? 'unknown'])) };
  } finally {
    await browser.close();
  }
}
