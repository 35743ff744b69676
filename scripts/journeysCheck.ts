/**
 * `npm run journeys:check [-- files...]`: checks journey files (default: every file in
 * journeys/) and prints one line per problem as `file:line:column pointer: words`.
 * Exits 0 when all are sound, 1 otherwise.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { checkJourney } from '../src/engine/checkJourney';
import { formatProblem } from '../src/engine/problem';
import { journeyFiles } from './journeyFiles';

const files = process.argv.slice(2).length > 0 ? process.argv.slice(2) : journeyFiles();
let failed = 0;
for (const file of files) {
  const shown = relative(process.cwd(), file) || file;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    console.log(`${shown}:1:1 /: cannot read the file`);
    failed++;
    continue;
  }
  const { problems } = checkJourney(shown, text);
  for (const problem of problems) console.log(formatProblem(problem));
  if (problems.length > 0) failed++;
}
// exitCode, not exit(): every problem line must reach a pipe before the process ends.
if (failed > 0) {
  console.error(`${failed} of ${files.length} journey file(s) have problems.`);
  process.exitCode = 1;
} else {
  console.error(`${files.length} journey file(s) checked: all sound.`);
}
