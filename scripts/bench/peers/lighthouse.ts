/**
 * Lighthouse 12 (mobile: simulated slow 4G, 4x CPU; performance only), installed in the cache
 * folder rather than the repository: it is a measuring tool of this benchmark alone, and 13
 * wants Node 22. The flags are those that work on this machine (../shared/bench/lighthouse/run.sh).
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_PATH } from './browser';

export interface LighthouseResult {
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
}

/** The CLI's path, installing it into `<dir>/lighthouse` the first time. */
export function lighthouseCli(dir: string): string {
  const root = join(dir, 'lighthouse');
  const cli = join(root, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const manifest = join(root, 'node_modules', 'lighthouse', 'package.json');
  const major = existsSync(manifest) ? Number((JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version.split('.')[0]) : 0;
  if (major !== 12) {
    mkdirSync(root, { recursive: true });
    // A package.json of its own, so that npm installs here and not into the nearest one above.
    if (!existsSync(join(root, 'package.json'))) writeFileSync(join(root, 'package.json'), '{ "name": "peerbench-lighthouse", "private": true }\n');
    console.error(`peerbench: npm install lighthouse@12 in ${root}`);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', 'lighthouse@12'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return cli;
}

const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

/** One Lighthouse run on `url`; its report is kept at `report` (JSON). */
export function lighthouse(cli: string, url: string, report: string): Promise<LighthouseResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, url, '--only-categories=performance', `--chrome-flags=${CHROME_FLAGS}`, '--output=json', `--output-path=${report}`, '--quiet'],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
      (error) => {
        if (error) {
          reject(new Error(`lighthouse ${url}: ${error.message.split('\n')[0] ?? ''}`));
          return;
        }
        try {
          const json = JSON.parse(readFileSync(report, 'utf8')) as {
            categories: { performance: { score: number | null } };
            audits: Record<string, { numericValue?: number }>;
            runtimeError?: { code: string; message: string };
          };
          if (json.runtimeError) throw new Error(`${json.runtimeError.code}: ${json.runtimeError.message}`);
          const value = (audit: string) => json.audits[audit]?.numericValue ?? Number.NaN;
          resolve({
            score: Math.round((json.categories.performance.score ?? Number.NaN) * 100),
            lcp: value('largest-contentful-paint'),
            tbt: value('total-blocking-time'),
            fcp: value('first-contentful-paint'),
          });
        } catch (problem) {
          reject(new Error(`lighthouse ${url}: ${(problem as Error).message}`));
        }
      },
    );
  });
}
