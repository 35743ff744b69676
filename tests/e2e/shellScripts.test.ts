import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileSteps } from '../../src/build/compileSteps';
import { phoneContext } from '../../src/tools/browser/chromium';
import { servedApp } from '../../src/tools/browser/servedBuild';
import { SHELL_KEYS, ZF, ZF_BUILD } from '../support/formPack';
import { answerScriptHosts } from '../support/scriptHosts';
import { useServedApp } from '../support/servedApp';

// The shell's scripts (spec, app shell; src/build/shellScripts.ts): the heat map and push messaging
// loaded from their hosts only, after the first screen, in a build whose country lists them and
// whose keys are set (tests/fixtures/packs/zf); none in El Salvador's; the service worker opening
// the app shell with the network cut. Chromium here resolves no outside host: the test answers
// the scripts' hosts itself.

beforeAll(() => {
  compileSteps(ZF);
});
const app = useServedApp(ZF_BUILD);

describe("the shell's scripts", () => {
  it('loads the heat map and the push SDK from their hosts only, after the first screen is drawn, with no personal data', async () => {
    const page = await app.newPage();
    const { requests, all } = await answerScriptHosts(page);
    const response = await page.goto(`${app.address}/`);
    const policy = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self' https://static.hotjar.com https://script.hotjar.com https://js.appboycdn.com");
    expect(policy).toContain('https://sdk.iad-01.braze.com');
    await expect.poll(() => page.evaluate(() => Boolean((window as { __heatMap?: unknown }).__heatMap) && Boolean((window as { __push?: unknown[] }).__push?.length)), { timeout: 15_000 }).toBe(true);
    expect(requests.map((r) => r.url)).toEqual(expect.arrayContaining([`https://static.hotjar.com/c/hotjar-${SHELL_KEYS.VITE_HEATMAP_ID}.js?sv=6`, 'https://js.appboycdn.com/web-sdk/5.6/braze.min.js']));
    expect(requests.every((r) => r.afterFirstScreen)).toBe(true);
    // Nothing else leaves the app's own origin.
    const outside = all.filter((url) => !url.startsWith(app.address) && !url.startsWith('data:') && !url.startsWith('blob:'));
    expect(outside.every((url) => url.startsWith('https://static.hotjar.com/') || url.startsWith('https://js.appboycdn.com/') || url.startsWith('https://tiles.openfreemap.org/'))).toBe(true);
    expect(await page.evaluate(() => (window as { __heatMap?: unknown }).__heatMap)).toEqual({ settings: { hjid: Number(SHELL_KEYS.VITE_HEATMAP_ID), hjsv: 6 }, queued: 'function' });
    // The push SDK is started anonymously: no user, no attribute of a person.
    const calls = (await page.evaluate(() => (window as { __push?: unknown[][] }).__push)) ?? [];
    expect(calls.map(([name]) => name)).toEqual(['initialize', 'automaticallyShowInAppMessages', 'requestContentCardsRefresh', 'openSession']);
    expect(calls[0]?.[1]).toBe(SHELL_KEYS.VITE_PUSH_KEY);
    expect(calls[0]?.[2]).toMatchObject({ baseUrl: SHELL_KEYS.VITE_PUSH_ENDPOINT });
  });

  it("registers the service worker, which opens the app shell with the network cut and keeps nothing but the build's files", async () => {
    const page = await app.newPage({ serviceWorkers: 'allow' });
    await page.goto(`${app.address}/`);
    await page.getByRole('heading', { name: 'Información del cliente' }).waitFor();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
    const kept = await page.evaluate(async () => {
      const names = await caches.keys();
      const paths: string[] = [];
      for (const name of names) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
      return { names, paths };
    });
    expect(kept.names).toHaveLength(1);
    expect(kept.paths).toContain('/');
    expect(kept.paths.every((path) => path === '/' || path.startsWith('/assets/'))).toBe(true);
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    page.on('dialog', (dialog) => messages.push(`dialog: ${dialog.message()}`));
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Información del cliente' }).waitFor();
    await page.getByLabel('Nombre').fill('Ana');
    await page.context().setOffline(false);
    // The worker says it in the console only: no dialog.
    expect(messages.filter((m) => m.startsWith('dialog'))).toEqual([]);
  });

  it.each([['sv', 'Iniciar sesión'], ['hn', 'Iniciar sesión']])("is none of them in the %s build: no code, host, key or request", async (country, heading) => {
    const built = await servedApp(country === 'sv' ? {} : { country });
    try {
      const page = await (await phoneContext(built.browser)).newPage();
      const { requests, all } = await answerScriptHosts(page);
      await page.goto(`${built.address}/`);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      // Past the moment a script would start: the first screen drawn, the page's idle time come, nothing more asked for.
      await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null))));
      await page.waitForLoadState('networkidle');
      expect(requests).toEqual([]);
      expect(all.filter((url) => !url.startsWith(built.address))).toEqual([]);
      const html = readFileSync(join(built.outDir, 'index.html'), 'utf8');
      expect(html).not.toMatch(/heat-map|push-messaging/);
      const code = readdirSync(join(built.outDir, 'assets')).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(built.outDir, 'assets', f), 'utf8'));
      for (const words of ['hotjar', 'appboycdn', 'braze', SHELL_KEYS.VITE_HEATMAP_ID, SHELL_KEYS.VITE_PUSH_KEY]) expect(code.some((text) => text.includes(words)), words).toBe(false);
      // Every country registers a service worker.
      expect(readdirSync(built.outDir)).toContain('sw.js');
    } finally {
      await built.close();
    }
  });
});
