import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processGroup } from '../../src/tools/browser/processGroup';

const root = fileURLToPath(new URL('../..', import.meta.url));
const READY = /studio at (http:\/\/\S+)/;
/** Far above the 2 to 10 s a dev server takes to start on a loaded 2-core machine. */
const START_TIMEOUT_MS = 90_000;

/**
 * The journey studio as `npm run studio` starts it (the sandbox, the app's dev server and the
 * studio's page at /__studio/), on free ports, over a copy of journeys/ in a new folder: a test
 * edits the copy, never the repository's journeys. With `steps`, the studio shows, checks and
 * edits a copy of schemas/steps/ too (`STUDIO_STEPS`), beside the journeys' in one folder
 * (`root`: `journeys/`, `schemas/steps/`) that a test may make a git repository and diff. In a
 * process of its own (tests/support/studioServer.ts), as the builds are (buildProcess.ts): Vite's dependency
 * bundling runs Rolldown, which can block the process it runs in for good.
 */
export async function startStudio({ steps = false }: { steps?: boolean } = {}): Promise<{ address: string; root: string; journeysDir: string; stepsDir: string | undefined; close: () => Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'studio-'));
  const journeysDir = join(folder, 'journeys');
  cpSync('journeys', journeysDir, { recursive: true });
  const stepsDir = steps ? join(folder, 'schemas', 'steps') : undefined;
  if (stepsDir) cpSync(join('schemas', 'steps'), stepsDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/studioServer.ts', journeysDir], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1', ...(stepsDir ? { STUDIO_STEPS: stepsDir } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: closing ends the servers and whatever Vite started.
    detached: true,
  });
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  const group = processGroup(child);
  const close = async () => {
    group.kill();
    await exited;
    group.release();
    rmSync(folder, { recursive: true, force: true });
  };
  let printed = '';
  try {
    const address = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the studio did not start in ${START_TIMEOUT_MS / 1000} s:\n${printed}`)), START_TIMEOUT_MS);
      child.stdout.on('data', (chunk: Buffer) => {
        printed += String(chunk);
        const address = READY.exec(printed)?.[1];
        if (address) {
          clearTimeout(timer);
          resolve(address);
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (printed += String(chunk)));
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the studio exited (${String(code ?? signal)}) before it listened:\n${printed}`));
      });
    });
    return { address, root: folder, journeysDir, stepsDir, close };
  } catch (error) {
    await close();
    throw error;
  }
}
