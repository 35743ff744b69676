/**
 * `npm run journeys:check` run for real, as a subprocess: it passes on journeys/, and on a broken
 * copy of journeys/sv.json it exits 1 with one located line per problem,
 * `file:line:column pointer: words`.
 *
 * Each kind of mistake is a fixture in tests/fixtures/broken/: text edits applied to sv.json at
 * test time, and the lines expected. The line and column of each expected problem are worked
 * out here from the broken text (`near`: a snippet found once in it; `token`: where in that
 * snippet the problem is shown, its start by default), never copied from the checker's output.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, type ExpectStatic } from 'vitest';
import { checkInProcess } from '../support/checkInProcess';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixturesDir = join(root, 'tests/fixtures/broken');
const svText = readFileSync(join(root, 'journeys/sv.json'), 'utf8');

/** Each kind of mistake, by its fixture's name. */
const kinds: Array<[kind: string, title: string]> = [
  ['syntax-error', 'a JSON syntax error (a missing comma)'],
  ['duplicate-key', 'a property written twice, at the second'],
  ['schema-violation', 'a schema violation (an unknown property in a step meta)'],
  ['unknown-target', 'an unknown target, with did-you-mean'],
  ['short-target-elsewhere', 'a target without # to a state elsewhere, with its id'],
  ['branch-without-example', 'a branch whose guard reads the event and has no example'],
  ['unknown-guard', 'an unknown guard, with did-you-mean'],
  ['unknown-action', 'an unknown action, with did-you-mean'],
  ['unknown-actor', 'an unknown actor, with did-you-mean'],
  ['unreachable-state', 'an unreachable state'],
  ['no-way-out', 'a state with no way out'],
  ['route-used-twice', 'a route used twice'],
  ['private-step-without-sign-in', 'a private step reachable without signing in'],
  ['pointer-typo-in-assign', "a pointer typo in an assign, with did-you-mean of the data's keys"],
  ['pointer-typo-in-guard', "a pointer typo in a guard, with did-you-mean of the data's keys"],
  ['pointer-typo-in-input-map', "a pointer typo in a call's input map, with did-you-mean of the data's keys"],
  ['submitted-field-typo', "a field a step does not submit, read by the call its submit starts, with did-you-mean of the step's fields"],
  ['step-saves-elsewhere', "a step whose submit saves elsewhere than its meta.data"],
  ['step-without-data', 'a step with fields and no meta.data'],
  ['unhandled-shell-event', 'a shell event the journey does not handle'],
  ['input-key-typo', 'an input key unknown to the operation\'s request, with did-you-mean'],
  ['missing-request-property', 'a required request property missing from an input map'],
  ['constant-wrong-type', 'a constant of the wrong type in an input map'],
  ['output-pointer-typo', 'a pointer into a call\'s answer that its response schema does not have, with did-you-mean'],
  ['answer-pointer-root-typo', 'a pointer into a call\'s answer misspelt at its root (/event/outptu), with did-you-mean'],
  ['error-pointer-typo', 'pointers into a call\'s failure that it does not carry, below /event/error and at its root, with did-you-mean'],
  ['event-pointer-typo', 'a pointer into an agent\'s event that the event does not carry (by its examples), with did-you-mean'],
  ['call-input-event-typo', 'a call\'s input reading what the event that starts it does not carry, with did-you-mean'],
  ['impossible-declared-data', 'declared data (meta.context) whose limits no value can satisfy'],
  ['entry-pointer-typo', 'a pointer inside each entry of a declared list or selection (a sum\'s or first\'s `of`) that the entries do not have, with did-you-mean'],
  ['link-event-unhandled', "a deep link whose event is not handled on the journey's own on"],
  ['link-value-typo', "a link event's value read under a name its link does not give, with did-you-mean"],
  ['link-event-undeclared', 'an event in the link namespace that no link declares'],
  ['link-route-twice', 'two links on one route'],
  ['link-route-without-slash', 'a link route not starting with /'],
  ['link-on-step-route', "a link on a step's route that its event does not show"],
  ['leave-url-typo', "a leave whose url reads nothing the journey holds, and the shell's refusal unhandled"],
  ['former-states', 'formerStates naming a state that still exists, a misspelt target, and a target the agent cannot wait on'],
  ['sign-out-back-allowed', 'a step that ends the session and lets browser back stop its call'],
  ['submit-example-short', "a step's submit example without a field its form requires"],
  ['unsent-agent-event', "an agent's event nothing can send: no step's button or field, no sidebar entry, no link, not the app's own"],
];

interface Fixture {
  description: string;
  edits: Array<{ find: string; replace: string }>;
  expect: Array<{ pointer: string; message: string; near: string; token?: string }>;
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the checker the way `npm run journeys:check` does, from the repository root. */
function run(command: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const checkFiles = (...files: string[]) => run(join(root, 'node_modules/.bin/tsx'), ['scripts/journeysCheck.ts', ...files]);


const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'journeys-check-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function occurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) count++;
  return count;
}

/** 1-based line and column of an offset, as an editor shows them. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: occurrences(before, '\n') + 1, column: offset - lineStart + 1 };
}

function readFixture(kind: string): Fixture {
  return JSON.parse(readFileSync(join(fixturesDir, `${kind}.json`), 'utf8')) as Fixture;
}

/** Applies the fixture's edits in order; each `find` must be in sv.json once, and still once when applied. */
function breakSv(fixture: Fixture, expect: ExpectStatic): string {
  let text = svText;
  for (const { find, replace } of fixture.edits) {
    expect(occurrences(svText, find), `"${find}" should occur once in journeys/sv.json`).toBe(1);
    expect(occurrences(text, find), `"${find}" should occur once when its edit is applied`).toBe(1);
    expect(replace, 'an edit should change the text').not.toBe(find);
    text = text.replace(find, () => replace);
  }
  return text;
}

describe('npm run journeys:check on journeys/', () => {
  it('exits 0 and prints no problem lines', async () => {
    const files = readdirSync(join(root, 'journeys')).filter((f) => f.endsWith('.json'));
    expect(files).toContain('sv.json');
    const result = await run('npm', ['run', '--silent', 'journeys:check']);
    expect(result.stdout).toBe('');
    // npm may add notices of its own to stderr; the checker's summary is its last line.
    // Every country's screens: each journey's step folder.
    const steps = files.flatMap((file) => readdirSync(join(root, 'schemas/steps', file.replace(/\.json$/, ''))).filter((f) => f.endsWith('.json'))).length;
    expect(result.stderr.trim().split('\n').at(-1)).toBe(`${files.length} journey file(s) and ${steps} step file(s) checked: all sound.`);
    expect(result.status).toBe(0);
  }, 60_000);

  it('exits 1 with a located line for a file nested 20,000 levels deep (it crashed with a stack trace)', async () => {
    const file = join(tempDir(), 'deep.json');
    writeFileSync(file, `${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    const result = await checkFiles(file);
    expect(result.stdout).toBe(`${relative(root, file)}:1:65 /: nested more than 64 levels deep here: a journey is nested about 20; look for brackets that do not close\n`);
    expect(result.stderr.trim()).toBe('1 problem(s) in 1 file(s).');
    expect(result.status).toBe(1);
  }, 60_000);

  it('exits 1 with a located line for a file that does not exist', async () => {
    const file = join(tempDir(), 'missing.json');
    const result = await checkFiles(file);
    expect(result.stdout).toBe(`${relative(root, file)}:1:1 /: cannot read the file\n`);
    expect(result.stderr.trim()).toBe('1 problem(s) in 1 file(s).');
    expect(result.status).toBe(1);
  }, 60_000);
});

describe('the broken fixtures', () => {
  it('are exactly one per kind of mistake', () => {
    const files = readdirSync(fixturesDir).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(kinds.map(([kind]) => `${kind}.json`).sort());
  });
});

describe.concurrent('npm run journeys:check on a broken copy of journeys/sv.json', () => {
  const title = '%s: exits 1 and reports %s at its line and column';
  it.for(kinds)(title, { timeout: 60_000 }, async ([kind], { expect }) => {
    const fixture = readFixture(kind);
    expect(fixture.description.length).toBeGreaterThan(0);
    expect(fixture.edits.length).toBeGreaterThan(0);
    expect(fixture.expect.length).toBeGreaterThan(0);

    const text = breakSv(fixture, expect);
    const file = join(tempDir(), 'sv.json');
    writeFileSync(file, text);
    const shown = relative(root, file);

    const expected = fixture.expect.map(({ pointer, message, near, token }) => {
      expect(occurrences(text, near), `"${near}" should occur once in the broken sv.json`).toBe(1);
      const within = token === undefined ? 0 : near.indexOf(token);
      expect(within, `"${String(token)}" should be part of "${near}"`).toBeGreaterThanOrEqual(0);
      const { line, column } = lineColumn(text, text.indexOf(near) + within);
      return `${shown}:${line}:${column} ${pointer}: ${message}`;
    });

    const result = kind === kinds[0]?.[0] ? await checkFiles(file) : checkInProcess('.', [file]);
    expect(result.stdout.split('\n')).toEqual([...expected, '']);
    expect(result.stderr.trim()).toBe(`${expected.length} problem(s) in 1 file(s).`);
    expect(result.status).toBe(1);
  });
});
