import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChromium, phoneContext } from './chromium';

/**
 * The production build served by a sandbox (as `npm run sandbox` serves it) and a Chromium to
 * drive it: what every browser test starts from.
 */
export async function servedApp(): Promise<{ address: string; browser: Browser; sandbox: Sandbox; close: () => Promise<void> }> {
  // Each test file builds into its own folder: files run in parallel and must not share dist/.
  const outDir = mkdtempSync(join(tmpdir(), 'field-sales-build-'));
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const sandbox = await createSandbox({ db: ':memory:', mode: 'test', staticDir: outDir });
  const address = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await launchChromium();
  return {
    address,
    browser,
    sandbox,
    close: async () => {
      await browser.close();
      await sandbox.app.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** The page's path, decoded (`/información-del-cliente`). */
export const pathOf = (page: Page) => decodeURI(new URL(page.url()).pathname);

/**
 * Registers the served app around a test file (built and started before its tests, closed after)
 * and gives its address and a new phone-sized page, as the browser tests use them.
 */
export function useServedApp() {
  let served: Awaited<ReturnType<typeof servedApp>> | undefined;
  // Every Content Security Policy violation on any page of the file: there must be none.
  const violations: string[] = [];
  beforeAll(async () => {
    served = await servedApp();
  }, 120_000);
  afterAll(async () => {
    await served?.close();
    expect(violations, 'Content Security Policy violations').toEqual([]);
  });
  const running = () => {
    if (!served) throw new Error('the served app is not started yet');
    return served;
  };
  return {
    get address() {
      return running().address;
    },
    /** The sandbox behind the app: its database, for what the provider would have recorded. */
    get sandbox() {
      return running().sandbox;
    },
    newPage: async () => {
      const page = await (await phoneContext(running().browser)).newPage();
      await page.addInitScript({
        content: `document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sourceFile || '') + ':' + e.lineNumber));`,
      });
      page.on('console', (message) => {
        if (message.text().startsWith('CSP violation')) violations.push(message.text());
      });
      return page;
    },
  };
}
