import { createSandbox } from '../src/sandbox/server';
import { launchChromium, phoneContext } from '../tests/support/chromium';
import { onArrival, sellUntilConfirmation } from '../tests/support/sale';
import { build } from 'vite';
const [from, to] = [process.argv[2], process.argv[3]];
const outDir = '/tmp/profdist';
await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, minify: false } });
const sandbox = await createSandbox({ db: ':memory:', mode: 'test', staticDir: outDir });
const address = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
const browser = await launchChromium();
const context = await phoneContext(browser);
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
let done = false;
onArrival(page, async (route) => {
  if (route === from) await cdp.send('Profiler.start');
  if (route === to && !done) {
    done = true;
    const { profile } = (await cdp.send('Profiler.stop')) as any;
    const dt = profile.timeDeltas as number[];
    const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const key = (n: any) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    const self = new Map<string, number>(); const total = new Map<string, number>();
    profile.samples.forEach((id: number, i: number) => {
      const n = byId.get(id);
      self.set(key(n), (self.get(key(n)) ?? 0) + (dt[i] ?? 0));
      const seen = new Set<string>();
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) { const k = key(byId.get(cur)); if (!seen.has(k)) { seen.add(k); total.set(k, (total.get(k) ?? 0) + (dt[i] ?? 0)); } }
    });
    console.log('TOTAL (app files)');
    for (const [k, v] of [...total].filter(([k]) => /\.js:/.test(k) || /^\(/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log((v / 1000).toFixed(1).padStart(8), k);
  }
});
try { await sellUntilConfirmation(page, address); } catch (e) { console.log(String(e)); }
await browser.close(); await sandbox.app.close();
