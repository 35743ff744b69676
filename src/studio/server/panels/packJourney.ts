/**
 * A country's journey and step files as the studio panels read them: from the country's pack
 * (src/pack/countryPack.ts: `COUNTRY_PACKS` moves it as it moves the build), checked as
 * journeys:check does, and never ending the process: a journey being edited may be broken, and
 * the studio keeps running while the product owner fixes it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { checkJourney } from '../../../checker/checkJourney';
import { compileJourney, type CompiledJourney } from '../../../runtime/compileJourney';
import type { JourneyConfig } from '../../../pack/journeyTypes';
import { formatProblem } from '../../../checker/problem';
import type { StepFile } from '../../../pack/stepFile';
import { countryActors } from '../../../openapi/countryActors';
import { packRoot } from '../../../pack/countryPack';

/** Why a panel cannot answer: said to the product owner as it is. */
export class PanelError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    /** More for the page than words: an edit's refusal gives its located problems (src/studio/editApi.ts). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A country code as the routes take it (`sv`), refused when it is not one. */
export function countryCode(value: string | null | undefined): string {
  const cc = (value ?? '').trim().toLowerCase();
  if (!/^[a-z]{2}$/.test(cc)) throw new PanelError(`"${value ?? ''}" is not a country code (two letters, like the journey file's name)`);
  return cc;
}

/** A journey's text checked: its config, or its problems when it is not a journey at all; `problems` also lists an edit's faults. */
export function checkedJourney(file: string, text: string): { config: JourneyConfig | undefined; problems: string[] } {
  const { config, problems } = checkJourney(file, text, countryActors);
  return { config, problems: problems.map(formatProblem) };
}

/**
 * The journeys folder the panels read: the one the studio shows (`STUDIO_JOURNEYS`, or the
 * pack's `journeys/`, as src/studio/server/studioPlugin.ts reads it), unless the routes are given one.
 */
let journeysFolder: string | undefined;
export function setJourneysDir(dir: string | undefined): void {
  journeysFolder = dir;
}
export const journeysDir = () => resolve(journeysFolder ?? process.env.STUDIO_JOURNEYS ?? join(packRoot(), 'journeys'));

/**
 * The step screens' folder the studio shows and edits (`<cc>/<step>.json`): `STUDIO_STEPS`, else
 * the pack's `schemas/steps` (tests point it at a copy, as `STUDIO_JOURNEYS` at the journeys').
 */
export function studioStepsDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.STUDIO_STEPS ?? join(packRoot(env), 'schemas', 'steps'));
}
let stepsFolder: string | undefined;
export function setStepsDir(dir: string | undefined): void {
  stepsFolder = dir;
}
export const stepsDir = () => (stepsFolder ? resolve(stepsFolder) : studioStepsDir());

/** Where a country's journey and step files are, refused when it has no journey. */
export function paths(country: string): { journey: string; steps: string } {
  const journey = join(journeysDir(), `${country}.json`);
  if (!existsSync(journey)) throw new PanelError(`no journey for ${country}: ${journey} does not exist`, 404);
  return { journey, steps: join(stepsDir(), country) };
}

/** The country's journey file, read now (the product owner may have saved it a moment ago). */
export function journeyText(country: string): { file: string; text: string } {
  const { journey } = paths(country);
  return { file: journey, text: readFileSync(journey, 'utf8') };
}

/** The country's step files, by step name. */
export function stepFilesOf(country: string): Record<string, StepFile> {
  const { steps } = paths(country);
  if (!existsSync(steps)) return {};
  return Object.fromEntries(
    readdirSync(steps)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [basename(file, '.json'), JSON.parse(readFileSync(join(steps, file), 'utf8')) as StepFile]),
  );
}

/** The country's journey as it is now, or why it cannot be used (not a journey at all). */
export function journeyConfigOf(country: string): JourneyConfig {
  const { file, text } = journeyText(country);
  const { config, problems } = checkedJourney(file, text);
  if (!config) throw new PanelError(`the journey is not a journey yet:\n${problems.join('\n')}`, 422);
  return config;
}

// One compiled journey per text: compiling and exploring paths costs a second or two, and the
// list and every replay of one version share it.
const compiled = new Map<string, CompiledJourney>();

/**
 * The country's journey compiled, as journeys:paths and journeys:replay load it; refused with its
 * problems when journeys:check would refuse it (paths of a broken journey would mislead).
 */
export function compiledJourneyOf(country: string): CompiledJourney {
  const { file, text } = journeyText(country);
  const key = `${country}\u0000${text}`;
  const known = compiled.get(key);
  if (known) return known;
  const { config, problems } = checkedJourney(file, text);
  if (!config || problems.length > 0) throw new PanelError(`the journey has problems (npm run journeys:check); fix them to list and replay its paths:\n${problems.join('\n')}`, 422);
  const journey = compileJourney(config, text);
  for (const old of compiled.keys()) if (old.startsWith(`${country}\u0000`)) compiled.delete(old);
  compiled.set(key, journey);
  return journey;
}
