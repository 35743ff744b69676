import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { phoneContext } from '../../src/tools/browser/chromium';
import type { SandboxOptions } from '../../src/sandbox/server';
import { servedApp, type PackChoice } from '../../src/tools/browser/servedBuild';

/** The page's path, decoded (`/información-del-cliente`). */
export const pathOf = (page: Page) => decodeURI(new URL(page.url()).pathname);

/**
 * Registers the served app around a test file (built and started before its tests, closed after)
 * and gives its address and a new phone-sized page, as the browser tests use them. El Salvador's
 * build unless `pack` names another country (tests/fixtures/packs/); `settings`, the sandbox's
 * (a sign-in throttle, code limits or a session lifetime a test can sit out).
 */
export function useServedApp(pack: PackChoice = {}, settings: Pick<SandboxOptions, 'signInThrottle' | 'otpLimits' | 'sessionLifetime'> = {}) {
  let served: Awaited<ReturnType<typeof servedApp>> | undefined;
  // Every Content Security Policy violation on any page of the file: there must be none.
  const violations: string[] = [];
  beforeAll(async () => {
    served = await servedApp(pack, settings);
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
    /** The build's folder, for what the files themselves hold. */
    get outDir() {
      return running().outDir;
    },
    /** The sandbox behind the app: its database, for what the provider would have recorded. */
    get sandbox() {
      return running().sandbox;
    },
    /** A new phone-sized page in a context of its own; `serviceWorkers: 'allow'` lets the build's service worker register (blocked otherwise: phoneContext). */
    newPage: async (options: { serviceWorkers?: 'allow' | 'block' } = {}) => {
      const page = await (await phoneContext(running().browser, options)).newPage();
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
