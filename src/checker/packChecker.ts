/**
 * What `npm run journeys:check` checks of a pack (scripts/journeysCheck.ts), as functions the
 * journey studio runs too (scripts/studio/): a journey file with its country's step screens,
 * country file and reference data, every problem located in its file. One checker reads each
 * step folder and country file once; make a new one to see edits to them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { checkCountryFile } from './checkCountryFile';
import { checkJourneyCalls, checkWidgetCalls } from './checkCalls';
import { checkJourney, type JourneyCheck } from './checkJourney';
import { checkReferenceSelects } from './checkReferenceSelects';
import { checkRuleTables } from './checkRuleTables';
import { checkStepFile, type StepCheck } from './checkStepFile';
import { buildJourneyGraph } from '../pack/journeyGraph';
import { lintJourneyData } from './lintJourneyData';
import { lintJourneySteps } from './lintJourneySteps';
import { lintShellEvents } from './shellEvents';
import { lintUnsentEvents } from './lintUnsentEvents';
import { locateProblems, type LocatedProblem } from './problem';
import { parseSourceText } from './sourceText';
import type { StepFile } from '../pack/stepFile';
import type { JourneyConfig } from '../pack/journeyTypes';
import { countryActors, countryOperations } from '../openapi/countryActors';
import { handledEvents } from '../pack/journeyFiles';
import { lintSubmitExamples } from './lintSubmitExamples';

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

/** What one checker keeps between its checks: where the pack is, what it found, what it read. */
interface Pack {
  root: string;
  steps: string;
  countries: string;
  problems: LocatedProblem[];
  countriesChecked: Set<string>;
  /** A country's reference data by name, read once. */
  references: Map<string, Map<string, unknown>>;
  stepFolders: Map<string, Map<string, StepCheck>>;
  /** Step files' texts to check in place of what is on disk, by absolute path (PackCheckerOptions). */
  texts: ReadonlyMap<string, string>;
}

/** Where a checker reads step files from, when not the pack's own files on disk. */
export interface PackCheckerOptions {
  /** The folder of the step screens (`<cc>/<step>.json`), when not the pack's `schemas/steps` (the studio's copy). */
  steps?: string;
  /** Step files' texts by absolute path, checked in place of the files: the studio checks an edit before it writes it. */
  texts?: ReadonlyMap<string, string>;
}

/** A file's name as the problem lines show it: relative to the working folder. */
const shown = (file: string) => relative(process.cwd(), file) || file;

function checkCountry(pack: Pack, code: string, events?: ReadonlySet<string>): boolean {
  const file = join(pack.countries, `${code}.json`);
  if (!existsSync(file)) return false;
  pack.countriesChecked.add(code);
  pack.problems.push(...checkCountryFile(shown(file), readFileSync(file, 'utf8'), code, events).problems);
  return true;
}

/** The sidebar's events of a country (its country file, `countries/<cc>.json`), when it has one. */
function menuEventsOf(pack: Pack, country: string): string[] | undefined {
  const file = join(pack.countries, `${country.toLowerCase()}.json`);
  if (!existsSync(file)) return undefined;
  try {
    const sidebar = (JSON.parse(readFileSync(file, 'utf8')) as { sidebar?: Array<{ event?: unknown }> }).sidebar ?? [];
    return sidebar.map((entry) => entry.event).filter((e): e is string => typeof e === 'string');
  } catch {
    return undefined; // the country file's own check reports it
  }
}

/** Reads one reference file the country file names into `found`; one missing or not JSON is reported at its name there. */
function readReference(pack: Pack, countryFile: string, name: string, path: string, found: Map<string, unknown>): void {
  const problem = (message: string) => pack.problems.push(...locateProblems(shown(countryFile), parseSourceText(readFileSync(countryFile, 'utf8')), [{ pointer: `/referenceData/${name}`, message }]));
  const data = join(pack.root, path);
  if (!existsSync(data)) {
    problem(`${path} does not exist in the pack (${pack.root})`);
    return;
  }
  try {
    found.set(name, JSON.parse(readFileSync(data, 'utf8')));
  } catch (error) {
    problem(`${path} is not JSON: ${(error as Error).message}`);
  }
}

/**
 * A country's reference data by name (the country file's `referenceData`), each file's rows as
 * read; a file that is missing or not JSON is the country file's problem, reported there.
 */
function referenceDataOf(pack: Pack, country: string): Map<string, unknown> {
  let found = pack.references.get(country);
  if (found) return found;
  found = new Map();
  pack.references.set(country, found);
  const file = join(pack.countries, `${country.toLowerCase()}.json`);
  let named: Record<string, unknown> = {};
  try {
    named = (JSON.parse(readFileSync(file, 'utf8')) as { referenceData?: Record<string, unknown> }).referenceData ?? {};
  } catch {
    return found; // no country file, or not JSON: its own check reports it
  }
  for (const [name, path] of Object.entries(named)) if (typeof path === 'string') readReference(pack, file, name, path, found);
  return found;
}

/** One step file of a country's folder: the file itself, then its widgets' calls, reference selects and the reference data its rules read. */
function checkStepIn(pack: Pack, dir: string, name: string): StepCheck {
  const file = join(dir, name);
  const check = checkStepFile(file, basename(name, '.json'), pack.texts.get(resolve(file)) ?? readFileSync(file, 'utf8'));
  pack.problems.push(...check.problems);
  // Widgets that call the provider are checked like the journey's calls.
  const country = basename(dir).toUpperCase();
  if (check.step) {
    pack.problems.push(...locateProblems(check.file, check.source, checkWidgetCalls(check.step, countryOperations(country), country)));
    pack.problems.push(...locateProblems(check.file, check.source, checkReferenceSelects(check.step, referenceDataOf(pack, country), country)));
    pack.problems.push(...locateProblems(check.file, check.source, checkRuleTables(check.step, referenceDataOf(pack, country), country)));
  }
  return check;
}

function stepsOf(pack: Pack, dir: string): Map<string, StepCheck> {
  let checks = pack.stepFolders.get(dir);
  if (!checks) {
    checks = new Map();
    for (const name of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : []) checks.set(basename(name, '.json'), checkStepIn(pack, dir, name));
    pack.stepFolders.set(dir, checks);
  }
  return checks;
}

/**
 * What a journey that passed its own checks is checked for against its country's step files and
 * provider: its calls, its steps, its data, the shell's events. The journey's problems are added
 * to the pack's, and each step file's at that file.
 */
function checkAgainstCountry(pack: Pack, check: JourneyCheck, config: JourneyConfig, country: string): void {
  const dir = join(pack.steps, country.toLowerCase());
  const checks = stepsOf(pack, dir);
  const steps = new Map<string, StepFile | undefined>([...checks].map(([name, c]) => [name, c.step]));
  const graph = buildJourneyGraph(config);
  pack.problems.push(...locateProblems(check.file, check.source, checkJourneyCalls(graph, countryOperations(country))));
  const cross = lintJourneySteps(graph, steps, dir);
  // The country's provider operations: each call's answer gives the shape of what the journey keeps of it.
  const data = lintJourneyData(graph, steps, countryOperations(country));
  // A sidebar event the journey handles nowhere is the country file's mistake, reported there once;
  // the ones it handles must be handled on every private step.
  const handled = handledEvents(config);
  const menuEvents = menuEventsOf(pack, country);
  const shell = lintShellEvents(graph, (menuEvents ?? []).filter((event) => handled.has(event)));
  // An agent's event no screen, sidebar entry or link sends, and the app does not either (not
  // judged without a readable country file: its sidebar is unknown, and that file is reported).
  const unsent = menuEvents ? lintUnsentEvents(graph, steps, menuEvents) : [];
  pack.problems.push(...locateProblems(check.file, check.source, [...cross.journey, ...lintSubmitExamples(graph, steps), ...data.journey, ...shell, ...unsent]));
  for (const list of [cross.steps, data.steps]) {
    for (const [name, stepProblems] of list) {
      const c = checks.get(name);
      if (c) pack.problems.push(...locateProblems(c.file, c.source, stepProblems));
    }
  }
}

function checkJourneyText(pack: Pack, file: string, text: string): { check: JourneyCheck; problems: LocatedProblem[] } {
  const from = pack.problems.length;
  const check = checkJourney(shown(file), text, countryActors);
  pack.problems.push(...check.problems);
  const found = () => ({ check, problems: pack.problems.slice(from) });
  const config = check.config;
  if (!config?.meta) return found();
  const code = config.meta.country.toLowerCase();
  if (!pack.countriesChecked.has(code) && !checkCountry(pack, code, handledEvents(config))) {
    pack.problems.push(
      ...locateProblems(check.file, check.source, [
        { pointer: '/meta/country', message: `no country file ${shown(join(pack.countries, `${code}.json`))}: the app cannot be built for ${code.toUpperCase()} without it (see schemas/country.schema.json)` },
      ]),
    );
  }
  checkAgainstCountry(pack, check, config, config.meta.country);
  return found();
}

/** `root`: the pack folder (its countries/ and schemas/steps/); files are named relative to the working folder, as the problem lines show them. */
export function packChecker(root: string, options: PackCheckerOptions = {}): PackChecker {
  const pack: Pack = {
    root,
    steps: options.steps ?? join(root, 'schemas/steps'),
    texts: options.texts ?? new Map(),
    countries: join(root, 'countries'),
    problems: [],
    countriesChecked: new Set(),
    references: new Map(),
    stepFolders: new Map(),
  };
  return {
    problems: pack.problems,
    checkJourneyText: (file, text) => checkJourneyText(pack, file, text),
    stepsOf: (dir) => stepsOf(pack, dir),
    checkCountry: (code, events) => checkCountry(pack, code, events),
    countriesChecked: pack.countriesChecked,
    stepFolders: pack.stepFolders,
  };
}
