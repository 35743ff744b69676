/**
 * Everything `npm run journeys:check` checks in one run: the provider's specs of every pack, the
 * journey files given (or all of the pack's `journeys/`), their countries' step screens and
 * country files, and the step folders and country files no journey named. The command prints
 * what this returns; the studio runs the same checker (packChecker) on each save.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { openapiRoots } from '../openapi/countryActors';
import { apiSpecProblems } from '../openapi/apiSpecProblems';
import { journeyFiles } from '../pack/journeyFiles';
import { packChecker } from './packChecker';
import type { LocatedProblem } from './problem';
import { publishedKeysProblems } from './publishedKeysCheck';

export interface PacksCheck {
  problems: LocatedProblem[];
  /** The journey files checked. */
  journeys: number;
  /** The step files checked. */
  steps: number;
}

/** `root`: the packs' folder, relative to the working folder; `given`: journey files, or none for all of them. */
export function checkPacks(root: string, given: readonly string[] = []): PacksCheck {
  const files = given.length > 0 ? [...given] : journeyFiles(join(root, 'journeys'));
  const checker = packChecker(root);
  const { problems } = checker;
  // The provider's operations come first: a journey's calls are checked against them.
  problems.push(...openapiRoots().flatMap((specs) => [...apiSpecProblems(specs), ...publishedKeysProblems(specs)]));
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      problems.push({ file: relative(process.cwd(), file) || file, line: 1, column: 1, pointer: '', message: 'cannot read the file' });
      continue;
    }
    checker.checkJourneyText(file, text);
  }
  if (given.length === 0) checkTheRest(root, checker);
  const steps = [...checker.stepFolders.values()].reduce((n, m) => n + m.size, 0);
  return { problems, journeys: files.length, steps };
}

/** Step folders and country files of countries whose journey was not checked, each on its own. */
function checkTheRest(root: string, checker: ReturnType<typeof packChecker>): void {
  const stepsDir = join(root, 'schemas/steps');
  const countriesDir = join(root, 'countries');
  if (existsSync(stepsDir)) for (const country of readdirSync(stepsDir).sort()) checker.stepsOf(join(stepsDir, country));
  if (!existsSync(countriesDir)) return;
  for (const name of readdirSync(countriesDir).filter((f) => f.endsWith('.json')).sort()) {
    if (!checker.countriesChecked.has(basename(name, '.json'))) checker.checkCountry(basename(name, '.json'));
  }
}
