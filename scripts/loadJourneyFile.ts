import { readFileSync } from 'node:fs';
import { checkJourney } from '../src/engine/checkJourney';
import { compileJourney, type CompiledJourney } from '../src/engine/compileJourney';
import { countryActors } from './countryActors';
import { formatProblem } from '../src/engine/problem';

/** Reads, checks and compiles a journey file, or exits with its problems listed. */
export function loadJourneyFile(file: string): CompiledJourney {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    console.error(`${file}: no such journey`);
    process.exit(2);
  }
  const { config, problems } = checkJourney(file, text, countryActors);
  if (!config || problems.length > 0) {
    for (const p of problems) console.error(formatProblem(p));
    process.exit(1);
  }
  return compileJourney(config, text);
}
