import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server';
import { BUILD_TIMEOUT_MS, buildAsProcess, SHARED_BUILDS } from './buildProcess';
import { launchChromium } from './chromium';
import { DEFAULT_COUNTRY } from '../../pack/defaultCountry';

/** Which country to build, and from which pack folder (src/pack/countryPack.ts): El Salvador from the repository when not given. */
export interface PackChoice {
  country?: string;
  packs?: string;
  /** The build's own environment besides (the shell's scripts' keys: `VITE_HEATMAP_ID`...); a build with one is shared only with the same. */
  env?: Record<string, string>;
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

/**
 * The production build of one country, made by `vite build` in a process of its own
 * (buildProcess.ts). In a test run, made once per country and pack folder and shared
 * (SHARED_BUILDS): the first file that asks builds it, the others wait for it. Otherwise a new
 * folder, which `releaseBuild` removes.
 */
export async function buildCountry(pack: PackChoice = {}): Promise<string> {
  const env = { COUNTRY: pack.country ?? process.env.COUNTRY, COUNTRY_PACKS: pack.packs ?? process.env.COUNTRY_PACKS, ...pack.env };
  const shared = process.env[SHARED_BUILDS];
  if (!shared) {
    const outDir = mkdtempSync(join(tmpdir(), 'field-sales-build-'));
    await buildAsProcess(outDir, env);
    return outDir;
  }
  const withEnv = pack.env ? `-${createHash('sha256').update(JSON.stringify(pack.env)).digest('base64url').slice(0, 16)}` : '';
  const outDir = join(shared, `${env.COUNTRY ?? DEFAULT_COUNTRY}-${Buffer.from(resolve(env.COUNTRY_PACKS ?? '.')).toString('base64url')}${withEnv}`);
  const lock = `${outDir}.lock`;
  // Another file's build may take both its tries.
  const giveUp = Date.now() + 2 * BUILD_TIMEOUT_MS + 60_000;
  while (!existsSync(join(outDir, 'index.html'))) {
    if (!takeLock(lock)) {
      if (Date.now() > giveUp) throw new Error(`the shared build ${outDir} was not ready in time (another test file was making it)`);
      await new Promise((done) => setTimeout(done, 250));
      continue;
    }
    try {
      if (existsSync(join(outDir, 'index.html'))) break;
      // Built aside, then renamed: a file never serves a half-written build.
      const partial = `${outDir}.partial-${process.pid}`;
      await buildAsProcess(partial, env);
      renameSync(partial, outDir);
    } finally {
      rmSync(lock, { force: true });
    }
  }
  return outDir;
}

/** The lock file of a shared build, holding its maker's pid; one left by a process that has ended is taken over. */
function takeLock(lock: string): boolean {
  try {
    const handle = openSync(lock, 'wx');
    writeSync(handle, String(process.pid));
    closeSync(handle);
    return true;
  } catch {
    const holder = Number(readFileSafely(lock));
    if (holder > 0 && !alive(holder)) rmSync(lock, { force: true });
    return false;
  }
}

const readFileSafely = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Removes a build `buildCountry` made for one caller; a shared one stays for the other files. */
export function releaseBuild(outDir: string): void {
  const shared = process.env[SHARED_BUILDS];
  if (!shared || resolve(outDir, '..') !== resolve(shared)) rmSync(outDir, { recursive: true, force: true });
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
      releaseBuild(outDir);
    },
  };
}
