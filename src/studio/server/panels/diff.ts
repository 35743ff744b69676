/**
 * The diff view's server side (`journeys:diff` in the studio): two versions of a journey, each a
 * file of the repository's or a text pasted or uploaded, compared by meaning
 * (src/tools/diff/journeyDiff.ts). A version that journeys:check would fault is still compared (an
 * edit in progress, said in a note); one that is no journey at all is refused with where it breaks.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffJourneys } from '../../../tools/diff/journeyDiff';
import { lastCommitText } from '../../../tools/diff/lastCommit';
import type { DiffAnswer, DiffFilesAnswer, DiffVersion, LastCommitDiffAnswer } from '../../panelApi';
import { checkedJourney, journeyText, PanelError } from './packJourney';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

/** The folders whose files may be compared: the journeys, and the diff fixtures (a product owner's edits). */
const FOLDERS = ['journeys', 'tests/fixtures/diff'];

/** The files of those folders, by their path in the repository. */
export function diffFiles(): DiffFilesAnswer {
  const files = FOLDERS.flatMap((folder) => {
    const dir = join(REPO, folder);
    return existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.json')).sort().map((file) => `${folder}/${file}`) : [];
  });
  return { files };
}

/** A version's name and text; a file only from those folders (the route reads nothing else of the disk). */
function read(version: DiffVersion): { name: string; text: string } {
  if ('text' in version) return { name: version.name || 'pasted JSON', text: version.text };
  const path = resolve(REPO, version.file);
  const inRepo = relative(REPO, path).replace(/\\/g, '/');
  if (!FOLDERS.some((folder) => inRepo.startsWith(`${folder}/`)) || inRepo.includes('..') || !inRepo.endsWith('.json')) {
    throw new PanelError(`${version.file}: only the files of ${FOLDERS.join('/ and ')}/ are compared`);
  }
  if (!existsSync(path)) throw new PanelError(`${version.file}: no such file`, 404);
  return { name: inRepo, text: readFileSync(path, 'utf8') };
}

/** An edit fixture (tests/fixtures/diff/): find-and-replace edits of a journey, with what they should change. */
interface EditFixture {
  description?: string;
  edits: Array<{ find: string; replace: string }>;
}

function editFixture(text: string): EditFixture | undefined {
  try {
    const value = JSON.parse(text) as Partial<EditFixture> & { states?: unknown };
    return Array.isArray(value.edits) && value.states === undefined ? (value as EditFixture) : undefined;
  } catch {
    return undefined;
  }
}

/** The journey text with the fixture's edits made, each where its text is found once (as the diff test makes them). */
function applyEdits(base: { name: string; text: string }, fixture: EditFixture, fixtureName: string): string {
  let text = base.text;
  const missed: string[] = [];
  for (const { find, replace } of fixture.edits) {
    const found = text.split(find).length - 1;
    if (found === 1) text = text.replace(find, () => replace);
    else missed.push(`${JSON.stringify(find.slice(0, 80))} is found ${found} times`);
  }
  if (missed.length > 0) throw new PanelError(`${fixtureName}'s edits do not fit ${base.name} (each must be found once):\n${missed.join('\n')}`);
  return text;
}

/**
 * The changes in meaning from `before` to `after`. An edit fixture on one side is that edit made
 * to the other side's journey (tests/fixtures/diff/sv-edits.json against journeys/sv.json).
 */
export function diffAnswer(before: DiffVersion, after: DiffVersion): DiffAnswer {
  const versions = [read(before), read(after)];
  const fixtures = versions.map((version) => editFixture(version.text));
  const notes: string[] = [];
  if (fixtures[0] && fixtures[1]) throw new PanelError('both versions are edits: one of them must be a journey');
  fixtures.forEach((fixture, i) => {
    if (!fixture) return;
    const base = versions[1 - i] as { name: string; text: string };
    const self = versions[i] as { name: string; text: string };
    versions[i] = { name: `${base.name} with ${self.name}'s edits`, text: applyEdits(base, fixture, self.name) };
    notes.push(`${self.name}: ${fixture.edits.length} edit(s) made to ${base.name}${fixture.description ? `: ${fixture.description}` : ''}`);
  });
  return compared(versions, notes);
}

/** Two versions checked and compared; a version that is no journey at all is said with its problems instead. */
function compared(versions: Array<{ name: string; text: string }>, notes: string[]): DiffAnswer {
  const checked = versions.map((version) => ({ ...version, ...checkedJourney(version.name, version.text) }));
  const broken = checked.filter((version) => !version.config);
  if (broken.length > 0) return { problems: broken.flatMap((version) => [`${version.name} is not a journey:`, ...version.problems]) };
  for (const version of checked) {
    if (version.problems.length > 0) notes.push(`${version.name} has ${version.problems.length} problem(s) journeys:check reports (compared all the same), the first: ${version.problems[0]}`);
  }
  const [a, b] = checked;
  if (!a?.config || !b?.config) return { problems: ['two versions are needed'] };
  return { changes: diffJourneys(a.config, b.config), notes };
}

/**
 * The country's journey, as the studio shows it now, against the same file in the last git
 * commit (`npm run journeys:diff -- <cc>`); `unavailable` when there is no such commit (the
 * journeys folder is in no git checkout, or the file was never committed).
 */
export function lastCommitDiff(country: string): LastCommitDiffAnswer {
  const now = journeyText(country);
  const inRepo = relative(REPO, now.file).replace(/\\/g, '/');
  const after = inRepo.startsWith('..') ? now.file : inRepo;
  const committed = lastCommitText(now.file);
  if ('error' in committed) return { country, after, unavailable: committed.error };
  return { country, before: committed.name, after, diff: compared([committed, { name: after, text: now.text }], []) };
}
