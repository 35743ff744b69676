import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renamedAndAdded, reviewRemoved, REVIEW_MOVED_MESSAGE } from '../support/journeyVersions';

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

  it('says that renaming a call and adding a step after it strands no sale in progress', () => {
    const result = diff(write('before.json', sv), write('renamed.json', renamedAndAdded(sv)));
    expect(result.stdout).toContain('+ state sv.signedIn.sale.incomeNotice: route /aviso-de-ingresos');
    expect(result.stdout).not.toContain('! sales');
    expect(result.stderr).toContain('no sale in progress is stranded: every step an agent waits on is still there');
  });

  it('names the sales that removing the ID review strands, and where formerStates sends them', () => {
    const result = diff(write('before.json', sv), write('removed.json', reviewRemoved(sv)));
    const stranded = result.stdout.split('\n').filter((line) => line.startsWith('!'));
    expect(stranded).toEqual([
      `! sales in progress at sv.signedIn.sale.idReview (/id-revisar) go to sv.signedIn.sale.contract (/contrato-formulario), as formerStates.sv.signedIn.sale.idReview says, told "${REVIEW_MOVED_MESSAGE}"`,
    ]);
    expect(result.stderr).toContain('1 step(s) with sales in progress stranded');
  });

  it('names where the stranded sales go when no formerStates entry names their step: the first step of the nearest parent', () => {
    const journey = JSON.parse(reviewRemoved(sv)) as Record<string, unknown>;
    delete journey.formerStates;
    const result = diff(write('before.json', sv), write('removed-bare.json', JSON.stringify(journey, null, 2)));
    expect(result.stdout.split('\n').filter((line) => line.startsWith('!'))).toEqual([
      expect.stringMatching(/^! sales in progress at sv\.signedIn\.sale\.idReview \(\/id-revisar\) go to sv\.signedIn\.sale\.clientInfo \(\/información-del-cliente\), the first step of sv\.signedIn\.sale \(no formerStates entry names it\)/),
    ]);
  });
});
