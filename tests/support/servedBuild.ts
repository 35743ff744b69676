import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { launchChromium } from './chromium';

/**
 * The production build served by a sandbox (as `npm run sandbox` serves it) and a Chromium to
 * drive it: what every browser test and the app benchmarks start from (no test runner here).
 */
export async function servedApp(): Promise<{ address: string; outDir: string; browser: Browser; sandbox: Sandbox; close: () => Promise<void> }> {
  // Each test file builds into its own folder: files run in parallel and must not share dist/.
  const outDir = mkdtempSync(join(tmpdir(), 'field-sales-build-'));
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const sandbox = await createSandbox({ db: ':memory:', mode: 'test', staticDir: outDir });
  const address = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await launchChromium();
  return {
    address,
    outDir,
    browser,
    sandbox,
    close: async () => {
      await browser.close();
      await sandbox.app.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
