/**
 * `npm run bench:app`: a country's build in Chromium (`COUNTRY`, El Salvador by default), against
 * the budgets of docs/architecture.md; its sale is the country's of `tests/support/countrySales.ts`.
 *
 * - JS of the first screen: every script the landing loads until its PIN field shows, gzipped; for
 *   a country whose first screen is a form the page draws (a public entry's client form), until
 *   its fields show, against that budget (60 KB). A country with no sale in countrySales (a test
 *   pack: `COUNTRY=zf COUNTRY_PACKS=tests/fixtures/packs/zf`) is measured on its first screen only.
 * - JS of the whole journey: every script a whole sale loads (PIN to the order's success), gzipped;
 *   the map library's own chunk (named `map-lib-*`) is left out, as the budget says.
 * - Step change: from the click on a step's button to the next screen painted (its route shown,
 *   its screen loaded, no call in flight), at 4x CPU slowdown; median and p95 over a whole sale,
 *   first with an empty cache, then again with the scripts cached (an agent's second sale).
 *
 * Sizes are gzipped here (level 9) from the built files, whatever the server sends. Times
 * include the sandbox's answers on this machine: compare them with each other, not across
 * machines. `--runs N` sells N times (default 2: cold, then warm).
 */
import type { Page } from 'playwright-core';
import { phoneContext } from '../../src/tools/browser/chromium';
import { assetGzipSizes } from './assetSizes';
import { quantile } from './peers/stats';
import { servedApp } from '../../src/tools/browser/servedBuild';
import { countrySales } from '../../tests/support/countrySales';
import { DEFAULT_COUNTRY } from '../../src/pack/defaultCountry';
import { compileSteps } from '../../src/build/compileSteps';
import { packRoot } from '../../src/pack/countryPack';

// The whole journey's is docs/architecture.md's (and DESIGN's) 300 KB: it read 350 here, a figure no document gave.
const BUDGET = { firstScreen: 150, formFirstScreen: 60, journey: 300, stepChange: 100 };
const CPU_SLOWDOWN = 4;
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1])) : 2;

const country = (process.env.COUNTRY ?? DEFAULT_COUNTRY).toLowerCase();
const sell = countrySales[country];
if (!sell) console.log(`no sale for COUNTRY=${country} in tests/support/countrySales.ts (${Object.keys(countrySales).join(', ')}): its first screen only`);
// A pack's step validators, as the build's prebuild makes them (its API types: npm run api:types with the same COUNTRY_PACKS).
if (process.env.COUNTRY_PACKS) compileSteps(packRoot());
const served = await servedApp({ country });
const { outDir, address, browser } = served;
const gzipOf = assetGzipSizes(outDir);

/**
 * Installed in the page before the app: notes each click on a button, then on every frame checks
 * whether the screen changed and is ready; the time is taken just after that frame is painted.
 * A string, not a function: tsx would wrap a function's helpers in names the page lacks.
 */
const recordStepChanges = `(() => {
  // A whole sale loads hundreds of files: past the default 250 entries the later provider calls
  // would not be seen, and changes with calls would count as changes without.
  performance.setResourceTimingBufferSize(100000);
  // Kept in the tab's own storage under the bench's name: a sale that leaves for an outside page
  // (a payment provider's) comes back as a new page, and the changes before it count too.
  const KEPT = 'bench:stepChanges';
  const changes = JSON.parse(sessionStorage.getItem(KEPT) || '[]');
  changes.push = (...items) => {
    const n = Array.prototype.push.apply(changes, items);
    try { sessionStorage.setItem(KEPT, JSON.stringify(changes)); } catch {}
    return n;
  };
  window.stepChanges = changes;
  let pending;
  const loading = '[aria-label="Cargando"], [aria-label="Cargando pantalla"]';
  // A new screen is a new heading (each step's screen is drawn anew); the URL follows once it is drawn.
  const heading = () => (document.querySelector('main') || document.body).querySelector('h1, h2');
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('button')) return;
    const click = { from: location.pathname, heading: heading(), start: event.timeStamp };
    pending = click;
    const frame = () => {
      if (pending !== click) return; // another click took over: this one did not change the step
      const now = heading();
      if (now && now !== click.heading && !document.querySelector(loading)) {
        pending = undefined;
        // This frame paints the new screen; a task queued now runs right after that paint.
        setTimeout(() => {
          const end = performance.now();
          // Provider calls made on the way (the sandbox's answers are part of the time then).
          const calls = performance.getEntriesByType('resource').filter((r) => r.initiatorType === 'fetch' && r.startTime >= click.start && r.startTime <= end).length;
          // The route is read once the URL has followed (in idle time, at most 200 ms later).
          const record = () => changes.push({ from: decodeURI(click.from), to: decodeURI(location.pathname), ms: end - click.start, calls });
          const until = end + 1000;
          const follow = () => (location.pathname !== click.from || performance.now() > until ? record() : setTimeout(follow, 20));
          follow();
        }, 0);
        return;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, true);
})();`;

/** The gzipped size of the scripts fetched while `run` runs. */
async function scriptsDuring(page: Page, run: () => Promise<void>): Promise<Set<string>> {
  const scripts = new Set<string>();
  const onResponse = (response: { url: () => string }) => {
    const path = new URL(response.url()).pathname;
    if (gzipOf.has(path)) scripts.add(path);
  };
  page.on('response', onResponse);
  await run();
  page.off('response', onResponse);
  return scripts;
}

const kb = (paths: Iterable<string>) => [...paths].filter((p) => !/\/map-lib-/.test(p)).reduce((sum, p) => sum + (gzipOf.get(p) ?? 0), 0) / 1024;

try {
  const context = await phoneContext(browser);
  await context.addInitScript({ content: recordStepChanges });
  const lines: string[] = [`country: ${country}`];
  for (let run = 1; run <= runs; run++) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const firstScreen = await scriptsDuring(page, async () => {
      await page.goto(`${address}/`);
      await page.locator('input').first().waitFor();
    });
    // A form the page draws itself (src/app/firstScreenForm.ts) has its own budget.
    const form = (await page.locator('.first-screen .fs-field').count()) > 0;
    const firstBudget = form ? BUDGET.formFirstScreen : BUDGET.firstScreen;
    if (!sell) {
      lines.push(`first screen JS${form ? ' (a form)' : ''}: ${kb(firstScreen).toFixed(1)} KB gzip in ${firstScreen.size} file(s) (budget ${firstBudget} KB, ratio ${(kb(firstScreen) / firstBudget).toFixed(2)})`);
      for (const p of [...firstScreen].sort()) lines.push(`  ${p} ${((gzipOf.get(p) ?? 0) / 1024).toFixed(1)} KB`);
      await page.close();
      break;
    }
    const journey = await scriptsDuring(page, () => sell(page, address));
    const changes = (await page.evaluate('window.stepChanges')) as Array<{ from: string; to: string; ms: number; calls: number }>;
    const times = changes.map((c) => c.ms);
    const cache = run === 1 ? 'empty cache' : 'scripts cached';
    if (run === 1) {
      const all = new Set([...firstScreen, ...journey]);
      lines.push(`first screen JS${form ? ' (a form)' : ''}: ${kb(firstScreen).toFixed(1)} KB gzip in ${firstScreen.size} file(s) (budget ${firstBudget} KB, ratio ${(kb(firstScreen) / firstBudget).toFixed(2)})`);
      if (process.argv.includes('--all')) for (const p of [...firstScreen].sort((a, b) => (gzipOf.get(b) ?? 0) - (gzipOf.get(a) ?? 0))) lines.push(`  ${p} ${((gzipOf.get(p) ?? 0) / 1024).toFixed(1)} KB`);
      lines.push(`whole journey JS: ${kb(all).toFixed(1)} KB gzip in ${all.size} file(s) (budget ${BUDGET.journey} KB, ratio ${(kb(all) / BUDGET.journey).toFixed(2)})`);
      if (process.argv.includes('--all')) for (const p of [...all].sort((a, b) => (gzipOf.get(b) ?? 0) - (gzipOf.get(a) ?? 0)).slice(0, 25)) lines.push(`  ${p} ${((gzipOf.get(p) ?? 0) / 1024).toFixed(1)} KB`);
      lines.push(`all JS built: ${kb(gzipOf.keys()).toFixed(1)} KB gzip in ${gzipOf.size} file(s)`);
    }
    const summary = (label: string, values: number[]) =>
      `step change at ${CPU_SLOWDOWN}x CPU slowdown, ${cache}, ${label}: median ${quantile(values, 0.5).toFixed(0)} ms, p95 ${quantile(values, 0.95).toFixed(0)} ms over ${values.length} (budget ${BUDGET.stepChange} ms, median ratio ${(quantile(values, 0.5) / BUDGET.stepChange).toFixed(2)})`;
    lines.push(summary('all', times));
    lines.push(summary('without a provider call', changes.filter((c) => c.calls === 0).map((c) => c.ms)));
    lines.push(summary('with provider calls', changes.filter((c) => c.calls > 0).map((c) => c.ms)));
    if (process.argv.includes("--all")) for (const c of changes) lines.push(`  ${c.from} -> ${c.to} ${c.ms.toFixed(0)} ms, ${c.calls} call(s)`);
    const slowest = [...changes].sort((a, b) => b.ms - a.ms).slice(0, 3);
    lines.push(`  slowest: ${slowest.map((c) => `${c.from} -> ${c.to} ${c.ms.toFixed(0)} ms`).join('; ')}`);
    await page.close();
  }
  console.log(lines.join('\n'));
} finally {
  await served.close();
}
