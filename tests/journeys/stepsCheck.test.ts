import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkInProcess } from '../support/checkInProcess';

// The step screens under journeys:check: a copy of the project's journeys, country files, SV steps and specs in a
// temporary folder, one file broken by a fixture's edits, checked there: by the real command for
// the first fixture, and for the others by what the command runs (checkPacks, its lines printed
// as the command prints them), in this process: a process per fixture was 4 of CI's minutes,
// nearly all of it starting the command again.
const root = resolve('.');
const fixturesDir = 'tests/fixtures/broken-steps';
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface Fixture {
  description: string;
  file: string;
  edits: Array<{ find: string; replace: string }>;
  /** Each problem expected, in the command's order, in the broken file or in another (`file`: the journey whose event the broken step no longer sends). */
  expect: Array<{ pointer: string; message: string; near: string; token?: string; file?: string }>;
}

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}

function check(cwd: string) {
  return spawnSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/journeysCheck.ts')], { cwd, encoding: 'utf8', timeout: 60_000 });
}


const kinds = readdirSync(fixturesDir).filter((f) => f.endsWith('.json')).sort();

describe('npm run journeys:check on the step screens', () => {
  it('covers unknown formats, unknown widgets, contradicting limits, missing step files, unknown and mistyped widget options, widgets calling unknown operations, sending session values or reading answers they cannot read, masks that follow a field the step does not have, fields no value can satisfy, events the rows of a list send that the journey does not handle or no button sends, links to addresses that are not https:', () => {
    expect(kinds).toEqual(
      expect.arrayContaining([
        'unknown-format.json',
        'unknown-widget.json',
        'limit-contradicts-type.json',
        'missing-step-file.json',
        'unknown-widget-option.json',
        'widget-option-wrong-type.json',
        'widget-unknown-operation.json',
        'widget-session-value.json',
        'reference-data-unknown.json',
        'widget-unreadable-answer.json',
        'mask-by-unknown-field.json',
        'journey-select-unknown-rows.json',
        'min-length-above-max-length.json',
        'impossible-number-range.json',
        'impossible-item-count.json',
        'choice-breaks-own-rule.json',
        'const-breaks-own-rule.json',
        'unhandled-row-event.json',
        'row-event-without-button.json',
        'link-not-https.json',
        'link-script-address.json',
      ]),
    );
  });

  it.each(kinds)('%s: exits 1 with the problem at its line and column', (kind) => {
    const fixture = JSON.parse(readFileSync(join(fixturesDir, kind), 'utf8')) as Fixture;
    const dir = mkdtempSync(join(tmpdir(), 'steps-check-'));
    temps.push(dir);
    cpSync(join(root, 'journeys'), join(dir, 'journeys'), { recursive: true });
    cpSync(join(root, 'schemas'), join(dir, 'schemas'), { recursive: true });
    cpSync(join(root, 'openapi'), join(dir, 'openapi'), { recursive: true });
    cpSync(join(root, 'countries'), join(dir, 'countries'), { recursive: true });
    cpSync(join(root, 'reference'), join(dir, 'reference'), { recursive: true });
    let text = readFileSync(join(dir, fixture.file), 'utf8');
    for (const { find, replace } of fixture.edits) {
      expect(text.split(find).length - 1, `"${find}" should occur once in ${fixture.file}`).toBe(1);
      text = text.replace(find, () => replace);
    }
    writeFileSync(join(dir, fixture.file), text);
    const expected = fixture.expect.map(({ pointer, message, near, token, file = fixture.file }) => {
      const inFile = file === fixture.file ? text : readFileSync(join(dir, file), 'utf8');
      expect(inFile.split(near).length - 1, `"${near}" should occur once in ${file}`).toBe(1);
      const at = inFile.indexOf(near) + (token === undefined ? 0 : near.indexOf(token));
      return `${file}:${lineColumn(inFile, at)} ${pointer}: ${message}`;
    });
    const result = kind === kinds[0] ? check(dir) : checkInProcess(dir);
    expect(result.stdout.split('\n')).toEqual([...expected, '']);
    expect(result.stderr.trim().split('\n').at(-1)).toBe(`${expected.length} problem(s) in ${new Set(fixture.expect.map((e) => e.file ?? fixture.file)).size} file(s).`);
    expect(result.status).toBe(1);
  });
});
