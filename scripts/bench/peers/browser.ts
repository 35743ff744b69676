import type { BrowserContext, Page } from 'playwright-core';

/** Where the Chromium is, as every browser test and benchmark of the repository finds it. */
export { CHROMIUM_PATH } from '../../../tests/support/chromium';

/**
 * The flags the shared harness launches Chromium with, and one more: every host but this
 * machine resolves to nothing, as in the repository's browser tests, so that no engine waits on
 * a name lookup the machine cannot answer (none of them needs the internet).
 */
export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/** The page as every engine is measured: cache off (each load fetches everything), the CPU slowed. */
export async function throttled(context: BrowserContext, page: Page, rate: number): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Two frames and 50 ms: what the shared harness waits between a step's fill and the next click. */
export const SETTLE = 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))))';
