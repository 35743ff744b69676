/**
 * `npm run journeys:check [-- files...]`: checks the provider's API specs (`openapi/<cc>/`: an
 * operation id used twice in a country, a path served for two countries), journey files
 * (default: every file in journeys/) against their country's operations, the step screens of
 * their countries (schemas/steps/<cc>/) and their country files (countries/<cc>.json), and
 * prints one line per problem as `file:line:column pointer: words`. Exits 0 when all are sound,
 * 1 otherwise. `COUNTRY_PACKS` checks another pack's folder (src/pack/countryPack.ts). The checks
 * themselves are src/checker/checkPacks.ts over packChecker.ts, which the journey studio runs on every save.
 */
import { relative } from 'node:path';
import { checkPacks } from '../src/checker/checkPacks';
import { formatProblem } from '../src/checker/problem';
import { packRoot } from '../src/pack/countryPack';

// Relative, as every file is named in the problem lines.
const { problems, journeys, steps } = checkPacks(relative(process.cwd(), packRoot()) || '.', process.argv.slice(2));
for (const problem of problems) console.log(formatProblem(problem));
// exitCode, not exit(): every problem line must reach a pipe before the process ends.
if (problems.length > 0) {
  console.error(`${problems.length} problem(s) in ${new Set(problems.map((p) => p.file)).size} file(s).`);
  process.exitCode = 1;
} else {
  console.error(`${journeys} journey file(s) and ${steps} step file(s) checked: all sound.`);
}
