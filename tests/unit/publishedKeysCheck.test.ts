/**
 * The operation a country's spec marks `x-signing: publishes-keys` must answer what the PIN
 * sealer (and, where calls are signed, the call signer) reads of it: a located error of
 * `journeys:check` otherwise (fixture: tests/fixtures/openapi-unreadable-keys, with
 * `OPENAPI_ROOT` pointing at it).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { publishedKeysProblems } from '../../src/checker/publishedKeysCheck';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = 'tests/fixtures/openapi-unreadable-keys';
const FILE = `${FIXTURE}/ww/auth.yaml`;

/** Line and column (1-based) of the `'200':` key's value in the fixture (its answer). */
function placeOfAnswer(): string {
  const lines = readFileSync(join(root, FILE), 'utf8').split('\n');
  const line = lines.findIndex((l) => l.trim() === "'200':");
  return `${line + 2}:${(lines[line + 1] ?? '').indexOf('description') + 1}`;
}

describe("the provider's published keys", () => {
  it("are what SV's spec answers, for the PIN sealer and the call signer", () => {
    expect(publishedKeysProblems('openapi')).toEqual([]);
  });

  it('not promising the PIN key is a located error of journeys:check', () => {
    const result = spawnSync(join(root, 'node_modules/.bin/tsx'), ['scripts/journeysCheck.ts'], { cwd: root, encoding: 'utf8', env: { ...process.env, OPENAPI_ROOT: FIXTURE, NO_COLOR: '1' }, timeout: 60_000 });
    expect(result.status).toBe(1);
    expect(result.stdout.split('\n').filter((line) => line.startsWith(`${FIXTURE}/`))).toEqual([
      `${FILE}:${placeOfAnswer()} /paths/~1ww~1public-key/get/responses/200: publicKey answers what the PIN sealer (the RSA key, \`key\`) cannot read: at / it may answer without "key", which is read`,
    ]);
  });
});
