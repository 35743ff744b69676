import type { BrowserContext, Page } from 'playwright-core';

/**
 * Where the Chromium is and its flags, as every browser test and benchmark of the repository
 * launches it: the shared harness's flags, and every host but this machine resolving to nothing,
 * so that no engine waits on a name lookup the machine cannot answer (none needs the internet).
 */
export { CHROMIUM_ARGS as CHROME_ARGS, CHROMIUM_PATH } from '../../../src/tools/browser/chromium';

/** The page as every engine is measured: cache off (each load fetches everything), the CPU slowed. */
export async function throttled(context: BrowserContext, page: Page, rate: number): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Two frames and 50 ms: what the shared harness waits between a step's fill and the next click. */
export const SETTLE = 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))))';
