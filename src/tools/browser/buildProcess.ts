import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { processGroup } from './processGroup';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const VITE = fileURLToPath(new URL('../../../node_modules/vite/bin/vite.js', import.meta.url));

/**
 * Set by the tests' global setup: a folder where each country's build is made once for the whole
 * test run and shared by every file that serves it (read only). Unset (the benchmarks), each
 * build is its own.
 */
export const SHARED_BUILDS = 'TEST_SHARED_BUILDS';

/** Far above a build's 5 to 20 s on a loaded 2-core machine. */
export const BUILD_TIMEOUT_MS = 150_000;

/**
 * `vite build` of the app into `outDir` as its own process, with COUNTRY and COUNTRY_PACKS set
 * for it (`env`). Not in the calling process: Rolldown, Vite's bundler, can deadlock inside a
 * synchronous native call on a 2-core machine (rolldown/rolldown#10102, #9748), and a test
 * worker blocked there never reaches a timeout: CI waited its 90 minutes on such a run. A build
 * that has not ended after `timeoutMs` is killed with everything it started, and tried once
 * more; a build that fails (an error in the app or its config) is not tried again.
 */
export async function buildAsProcess(outDir: string, env: Record<string, string | undefined>, timeoutMs = BUILD_TIMEOUT_MS): Promise<void> {
  const first = await runBuild(outDir, env, timeoutMs);
  if (first.ok) return;
  if (!first.timedOut) throw new Error(`vite build failed (${first.status}):\n${first.output}`);
  const second = await runBuild(outDir, env, timeoutMs);
  if (second.ok) return;
  throw new Error(`vite build ${second.timedOut ? `did not end in ${timeoutMs / 1000} s, twice` : `failed (${second.status}) after a first try that did not end`}:\n${second.output}`);
}

interface BuildRun {
  ok: boolean;
  timedOut: boolean;
  status: string;
  output: string;
}

function runBuild(outDir: string, env: Record<string, string | undefined>, timeoutMs: number): Promise<BuildRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [VITE, 'build', '--configLoader', 'runner', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
      cwd: root,
      env: { ...process.env, ...env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: a timeout kills the build and whatever it started.
      detached: true,
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const group = processGroup(child);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      group.kill();
    }, timeoutMs);
    child.once('error', (error) => {
      output += String(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      group.release();
      resolve({ ok: code === 0 && !timedOut, timedOut, status: signal ?? `exit code ${code}`, output });
    });
  });
}
