/**
 * What `npm run journeys:check` checks of a pack (scripts/journeysCheck.ts), as functions the
 * journey studio runs too (scripts/studio/): a journey file with its country's step screens,
 * country file and reference data, every problem located in its file. One checker reads each
 * step folder and country file once; make a new one to see edits to them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { checkCountryFile } from './checkCountryFile';
import { checkJourneyCalls, checkWidgetCalls } from './checkCalls';
import { checkJourney, type JourneyCheck } from './checkJourney';
import { checkReferenceSelects } from './checkReferenceSelects';
import { checkStepFile, type StepCheck } from './checkStepFile';
import { buildJourneyGraph } from '../pack/journeyGraph';
import { lintJourneyData } from './lintJourneyData';
import { lintJourneySteps } from './lintJourneySteps';
import { lintShellEvents } from './shellEvents';
import { locateProblems, type LocatedProblem } from './problem';
import { parseSourceText } from './sourceText';
import type { StepFile } from '../pack/stepFile';
import { countryActors, countryOperations } from '../openapi/countryActors';
import { handledEvents } from '../pack/journeyFiles';

export interface PackChecker {
  /** Every problem found so far, in the order found. */
  problems: LocatedProblem[];
  /** Checks a journey file's text and what it names (its country's steps and country file); its problems are added to `problems` and given back. */
  checkJourneyText: (file: string, text: string) => { check: JourneyCheck; problems: LocatedProblem[] };
  /** A country's step folder, checked once (`schemas/steps/<cc>`). */
  stepsOf: (dir: string) => Map<string, StepCheck>;
  /** A country's file, checked once; its sidebar against the events its journey handles, when known. */
  checkCountry: (code: string, events?: ReadonlySet<string>) => boolean;
  /** The countries whose country file was checked. */
  countriesChecked: Set<string>;
  stepFolders: Map<string, Map<string, StepCheck>>;
}

/** `root`: the pack folder (its countries/ and schemas/steps/); files are named relative to the working folder, as the problem lines show them. */
export function packChecker(root: string): PackChecker {
  const STEPS = join(root, 'schemas/steps');
  const COUNTRIES = join(root, 'countries');
  const problems: LocatedProblem[] = [];
  const shown = (file: string) => relative(process.cwd(), file) || file;
  const countriesChecked = new Set<string>();

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

  function checkJourneyText(file: string, text: string): { check: JourneyCheck; problems: LocatedProblem[] } {
    const from = problems.length;
    const check = checkJourney(shown(file), text, countryActors);
    problems.push(...check.problems);
    const found = () => ({ check, problems: problems.slice(from) });
    if (!check.config?.meta) return found();
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
    for (const list of [cross.steps, data.steps]) {
      for (const [name, stepProblems] of list) {
        const c = checks.get(name);
        if (c) problems.push(...locateProblems(c.file, c.source, stepProblems));
      }
    }
    return found();
  }

  return { problems, checkJourneyText, stepsOf, checkCountry, countriesChecked, stepFolders };
}
