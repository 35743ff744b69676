/**
 * `npm run journeys:check [-- files...]`: checks the provider's API specs (`openapi/<cc>/`: an
 * operation id used twice in a country, a path served for two countries), journey files
 * (default: every file in journeys/) against their country's operations, the step screens of
 * their countries (schemas/steps/<cc>/) and their country files (countries/<cc>.json), and
 * prints one line per problem as `file:line:column pointer: words`. Exits 0 when all are sound,
 * 1 otherwise. `COUNTRY_PACKS` checks another pack's folder (scripts/countryPack.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { checkCountryFile } from '../src/engine/checkCountryFile';
import { checkJourneyCalls, checkWidgetCalls } from '../src/engine/checkCalls';
import { checkJourney } from '../src/engine/checkJourney';
import { checkReferenceSelects } from '../src/engine/checkReferenceSelects';
import { checkStepFile, type StepCheck } from '../src/engine/checkStepFile';
import { buildJourneyGraph } from '../src/engine/journeyGraph';
import { lintJourneyData } from '../src/engine/lintJourneyData';
import { lintJourneySteps } from '../src/engine/lintJourneySteps';
import { lintShellEvents } from '../src/engine/shellEvents';
import { formatProblem, locateProblems, type LocatedProblem } from '../src/engine/problem';
import { parseSourceText } from '../src/engine/sourceText';
import type { StepFile } from '../src/engine/stepFile';
import { countryActors, countryOperations, openapiRoots } from './countryActors';
import { apiSpecProblems } from '../src/sandbox/openapiSpecs';
import { packRoot } from './countryPack';
import { publishedKeysProblems } from './publishedKeysCheck';
import { handledEvents, journeyFiles } from './journeyFiles';

// Relative, as every file is named in the problem lines.
const root = relative(process.cwd(), packRoot()) || '.';
const STEPS = join(root, 'schemas/steps');
const COUNTRIES = join(root, 'countries');
const given = process.argv.slice(2);
const files = given.length > 0 ? given : journeyFiles(join(root, 'journeys'));
// The provider's operations come first: a journey's calls are checked against them.
const problems: LocatedProblem[] = openapiRoots().flatMap((specs) => [...apiSpecProblems(specs), ...publishedKeysProblems(specs)]);
const shown = (file: string) => relative(process.cwd(), file) || file;
const countriesChecked = new Set<string>();

/** A country's file, checked; its sidebar against the events its journey handles, when known. */
function checkCountry(code: string, events?: ReadonlySet<string>): boolean {
  const file = join(COUNTRIES, `${code}.json`);
  if (!existsSync(file)) return false;
  countriesChecked.add(code);
  problems.push(...checkCountryFile(shown(file), readFileSync(file, 'utf8'), code, events).problems);
  return true;
}

/** The sidebar's events of a country (its country file, `countries/<cc>.json`), when it has one. */
function menuEventsOf(country: string): string[] {
  const file = join(COUNTRIES, `${country.toLowerCase()}.json`);
  if (!existsSync(file)) return [];
  try {
    const sidebar = (JSON.parse(readFileSync(file, 'utf8')) as { sidebar?: Array<{ event?: unknown }> }).sidebar ?? [];
    return sidebar.map((entry) => entry.event).filter((e): e is string => typeof e === 'string');
  } catch {
    return []; // the country file's own check reports it
  }
}

/**
 * A country's reference data by name (the country file's `referenceData`), each file's rows as
 * read; a file that is missing or not JSON is the country file's problem, reported there.
 */
const references = new Map<string, Map<string, unknown>>();
function referenceDataOf(country: string): Map<string, unknown> {
  let found = references.get(country);
  if (found) return found;
  found = new Map();
  references.set(country, found);
  const file = join(COUNTRIES, `${country.toLowerCase()}.json`);
  let named: Record<string, unknown> = {};
  try {
    named = (JSON.parse(readFileSync(file, 'utf8')) as { referenceData?: Record<string, unknown> }).referenceData ?? {};
  } catch {
    return found; // no country file, or not JSON: its own check reports it
  }
  for (const [name, path] of Object.entries(named)) {
    if (typeof path !== 'string') continue;
    const problem = (message: string) => problems.push(...locateProblems(shown(file), parseSourceText(readFileSync(file, 'utf8')), [{ pointer: `/referenceData/${name}`, message }]));
    const data = join(root, path);
    if (!existsSync(data)) {
      problem(`${path} does not exist in the pack (${root})`);
      continue;
    }
    try {
      found.set(name, JSON.parse(readFileSync(data, 'utf8')));
    } catch (error) {
      problem(`${path} is not JSON: ${(error as Error).message}`);
    }
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
      if (check.step) {
        problems.push(...locateProblems(check.file, check.source, checkWidgetCalls(check.step, countryOperations(country), country)));
        problems.push(...locateProblems(check.file, check.source, checkReferenceSelects(check.step, referenceDataOf(country), country)));
      }
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
  const code = check.config.meta.country.toLowerCase();
  if (!countriesChecked.has(code) && !checkCountry(code, handledEvents(check.config))) {
    problems.push(
      ...locateProblems(check.file, check.source, [
        { pointer: '/meta/country', message: `no country file ${shown(join(COUNTRIES, `${code}.json`))}: the app cannot be built for ${code.toUpperCase()} without it (see schemas/country.schema.json)` },
      ]),
    );
  }
  const dir = join(STEPS, code);
  const checks = stepsOf(dir);
  const steps = new Map<string, StepFile | undefined>([...checks].map(([name, c]) => [name, c.step]));
  const graph = buildJourneyGraph(check.config);
  problems.push(...locateProblems(check.file, check.source, checkJourneyCalls(graph, countryOperations(check.config.meta.country))));
  const cross = lintJourneySteps(graph, steps, dir);
  // The country's provider operations: each call's answer gives the shape of what the journey keeps of it.
  const data = lintJourneyData(graph, steps, countryOperations(check.config.meta.country));
  // A sidebar event the journey handles nowhere is the country file's mistake, reported there once;
  // the ones it handles must be handled on every private step.
  const handled = handledEvents(check.config);
  const shell = lintShellEvents(graph, menuEventsOf(check.config.meta.country).filter((event) => handled.has(event)));
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
// So are country files without a journey.
if (given.length === 0 && existsSync(COUNTRIES)) {
  for (const name of readdirSync(COUNTRIES).filter((f) => f.endsWith('.json')).sort()) {
    if (!countriesChecked.has(basename(name, '.json'))) checkCountry(basename(name, '.json'));
  }
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
