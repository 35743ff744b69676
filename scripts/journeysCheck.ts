/**
 * `npm run journeys:check [-- files...]`: checks the provider's API specs (`openapi/<cc>/`: an
 * operation id used twice in a country, a path served for two countries), journey files
 * (default: every file in journeys/) against their country's operations, the step screens of
 * their countries (schemas/steps/<cc>/) and their country files (countries/<cc>.json), and
 * prints one line per problem as `file:line:column pointer: words`. Exits 0 when all are sound,
 * 1 otherwise. `COUNTRY_PACKS` checks another pack's folder (src/pack/countryPack.ts). The checks
 * themselves are src/checker/packChecker.ts, which the journey studio runs on every save.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { formatProblem } from '../src/checker/problem';
import { openapiRoots } from '../src/openapi/countryActors';
import { apiSpecProblems } from '../src/openapi/openapiSpecs';
import { packRoot } from '../src/pack/countryPack';
import { publishedKeysProblems } from '../src/checker/publishedKeysCheck';
import { journeyFiles } from '../src/pack/journeyFiles';
import { packChecker } from '../src/checker/packChecker';

// Relative, as every file is named in the problem lines.
const root = relative(process.cwd(), packRoot()) || '.';
const STEPS = join(root, 'schemas/steps');
const COUNTRIES = join(root, 'countries');
const given = process.argv.slice(2);
const files = given.length > 0 ? given : journeyFiles(join(root, 'journeys'));
const checker = packChecker(root);
const { problems } = checker;
// The provider's operations come first: a journey's calls are checked against them.
problems.push(...openapiRoots().flatMap((specs) => [...apiSpecProblems(specs), ...publishedKeysProblems(specs)]));
const shown = (file: string) => relative(process.cwd(), file) || file;

for (const file of files) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    problems.push({ file: shown(file), line: 1, column: 1, pointer: '', message: 'cannot read the file' });
    continue;
  }
  checker.checkJourneyText(file, text);
}
// Step folders of countries whose journey was not checked are still checked on their own.
if (given.length === 0 && existsSync(STEPS)) {
  for (const country of readdirSync(STEPS).sort()) checker.stepsOf(join(STEPS, country));
}
// So are country files without a journey.
if (given.length === 0 && existsSync(COUNTRIES)) {
  for (const name of readdirSync(COUNTRIES).filter((f) => f.endsWith('.json')).sort()) {
    if (!checker.countriesChecked.has(basename(name, '.json'))) checker.checkCountry(basename(name, '.json'));
  }
}

for (const problem of problems) console.log(formatProblem(problem));
const bad = new Set(problems.map((p) => p.file)).size;
// exitCode, not exit(): every problem line must reach a pipe before the process ends.
if (problems.length > 0) {
  console.error(`${problems.length} problem(s) in ${bad} file(s).`);
  process.exitCode = 1;
} else {
  const steps = [...checker.stepFolders.values()].reduce((n, m) => n + m.size, 0);
  console.error(`${files.length} journey file(s) and ${steps} step file(s) checked: all sound.`);
}
