/**
 * `npm run bench:capture`: the capture steps of the El Salvador build in Chromium, against
 * the budgets of docs/architecture.md.
 *
 * - Photo: a generated 12 MP photo (4000 x 3000 JPEG) chosen on the ID front step, compressed in
 *   the worker to the step's 2 MB: the time from choosing it to its upload starting, and the
 *   longest main-thread task meanwhile (PerformanceObserver `longtask`; budget: none over 50 ms).
 * - Map: the gzipped size of the map library's chunks (`map-lib-*`), and whether any of them is
 *   loaded before the map step opens (it must not be).
 *
 * `--cpu N` slows the CPU N times (default 1). `--runs N` photos (default 3).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { phoneContext } from '../../src/tools/browser/chromium';
import { servedApp } from '../../src/tools/browser/servedBuild';
import { phonePhoto } from '../../tests/support/phonePhoto';
import { onArrival, sellUntilConfirmation } from '../../tests/support/sale';
import { assetGzipSizes } from './assetSizes';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Math.max(1, Number(process.argv[at + 1])) : fallback;
};
const cpu = option('--cpu', 1);
const runs = option('--runs', 3);

const served = await servedApp();
const { outDir, address, browser } = served;
const photo = join(outDir, 'dui-frente-12mp.jpg');
writeFileSync(photo, phonePhoto('tests/fixtures/ids/ana-perez-front.png', 4000, 3000, 20));
const gzipOf = assetGzipSizes(outDir);
const mapChunks = [...gzipOf.keys()].map((path) => path.replace('/assets/', '')).filter((f) => f.startsWith('map-lib-'));
const mapKb = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + (gzipOf.get(`/assets/${f}`) ?? 0), 0) / 1024;


// Long tasks of the page's main thread, kept from the start.
const recordLongTasks = `(() => {
  window.longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true });
})();`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
try {
  const context = await phoneContext(browser);
  await context.addInitScript({ content: recordLongTasks });
  const page = await context.newPage();
  if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const scripts = new Set<string>();
  page.on('response', (response) => scripts.add(new URL(response.url()).pathname.replace('/assets/', '')));
  let beforeMap: string[] = [];
  onArrival(page, async (route) => {
    if (route === '/ingresa-direccion') beforeMap = [...scripts].filter((f) => f.startsWith('map-lib-'));
  });
  await sellUntilConfirmation(page, address, '/id-escaneo-frontal');
  // By now the sale has been through the map step: the only step that loads the library.
  const atMap = [...scripts].filter((f) => f.startsWith('map-lib-'));

  const times: number[] = [];
  const longest: number[] = [];
  for (let run = 0; run < runs; run++) {
    // The upload is the first multipart request after the choice: its start ends the compression
    // (the screen's "Subiendo" may last too short a moment to be seen).
    const upload = page.waitForRequest(async (request) => request.method() === 'POST' && ((await request.headerValue('content-type')) ?? '').startsWith('multipart/form-data'), { timeout: 120_000 });
    const start = (await page.evaluate('performance.now()')) as number;
    await page.locator('input[type=file]').setInputFiles(photo);
    await upload;
    const end = (await page.evaluate('performance.now()')) as number;
    await page.getByText('Foto cargada').waitFor({ timeout: 120_000 });
    const tasks = (await page.evaluate('window.longTasks')) as Array<{ start: number; duration: number }>;
    times.push(end - start);
    longest.push(Math.max(0, ...tasks.filter((t) => t.start + t.duration >= start && t.start <= end).map((t) => t.duration)));
  }
  const shown = await page.getByText(/kB \(de/).first().innerText().catch(() => '');
  console.log(
    [
      `12 MP photo to 2 MB in the worker, CPU x${cpu}, ${runs} run(s): median ${median(times).toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')}); shown as "${shown}"`,
      `longest main-thread task meanwhile: median ${median(longest).toFixed(0)} ms, worst ${Math.max(...longest).toFixed(0)} ms (budget 50 ms, ratio ${(Math.max(...longest) / 50).toFixed(2)})`,
      `map library: ${mapKb(mapChunks).toFixed(1)} KB gzip in ${mapChunks.length} chunk(s); loaded before the map step: ${beforeMap.length === 0 ? 'no' : beforeMap.join(', ')}; loaded once the map step opened: ${atMap.length > 0 ? `yes (${mapKb(atMap).toFixed(1)} KB)` : 'no'}`,
    ].join('\n'),
  );
} finally {
  await served.close();
}
