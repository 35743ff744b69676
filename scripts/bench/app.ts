/**
 * `npm run bench:app`: the El Salvador build in Chromium, against DESIGN.md's budgets.
 *
 * - JS of the first screen: every script the landing loads until its PIN field shows, gzipped.
 * - JS of the whole journey: every script a whole sale loads (PIN to /orden-exito), gzipped;
 *   the map library's own chunk (named `map-lib-*`) is left out, as the budget says.
 * - Step change: from the click on a step's button to the next screen painted (its route shown,
 *   its screen loaded, no call in flight), at 4x CPU slowdown; median and p95 over a whole sale,
 *   first with an empty cache, then again with the scripts cached (an agent's second sale).
 *
 * Sizes are gzipped here (level 9) from the built files, whatever the server sends. Times
 * include the sandbox's answers on this machine: compare them with each other, not across
 * machines. `--runs N` sells N times (default 2: cold, then warm).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { createSandbox } from '../../src/sandbox/server';
import { launchChromium, phoneContext } from '../../tests/support/chromium';
import { at, createOrder, sellUntilConfirmation } from '../../tests/support/sale';

const BUDGET = { firstScreen: 150, journey: 350, stepChange: 100 };
const CPU_SLOWDOWN = 4;
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1])) : 2;

const outDir = mkdtempSync(join(tmpdir(), 'field-sales-bench-'));
await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const gzipOf = new Map<string, number>();
for (const file of readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'))) {
  gzipOf.set(`/assets/${file}`, gzipSync(readFileSync(join(outDir, 'assets', file)), { level: 9 }).length);
}
const sandbox = await createSandbox({ db: ':memory:', mode: 'test', staticDir: outDir });
const address = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
const browser = await launchChromium();

/**
 * Installed in the page before the app: notes each click on a button, then on every frame checks
 * whether the screen changed and is ready; the time is taken in the frame after, once painted.
 */
function recordStepChanges() {
  const changes: Array<{ from: string; to: string; ms: number }> = [];
  (window as unknown as { stepChanges: typeof changes }).stepChanges = changes;
  let pending: { from: string; start: number } | undefined;
  const loading = '[aria-label="Cargando"], [aria-label="Cargando pantalla"]';
  document.addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest('button')) return;
      const click = { from: location.pathname, start: event.timeStamp };
      pending = click;
      const frame = () => {
        if (pending !== click) return; // another click took over (this one did not change the step)
        if (location.pathname !== click.from && !document.querySelector(loading)) {
          pending = undefined;
          requestAnimationFrame(() => changes.push({ from: decodeURI(click.from), to: decodeURI(location.pathname), ms: performance.now() - click.start }));
          return;
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    true,
  );
}

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
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};

try {
  const context = await phoneContext(browser);
  await context.addInitScript(recordStepChanges);
  const lines: string[] = [];
  for (let run = 1; run <= runs; run++) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const firstScreen = await scriptsDuring(page, async () => {
      await page.goto(`${address}/`);
      await page.locator('input').first().waitFor();
    });
    const journey = await scriptsDuring(page, async () => {
      await sellUntilConfirmation(page, address);
      await createOrder(page);
      await at(page, '/orden-exito', 30_000);
    });
    const changes = await page.evaluate(() => (window as unknown as { stepChanges: Array<{ from: string; to: string; ms: number }> }).stepChanges);
    const times = changes.map((c) => c.ms);
    const cache = run === 1 ? 'empty cache' : 'scripts cached';
    if (run === 1) {
      const all = new Set([...firstScreen, ...journey]);
      lines.push(`first screen JS: ${kb(firstScreen).toFixed(1)} KB gzip in ${firstScreen.size} file(s) (budget ${BUDGET.firstScreen} KB, ratio ${(kb(firstScreen) / BUDGET.firstScreen).toFixed(2)})`);
      lines.push(`whole journey JS: ${kb(all).toFixed(1)} KB gzip in ${all.size} file(s) (budget ${BUDGET.journey} KB, ratio ${(kb(all) / BUDGET.journey).toFixed(2)})`);
      lines.push(`all JS built: ${kb(gzipOf.keys()).toFixed(1)} KB gzip in ${gzipOf.size} file(s)`);
    }
    const median = quantile(times, 0.5);
    const p95 = quantile(times, 0.95);
    lines.push(
      `step change at ${CPU_SLOWDOWN}x CPU slowdown, ${cache}: median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms over ${times.length} changes (budget ${BUDGET.stepChange} ms, median ratio ${(median / BUDGET.stepChange).toFixed(2)})`,
    );
    const slowest = [...changes].sort((a, b) => b.ms - a.ms).slice(0, 3);
    lines.push(`  slowest: ${slowest.map((c) => `${c.from} -> ${c.to} ${c.ms.toFixed(0)} ms`).join('; ')}`);
    await page.close();
  }
  console.log(lines.join('\n'));
} finally {
  await browser.close();
  await sandbox.app.close();
  rmSync(outDir, { recursive: true, force: true });
}
