import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// CI once waited its whole 90 minutes on a test run that had stopped: a worker no timeout
// reaches (a loop, a synchronous call) holds vitest for ever. The stall watch ends such a run.
const dir = mkdtempSync(join(tmpdir(), 'stall-watch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a test run that stops moving', () => {
  it('ends with status 1 and names the file still open, instead of waiting for CI to cut it off', () => {
    writeFileSync(join(dir, 'spins.test.js'), "test('spins for ever', () => { for (;;) Math.random(); });\n");
    // A file that ends at once, beside the stuck one: the watch must not name it.
    writeFileSync(join(dir, 'ends.test.js'), "test('ends', () => undefined);\n");
    writeFileSync(
      join(dir, 'vitest.config.mjs'),
      `export default { test: { include: ['*.test.js'], globals: true, maxWorkers: 2, reporters: ['default', ${JSON.stringify(resolve('tests/support/stallWatch.ts'))}] } };\n`,
    );
    const run = spawnSync(resolve('node_modules/.bin/vitest'), ['run', '--root', dir, '--config', join(dir, 'vitest.config.mjs')], {
      encoding: 'utf8',
      env: { ...process.env, VITEST_STALL_MINUTES: '0.05', NO_COLOR: '1' },
      timeout: 50_000,
    });
    expect(run.error).toBeUndefined();
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('ends.test.js');
    expect(run.stderr).toMatch(/the test run is stuck: nothing started or ended for [\d.]+ min\. Files still open:\n::: {3}spins\.test\.js \(open [\d.]+ min\), last seen/);
    expect(run.stderr).not.toContain('ends.test.js');
  });
});
