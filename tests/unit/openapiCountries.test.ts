/**
 * Operation ids are scoped per country (`openapi/<cc>/`): the same id in two countries is no
 * problem, and an id used twice in one country is a located error that `journeys:check` and
 * `api:types` print as `file:line:column pointer: words` (fixture:
 * tests/fixtures/openapi-duplicate-id, with `OPENAPI_ROOT` pointing at it).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCountryOperations } from '../../src/openapi/countryOperations';
import { countryCodes } from '../../src/openapi/specFiles';
import { SpecError } from '../../src/openapi/specProblems';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = 'tests/fixtures/openapi-duplicate-id';

/** Line and column (1-based) of the value of the `operationId: products` line of a fixture file. */
function placeOfId(file: string): { line: number; column: number } {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const line = lines.findIndex((l) => l.trim() === 'operationId: products');
  return { line: line + 1, column: (lines[line] ?? '').indexOf('products') + 1 };
}

const first = placeOfId(`${FIXTURE}/zz/catalog.yaml`);
const second = placeOfId(`${FIXTURE}/zz/offers.yaml`);
const expectedLine =
  `${FIXTURE}/zz/offers.yaml:${second.line}:${second.column} /paths/~1zz~1offers/get/operationId: ` +
  `operation id "products" is used twice in country zz (first for POST /zz/products at ${FIXTURE}/zz/catalog.yaml:${first.line}:${first.column}): ` +
  `a journey's "api.products" must name one call; rename one of them`;

function run(script: string): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/tsx'), [script], { cwd: root, env: { ...process.env, OPENAPI_ROOT: FIXTURE, NO_COLOR: '1' } });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout }));
  });
}

/** The lines a command printed about the fixture's spec files. */
const fixtureLines = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith(`${FIXTURE}/`));

describe('operation ids per country', () => {
  it('are read per country folder: SV is the country of openapi/', () => {
    expect(countryCodes()).toContain('sv');
    expect(countryCodes(FIXTURE)).toEqual(['yy', 'zz']);
  });

  it('may repeat across countries', () => {
    expect(loadCountryOperations('yy', FIXTURE).map((op) => [op.operationId, op.path])).toEqual([['products', '/yy/products']]);
    expect(loadCountryOperations('sv').find((op) => op.operationId === 'products')?.path).toBe('/sv/products');
  });

  it('used twice in one country make the country unusable, with the place of each', () => {
    expect(() => loadCountryOperations('zz', FIXTURE)).toThrow(SpecError);
    expect(() => loadCountryOperations('zz', FIXTURE)).toThrow(expectedLine);
  });

  it('used twice in one country is a located error of journeys:check', async () => {
    const { status, stdout } = await run('scripts/journeysCheck.ts');
    expect(status).toBe(1);
    expect(fixtureLines(stdout)).toEqual([expectedLine]);
  });

  it('used twice in one country is a located error of api:types, which then writes nothing', async () => {
    const before = readFileSync(join(root, 'src/api/generated/sv/operations.ts'), 'utf8');
    const { status, stdout } = await run('scripts/apiTypes.ts');
    expect(status).toBe(1);
    expect(fixtureLines(stdout)).toEqual([expectedLine]);
    expect(readFileSync(join(root, 'src/api/generated/sv/operations.ts'), 'utf8')).toBe(before);
  });
});
