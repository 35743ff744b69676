/**
 * `npm run journeys:diff -- <cc>` (or `<file.json>`): what differs in meaning between a journey
 * file as the last git commit has it and as it is now; `npm run journeys:diff -- <before.json>
 * <after.json>`: between two files (src/tools/diff/journeyDiff.ts). First the edit's intents:
 * `renamed` (a state under another key) and `moved` (a step met at another point of the sale, or
 * a state under another parent), each followed by what it alters, indented: the transitions it
 * retargeted, the progress numbers and the paths of journeys:paths. Then one change per line:
 * `+` added, `-` removed, `~` changed; states and their steps, transitions, guards, actions,
 * calls, messages and declared data; `!` the sales in progress at a step the new version no
 * longer has, and where they go when the agents' app is updated (formerStates,
 * src/runtime/versionResume.ts). A file only reordered or reindented has none. A version that
 * journeys:check would fault is still compared (an edit in progress); one that is not a journey
 * at all (bad JSON, not the meta-schema's shape) is reported as journeys:check reports it.
 */
import { checkJourney } from '../src/checker/checkJourney';
import { formatProblem } from '../src/checker/problem';
import { countryActors } from '../src/openapi/countryActors';
import type { JourneyConfig } from '../src/pack/journeyTypes';
import { effectLines, formatChange } from '../src/tools/diff/changeLines';
import { diffJourneys } from '../src/tools/diff/journeyDiff';
import { lastCommitText } from '../src/tools/diff/lastCommit';
import { readJourneyFile } from '../src/checker/loadJourneyFile';

const USAGE = [
  'usage: npm run journeys:diff -- <cc>                      the journey (journeys/<cc>.json) against the last commit',
  '       npm run journeys:diff -- <file.json>               a journey file against the last commit',
  '       npm run journeys:diff -- <before.json> <after.json>',
].join('\n');

/** The committed version of a journey file, checked as journeys:check checks it (leniently), or the process ends saying why. */
function committedConfig(file: string): JourneyConfig {
  const committed = lastCommitText(file);
  if ('error' in committed) {
    console.error(committed.error);
    process.exit(2);
  }
  const { config, problems } = checkJourney(committed.name, committed.text, countryActors);
  if (!config) {
    for (const p of problems) console.error(formatProblem(p));
    process.exit(1);
  }
  console.error(`comparing ${committed.name} with ${file} as it is now`);
  return config;
}

const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (files.length < 1 || files.length > 2) {
  console.error(USAGE);
  process.exit(2);
}
const [first = '', second] = files;
// One argument: a country's journey (or a file) against the last commit.
const now = second ?? (first.endsWith('.json') ? first : `journeys/${first.toLowerCase()}.json`);
const after = readJourneyFile(now, { lenient: true }).config;
const before = second ? readJourneyFile(first, { lenient: true }).config : committedConfig(now);
const changes = diffJourneys(before, after);
for (const change of changes) {
  console.log(formatChange(change));
  for (const line of effectLines(change)) console.log(`  ${line}`);
}
// Whether agents selling when the new version is deployed lose their place (`!` lines say where they go).
const stranded = changes.filter((change) => change.change === 'stranded').length;
const sales = stranded === 0 ? 'no sale in progress is stranded: every step an agent waits on is still there' : `${stranded} step(s) with sales in progress stranded`;
console.error(changes.length === 0 ? 'no change in meaning' : `${changes.length} change(s); ${sales}`);
