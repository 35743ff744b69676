/**
 * `npm run journeys:check [-- files...]`: checks the provider's API specs (`openapi/<cc>/`: an
 * operation id used twice in a country, a path served for two countries), journey files
 * (default: every file in journeys/) against their country's operations, and the step screens
 * of their countries (schemas/steps/<cc>/), and prints one line per problem as
 * `file:line:column pointer: words`. Exits 0 when all are sound, 1 otherwise.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { checkJourney } from '../src/engine/checkJourney';
import { checkStepFile, type StepCheck } from '../src/engine/checkStepFile';
import { buildJourneyGraph } from '../src/engine/journeyGraph';
import { lintJourneyData } from '../src/engine/lintJourneyData';
import { lintJourneySteps } from '../src/engine/lintJourneySteps';
import { lintShellEvents } from '../src/engine/shellEvents';
import { formatProblem, locateProblems, type LocatedProblem } from '../src/engine/problem';
import type { StepFile } from '../src/engine/stepFile';
import { countryActors, countryOperations, openapiRoot } from './countryActors';
import { apiSpecProblems } from '../src/sandbox/openapiSpecs';
import { journeyFiles } from './journeyFiles';

const STEPS = 'schemas/steps';
const given = process.argv.slice(2);
const files = given.length > 0 ? given : journeyFiles();
// The provider's operations come first: a journey's calls are checked against them.
const problems: LocatedProblem[] = [...apiSpecProblems(openapiRoot())];
const shown = (file: string) => relative(process.cwd(), file) || file;

/** The sidebar's events of a country (its country file, `countries/<cc>.json`), when it has one. */
function menuEventsOf(country: string): string[] {
  const file = join('countries', `${country.toLowerCase()}.json`);
  if (!existsSync(file)) return [];
  try {
    const sidebar = (JSON.parse(readFileSync(file, 'utf8')) as { sidebar?: Array<{ event?: unknown }> }).sidebar ?? [];
    return sidebar.map((entry) => entry.event).filter((e): e is string => typeof e === 'string');
  } catch {
    return []; // the country file's own check reports it
  }
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
  const check = checkJourney(shown(file), text, countryActors);
  problems.push(...check.problems);
  if (!check.config?.meta) continue;
  const dir = join(STEPS, check.config.meta.country.toLowerCase());
  const checks = stepsOf(dir);
  const steps = new Map<string, StepFile | undefined>([...checks].map(([name, c]) => [name, c.step]));
  const graph = buildJourneyGraph(check.config);
  const cross = lintJourneySteps(graph, steps, dir);
  // The country's provider operations: each call's answer gives the shape of what the journey keeps of it.
  const data = lintJourneyData(graph, steps, countryOperations(check.config.meta.country));
  const shell = lintShellEvents(graph, menuEventsOf(check.config.meta.country));
  problems.push(...locateProblems(check.file, check.source, [...cross.journey, ...data.journey, ...shell]));
  for (const found of [cross.steps, data.steps]) {
    for (const [name, list] of found) {
      const c = checks.get(name);
      if (c) problems.push(...locateProblems(c.file, c.source, list));
    }
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
