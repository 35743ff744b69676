/**
 * `npm run journeys:check [-- files...]`: checks journey files (default: every file in
 * journeys/) and the step screens of their countries (schemas/steps/<cc>/), and prints one line
 * per problem as `file:line:column pointer: words`. Exits 0 when all are sound, 1 otherwise.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkJourneyCalls, checkWidgetCalls } from '../src/engine/checkCalls';
import type { CallContract } from '../src/engine/checkInputMap';
import { checkJourney } from '../src/engine/checkJourney';
import { checkStepFile, type StepCheck } from '../src/engine/checkStepFile';
import { buildJourneyGraph } from '../src/engine/journeyGraph';
import { lintJourneySteps } from '../src/engine/lintJourneySteps';
import { formatProblem, locateProblems, type LocatedProblem } from '../src/engine/problem';
import type { StepFile } from '../src/engine/stepFile';
import { loadOperations } from '../src/sandbox/openapiSpecs';
import { journeyFiles } from './journeyFiles';

const STEPS = 'schemas/steps';
const given = process.argv.slice(2);
const files = given.length > 0 ? given : journeyFiles();
const problems: LocatedProblem[] = [];
const shown = (file: string) => relative(process.cwd(), file) || file;

/** The provider's operations a country's journey and widgets may call (the project's openapi/). */
const operationsByCountry = new Map<string, CallContract[]>();
function operationsOf(country: string): CallContract[] {
  let found = operationsByCountry.get(country);
  if (!found) {
    found = loadOperations(join(dirname(fileURLToPath(import.meta.url)), '..', 'openapi'));
    operationsByCountry.set(country, found);
  }
  return found;
}

/** Every step file of a country's folder, checked, by step name. */
const stepFolders = new Map<string, Map<string, StepCheck>>();
function stepsOf(dir: string): Map<string, StepCheck> {
  let checks = stepFolders.get(dir);
  if (!checks) {
    checks = new Map();
    for (const name of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : []) {
      const file = join(dir, name);
      const check = checkStepFile(file, basename(name, '.json'), readFileSync(file, 'utf8'));
      problems.push(...check.problems);
      // Widgets that call the provider are checked like the journey's calls.
      const country = basename(dir).toUpperCase();
      if (check.step) problems.push(...locateProblems(check.file, check.source, checkWidgetCalls(check.step, operationsOf(country), country)));
      checks.set(basename(name, '.json'), check);
    }
    stepFolders.set(dir, checks);
  }
  return checks;
}

for (const file of files) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    problems.push({ file: shown(file), line: 1, column: 1, pointer: '', message: 'cannot read the file' });
    continue;
  }
  const check = checkJourney(shown(file), text);
  problems.push(...check.problems);
  if (!check.config?.meta) continue;
  const graph = buildJourneyGraph(check.config);
  problems.push(...locateProblems(check.file, check.source, checkJourneyCalls(graph, operationsOf(check.config.meta.country))));
  const dir = join(STEPS, check.config.meta.country.toLowerCase());
  const checks = stepsOf(dir);
  const steps = new Map<string, StepFile | undefined>([...checks].map(([name, c]) => [name, c.step]));
  const cross = lintJourneySteps(graph, steps, dir);
  problems.push(...locateProblems(check.file, check.source, cross.journey));
  for (const [name, found] of cross.steps) {
    const c = checks.get(name);
    if (c) problems.push(...locateProblems(c.file, c.source, found));
  }
}
// Step folders of countries whose journey was not checked are still checked on their own.
if (given.length === 0 && existsSync(STEPS)) {
  for (const country of readdirSync(STEPS).sort()) stepsOf(join(STEPS, country));
}

for (const problem of problems) console.log(formatProblem(problem));
const bad = new Set(problems.map((p) => p.file)).size;
// exitCode, not exit(): every problem line must reach a pipe before the process ends.
if (problems.length > 0) {
  console.error(`${problems.length} problem(s) in ${bad} file(s).`);
  process.exitCode = 1;
} else {
  const steps = [...stepFolders.values()].reduce((n, m) => n + m.size, 0);
  console.error(`${files.length} journey file(s) and ${steps} step file(s) checked: all sound.`);
}
