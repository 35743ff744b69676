import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAsProcess } from '../../src/tools/browser/buildProcess';

// CI once waited its whole 90 minutes on a test run: the browser tests built the app inside the
// test worker, and a build stuck in the bundler's native code blocks a worker past every timeout.
const outDir = join(mkdtempSync(join(tmpdir(), 'stuck-build-')), 'dist');
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The processes whose command line names `text`. */
const processesNaming = (text: string) =>
  execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(text));

describe('a build that does not end', () => {
  it('is killed with what it started, tried once more, and said, instead of holding the test run (CI waited 90 minutes)', async () => {
    const started = Date.now();
    // No build ends in a fifth of a second: both tries run out of time.
    await expect(buildAsProcess(outDir, {}, 200)).rejects.toThrow(/vite build did not end in 0\.2 s, twice/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(processesNaming(outDir)).toEqual([]);
  });

  it('is not tried again when it fails on its own (an unknown country), and says why', async () => {
    await expect(buildAsProcess(outDir, { COUNTRY: 'qq' }, 60_000)).rejects.toThrow(/vite build failed \(exit code 1\):\n[\s\S]*qq/);
  });
});
