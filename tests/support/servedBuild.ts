import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server';
import { launchChromium } from './chromium';

/** Which country to build, and from which pack folder (scripts/countryPack.ts): El Salvador from the repository when not given. */
export interface PackChoice {
  country?: string;
  packs?: string;
}

/**
 * Runs `work` with COUNTRY and COUNTRY_PACKS set as `npm run build` would see them (the Vite
 * config reads them when it loads), and puts them back after.
 */
export async function withPack<T>(pack: PackChoice, work: () => Promise<T>): Promise<T> {
  const before = { COUNTRY: process.env.COUNTRY, COUNTRY_PACKS: process.env.COUNTRY_PACKS };
  const set = (values: { COUNTRY?: string | undefined; COUNTRY_PACKS?: string | undefined }) => {
    if (values.COUNTRY === undefined) delete process.env.COUNTRY;
    else process.env.COUNTRY = values.COUNTRY;
    if (values.COUNTRY_PACKS === undefined) delete process.env.COUNTRY_PACKS;
    else process.env.COUNTRY_PACKS = values.COUNTRY_PACKS;
  };
  set({ COUNTRY: pack.country ?? before.COUNTRY, COUNTRY_PACKS: pack.packs ?? before.COUNTRY_PACKS });
  try {
    return await work();
  } finally {
    set(before);
  }
}

/** The production build of one country into a new folder (each test file its own: files run in parallel). */
export async function buildCountry(pack: PackChoice = {}): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'field-sales-build-'));
  await withPack(pack, () => build({ configLoader: 'runner', logLevel: 'warn', build: { outDir, emptyOutDir: true } }));
  return outDir;
}

/**
 * The production build served by a sandbox (as `npm run sandbox` serves it) and a Chromium to
 * drive it: what every browser test and the app benchmarks start from (no test runner here).
 * El Salvador's unless `pack` names another country; the sandbox is created with the same
 * COUNTRY_PACKS, so that it can serve that pack's API and seed.
 */
export async function servedApp(pack: PackChoice = {}, settings: Pick<SandboxOptions, 'signInThrottle' | 'otpLimits' | 'sessionLifetime'> = {}): Promise<{ address: string; outDir: string; browser: Browser; sandbox: Sandbox; close: () => Promise<void> }> {
  const outDir = await buildCountry(pack);
  const sandbox = await withPack(pack, () => createSandbox({ db: ':memory:', mode: 'test', staticDir: outDir, ...settings }));
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
