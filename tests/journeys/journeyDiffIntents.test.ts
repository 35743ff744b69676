import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildJourneyGraph } from '../../src/pack/journeyGraph';
import type { JourneyConfig } from '../../src/pack/journeyTypes';
import { compileJourney } from '../../src/runtime/compileJourney';
import { computeProgress } from '../../src/runtime/progress';
import { journeyPaths } from '../../src/tools/paths/journeyPaths';
import { MOVED, RENAMED, renamedAndMoved } from '../support/journeyIntentEdits';

// `npm run journeys:diff` reads an edit by its intent (issue #37): a renamed state is 'renamed', not
// removed and added, and a step met at another point of the sale is 'moved', not a heap of
// transitions removed and added; each with the progress numbers and paths it changes.
const sv = readFileSync('journeys/sv.json', 'utf8');
const edited = renamedAndMoved(sv);
const dir = mkdtempSync(join(tmpdir(), 'journeys-diff-intents-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const file = join(dir, name);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
};
const diff = (args: string[]) => spawnSync('node_modules/.bin/tsx', ['scripts/journeysDiff.ts', ...args], { encoding: 'utf8', timeout: 120_000 });
const git = (cwd: string, ...args: string[]) => {
  const result = spawnSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
};

/** The lines under a change's own line (indented by two spaces), up to the next change. */
function linesUnder(stdout: string, head: string): string[] {
  const lines = stdout.split('\n');
  const at = lines.indexOf(head);
  expect(at, `"${head}" in:\n${stdout}`).toBeGreaterThanOrEqual(0);
  const rest = lines.slice(at + 1);
  const end = rest.findIndex((line) => !line.startsWith('  '));
  return (end < 0 ? rest : rest.slice(0, end)).map((line) => line.trim());
}

/** Every step's progress as the app computes it, by id (the renamed step by its new id). */
function progressOf(text: string, rename = (id: string) => id): Map<string, string> {
  const progress = computeProgress(buildJourneyGraph(JSON.parse(text) as JourneyConfig));
  return new Map([...progress].map(([node, p]) => [rename(node.id), `${p.n}/${p.of}`]));
}

/** The paths of journeys:paths by name, each as the states it passes (the renamed one by its new id). */
function pathsOf(text: string, rename = (id: string) => id): Map<string, string> {
  const { paths } = journeyPaths(compileJourney(JSON.parse(text) as JourneyConfig));
  return new Map(paths.map((p) => [p.name, JSON.stringify([...p.steps.map((s) => [rename(s.stateId), s.label]), rename(p.end.stateId)])]));
}

describe('npm run journeys:diff reads a rename and a move by their intent', () => {
  const result = diff([write('before.json', sv), write('after.json', edited)]);
  const renamedLine = `renamed ${RENAMED.from} → ${RENAMED.to}`;
  const movedLine = `moved ${MOVED}: now after clauses, before clientSignature (was after verifyEmail, before authorizations)`;

  it("says 'renamed' and 'moved', and neither as states or transitions removed and added", () => {
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.split('\n')).toContain(renamedLine);
    expect(result.stdout.split('\n')).toContain(movedLine);
    const heap = result.stdout.split('\n').filter((line) => /^[-+] (state|transition) /.test(line));
    expect(heap).toEqual([]);
    // The retargeted transitions are said with the move.
    expect(linesUnder(result.stdout, movedLine).filter((line) => line.startsWith('~ transition'))).toEqual([
      expect.stringMatching(/^~ transition sv\.signedIn\.sale\.verifyEmail\.\w+: done [\w.]+ → sv\.signedIn\.sale\.authorizations \(was → sv\.signedIn\.sale\.terms\)$/),
      '~ transition sv.signedIn.sale.terms: step.submit → sv.signedIn.sale.clientSignature (was → sv.signedIn.sale.authorizations)',
      '~ transition sv.signedIn.sale.clauses: step.submit → sv.signedIn.sale.terms (was → sv.signedIn.sale.clientSignature)',
    ]);
  });

  it('prints the progress numbers the move changes, as the app computes them, and none for the rename', () => {
    const rename = (id: string) => (id === RENAMED.from ? RENAMED.to : id);
    const before = progressOf(sv, rename);
    const after = progressOf(edited);
    const changed = [...after].filter(([id, n]) => before.get(id) !== n).map(([id, n]) => `${id} ${before.get(id)} → ${n}`);
    // Moving the terms renumbers it and the two steps it now comes after.
    expect(changed).toHaveLength(3);
    const progress = linesUnder(result.stdout, movedLine).find((line) => line.startsWith('progress:')) ?? '';
    expect(progress.replace(/^progress: /, '').split(', ').sort()).toEqual(changed.sort());
    expect(linesUnder(result.stdout, renamedLine)).toContain('progress: no step’s number changes');
  });

  it('prints the paths each changes, by the names journeys:paths gives them', () => {
    const rename = (id: string) => (id === RENAMED.from ? RENAMED.to : id);
    const before = pathsOf(sv, rename);
    const after = pathsOf(edited);
    const printed = result.stdout;
    // Every path name the edit takes away or brings is printed, a renamed path's old and new name on one line.
    const gone = [...before.keys()].filter((name) => !after.has(name));
    const brought = [...after.keys()].filter((name) => !before.has(name));
    expect(gone.length + brought.length).toBeGreaterThan(0);
    for (const name of gone) expect(printed).toMatch(new RegExp(`^  path (renamed|gone): ${escape(name)}( →|$)`, 'm'));
    for (const name of brought) expect(printed).toMatch(new RegExp(`^  path (renamed: .+ → |new: )${escape(name)}$`, 'm'));
    // The paths through the renamed step are said under the rename.
    const underRename = linesUnder(printed, renamedLine).filter((line) => line.startsWith('path'));
    expect(underRename.length).toBeGreaterThan(0);
    expect(underRename.every((line) => /income|Income/.test(line))).toBe(true);
    // The paths that keep their name but pass the steps in another order: under the move.
    const reordered = [...after].filter(([name, walk]) => before.has(name) && before.get(name) !== walk && walk.includes(MOVED)).map(([name]) => name);
    expect(reordered.length).toBeGreaterThan(0);
    const underMove = linesUnder(printed, movedLine).find((line) => line.startsWith('paths whose steps change')) ?? '';
    for (const name of reordered) expect(underMove.split(': ').slice(1).join(': ').split(', ')).toContain(name);
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A git checkout of its own holding journeys/sv.json as committed; the path of that file. */
function committedCheckout(name: string): string {
  const repo = join(dir, name);
  const file = write(`${name}/journeys/sv.json`, sv);
  git(repo, 'init', '-q');
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'sv as it was');
  return file;
}

describe('npm run journeys:diff -- <cc>: the journey against the last commit', () => {
  it('compares a file with the same file in the last git commit', () => {
    const file = committedCheckout('checkout');
    writeFileSync(file, edited);
    const result = diff([file]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^comparing journeys\/sv\.json at HEAD \([0-9a-f]+\) with /m);
    expect(result.stdout.split('\n')).toContain(`renamed ${RENAMED.from} → ${RENAMED.to}`);
    expect(result.stdout).toMatch(new RegExp(`^moved ${escape(MOVED)}: `, 'm'));
  });

  it("says so when the file's folder is no git checkout, or the file is not in the last commit", () => {
    const loose = write('loose/sv.json', sv);
    const outside = diff([loose]);
    expect(outside.status).toBe(2);
    expect(outside.stderr).toContain('is not in a git checkout');
    committedCheckout('other');
    const fresh = write('other/journeys/zz.json', sv);
    const untracked = diff([fresh]);
    expect(untracked.status).toBe(2);
    expect(untracked.stderr).toMatch(/journeys\/zz\.json is not in the last commit/);
  });

  it("takes a country code for the repository's journey (npm run journeys:diff -- sv)", () => {
    const result = diff(['sv']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^comparing journeys\/sv\.json at HEAD \([0-9a-f]+\) with journeys\/sv\.json as it is now$/m);
  });
});
