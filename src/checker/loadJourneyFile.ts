import { readFileSync } from 'node:fs';
import { checkJourney } from './checkJourney';
import { compileJourney, type CompiledJourney } from '../runtime/compileJourney';
import type { JourneyConfig } from '../pack/journeyTypes';
import { countryActors } from '../openapi/countryActors';
import { formatProblem } from './problem';

/**
 * Reads and checks a journey file, or exits with its problems listed. `lenient`: a journey that
 * journeys:check would fault (an edit in progress) is still given; one that is no journey at all
 * (bad JSON, not the meta-schema's shape) never is.
 */
export function readJourneyFile(file: string, { lenient = false } = {}): { config: JourneyConfig; text: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    console.error(`${file}: no such journey`);
    process.exit(2);
  }
  const { config, problems } = checkJourney(file, text, countryActors);
  if (!config || (problems.length > 0 && !lenient)) {
    for (const p of problems) console.error(formatProblem(p));
    process.exit(1);
  }
  return { config, text };
}

/** Reads, checks and compiles a journey file, or exits with its problems listed. */
export function loadJourneyFile(file: string): CompiledJourney {
  const { config, text } = readJourneyFile(file);
  return compileJourney(config, text);
}
