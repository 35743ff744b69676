import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm run journeys:diff`: what a product owner's edit changes in meaning, not in lines.
const sv = readFileSync('journeys/sv.json', 'utf8');
const fixture = JSON.parse(readFileSync('tests/fixtures/diff/sv-edits.json', 'utf8')) as { edits: Array<{ find: string; replace: string }>; expect: string[] };
const dir = mkdtempSync(join(tmpdir(), 'journeys-diff-'));
const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};
const diff = (a: string, b: string) => spawnSync('node_modules/.bin/tsx', ['scripts/journeysDiff.ts', a, b], { encoding: 'utf8', timeout: 60_000 });

describe('npm run journeys:diff', () => {
  it("lists the edit's changes: a route renamed, a transition retargeted, actions and a message changed, data declared", () => {
    let edited = sv;
    for (const { find, replace } of fixture.edits) {
      expect(edited.split(find), find).toHaveLength(2);
      edited = edited.replace(find, replace);
    }
    const result = diff(write('before.json', sv), write('after.json', edited));
    expect(result.stdout.trim().split('\n').sort()).toEqual([...fixture.expect].sort());
    expect(result.stderr).toContain(`${fixture.expect.length} change(s)`);
  });

  it('finds no change in a file reindented with its states in another order', () => {
    const config = JSON.parse(sv) as { states: { signedIn: { states: Record<string, unknown> } } };
    config.states.signedIn.states = Object.fromEntries(Object.entries(config.states.signedIn.states).reverse());
    const result = diff(write('before.json', sv), write('reordered.json', JSON.stringify(config, null, 4)));
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('no change in meaning');
    expect(result.status).toBe(0);
  });

  it('says where a version is not a journey at all', () => {
    const result = diff(write('before.json', sv), write('broken.json', sv.replace('"initial": "landing",', '"initial": "landing"')));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/broken\.json:\d+:\d+ /);
  });
});
