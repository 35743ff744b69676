/**
 * `npm run journeys:paths -- <cc> [--json]`: the journey's paths from the start to its terminal
 * steps, one per line as the steps and the events between them (or as JSON, with each event's
 * payload, for replaying in a test or the XState inspector, and every call to the provider: the
 * ones the journey invokes and the ones its steps' widgets make). Branches that no path takes
 * are listed on stderr, and make the command exit 1.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { journeyCalls } from '../src/checker/journeyCalls';
import { formatPath, journeyPaths } from '../src/tools/paths/journeyPaths';
import type { StepFile } from '../src/pack/stepFile';
import { loadJourneyFile } from '../src/checker/loadJourneyFile';

const args = process.argv.slice(2);
const json = args.includes('--json');
const country = args.find((a) => !a.startsWith('--'));
if (!country) {
  console.error('usage: npm run journeys:paths -- <country code> [--json]   (for example: sv)');
  process.exit(2);
}
const file = country.endsWith('.json') ? country : `journeys/${country.toLowerCase()}.json`;
const journey = loadJourneyFile(file);
const { paths, uncovered } = journeyPaths(journey);
if (json) {
  // The step files of the journey's country, for the calls their widgets make.
  const dir = join('schemas/steps', (journey.config.meta?.country ?? country).toLowerCase());
  const names = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  const steps = new Map(names.map((name) => [basename(name, '.json'), JSON.parse(readFileSync(join(dir, name), 'utf8')) as StepFile]));
  const calls = journeyCalls(journey.graph, steps);
  console.log(JSON.stringify({ paths: paths.map((p) => ({ name: p.name, end: p.end, steps: p.steps })), calls }, null, 2));
} else {
  for (const path of paths) console.log(formatPath(path));
}
for (const edge of uncovered) {
  console.error(`${file} ${edge.pointer}: no path takes this branch (its meta.example does not lead here)`);
}
console.error(`${paths.length} path(s) to ${new Set(paths.map((p) => p.end.stateId)).size} terminal step(s).`);
// exitCode, not exit(): a large listing on a pipe must be flushed first.
process.exitCode = uncovered.length > 0 ? 1 : 0;
