/**
 * `npm run journeys:diff -- <before.json> <after.json>`: what differs in meaning between two
 * versions of a journey file (src/tools/diff/journeyDiff.ts), one change per line: `+` added, `-`
 * removed, `~` changed; states and their steps, transitions, guards, actions, calls, messages and
 * declared data; `!` the sales in progress at a step the new version no longer has, and where
 * they go when the agents' app is updated (formerStates, src/runtime/versionResume.ts). A file only reordered or reindented has none. A version that journeys:check
 * would fault is still compared (an edit in progress); one that is not a journey at all (bad
 * JSON, not the meta-schema's shape) is reported as journeys:check reports it.
 */
import { diffJourneys, formatChange } from '../src/tools/diff/journeyDiff';
import { readJourneyFile } from '../src/checker/loadJourneyFile';

const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (files.length !== 2) {
  console.error('usage: npm run journeys:diff -- <before.json> <after.json>   (for example: git show HEAD~1:journeys/sv.json > /tmp/sv-before.json)');
  process.exit(2);
}
const configs = files.map((file) => readJourneyFile(file, { lenient: true }).config);
const [before, after] = configs;
if (!before || !after) process.exit(2);
const changes = diffJourneys(before, after);
for (const change of changes) console.log(formatChange(change));
// Whether agents selling when the new version is deployed lose their place (`!` lines say where they go).
const stranded = changes.filter((change) => change.change === 'stranded').length;
const sales = stranded === 0 ? 'no sale in progress is stranded: every step an agent waits on is still there' : `${stranded} step(s) with sales in progress stranded`;
console.error(changes.length === 0 ? 'no change in meaning' : `${changes.length} change(s); ${sales}`);
