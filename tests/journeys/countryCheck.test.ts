import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The country file under journeys:check: a copy of the project's pack in a temporary folder,
// countries/sv.json broken by one edit, the real command run there. Each problem is a line
// `file:line:column pointer: words`, as for journeys and step screens.

const root = resolve('.');
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const svText = readFileSync('countries/sv.json', 'utf8');

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}

/** The pack with `countries/sv.json` replaced by `text` (or removed), checked. */
function check(text: string | undefined) {
  const dir = mkdtempSync(join(tmpdir(), 'country-check-'));
  temps.push(dir);
  for (const part of ['journeys', 'schemas', 'countries', 'openapi', 'reference']) cpSync(join(root, part), join(dir, part), { recursive: true });
  if (text === undefined) rmSync(join(dir, 'countries/sv.json'));
  else writeFileSync(join(dir, 'countries/sv.json'), text);
  const env = { ...process.env };
  delete env.COUNTRY_PACKS;
  return spawnSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/journeysCheck.ts')], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
}

/** sv.json with `find` (once in it) replaced, and where `near` then is. */
function broken(find: string, replace: string, near: string): { text: string; at: (token?: string) => string } {
  expect(svText.split(find).length - 1, `"${find}" should occur once in countries/sv.json`).toBe(1);
  const text = svText.replace(find, () => replace);
  return { text, at: (token) => lineColumn(text, text.indexOf(near) + (token === undefined ? 0 : near.indexOf(token))) };
}

describe.concurrent('npm run journeys:check on a country file', () => {
  it('passes the project country file', () => {
    const result = check(svText);
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
  });

  it('names a misspelt property, with did-you-mean', () => {
    const { text, at } = broken('"symbol": "$"', '"simbol": "$"', '"simbol"');
    const result = check(text);
    expect(result.stdout.split('\n')).toEqual([
      `countries/sv.json:${lineColumn(text, text.indexOf('"currency"'))} /currency: missing "symbol"`,
      `countries/sv.json:${at()} /currency/simbol: unknown property "simbol"; did you mean "symbol"?`,
      '',
    ]);
    expect(result.status).toBe(1);
  });

  it('says a calling code is digits', () => {
    const { text, at } = broken('"callingCode": "503"', '"callingCode": "+503"', '"+503"');
    expect(check(text).stdout).toBe(`countries/sv.json:${at()} /callingCode: a calling code is digits only, like "503"\n`);
  });

  it('refuses a default document that is not one of its types', () => {
    const { text, at } = broken('"default": "DUI"', '"default": "DUY"', '"DUY"');
    expect(check(text).stdout).toBe(`countries/sv.json:${at()} /documents/default: "DUY" is not one of the document types (DUI, PASAPORTE, CRES); did you mean "DUI"?\n`);
  });

  it('refuses a sidebar entry whose event the journey does not handle', () => {
    const { text, at } = broken('"event": "menu.salesReport"', '"event": "menu.salesReprot"', '"menu.salesReprot"');
    expect(check(text).stdout).toBe(`countries/sv.json:${at()} /sidebar/1/event: the journey does not handle "menu.salesReprot": the entry would do nothing; did you mean "menu.salesReport"?\n`);
  });

  it("names the journey's country when it has no country file", () => {
    const journey = readFileSync('journeys/sv.json', 'utf8');
    const at = lineColumn(journey, journey.indexOf('"SV"', journey.indexOf('"country"')));
    const result = check(undefined);
    expect(result.stdout).toBe(
      `journeys/sv.json:${at} /meta/country: no country file countries/sv.json: the app cannot be built for SV without it (see schemas/country.schema.json)\n`,
    );
    expect(result.status).toBe(1);
  });
});
