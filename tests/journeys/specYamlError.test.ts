import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// A provider spec that is not YAML crashed journeys:check with the parser's stack (seen while
// Costa Rica's specs were written): the journey's check read the country's operations again,
// and that read threw. A product owner gets the file, line and words, as for any other mistake.
const root = resolve('.');
const dir = mkdtempSync(join(tmpdir(), 'yaml-error-'));
cpSync(join(root, 'tests/fixtures/packs/zz'), dir, { recursive: true });
const spec = join(dir, 'openapi/zz/auth.yaml');
const lines = readFileSync(spec, 'utf8').split('\n');
lines[2] = `${lines[2]}: x: y`;
writeFileSync(spec, lines.join('\n'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a provider spec that is not YAML', () => {
  it('is a located problem of journeys:check, not a crash', () => {
    const result = spawnSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/journeysCheck.ts')], { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, COUNTRY: 'zz', COUNTRY_PACKS: '.' } });
    expect(result.stderr + result.stdout).not.toContain('YAMLParseError');
    expect(result.stdout).toMatch(/openapi\/zz\/auth\.yaml:3:\d+ \/: not valid YAML: Nested mappings are not allowed in compact mappings/);
    expect(result.status).toBe(1);
  }, 90_000);
});
