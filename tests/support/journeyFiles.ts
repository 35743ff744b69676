import { readFileSync } from 'node:fs';
import { checkJourney } from '../../src/engine/checkJourney';
import { compileJourney, type CompiledJourney } from '../../src/engine/compileJourney';
import { countryActors } from '../../scripts/countryActors';
import { formatProblem } from '../../src/engine/problem';

/** Reads, checks and compiles a journey file; a file with problems fails the test that loads it. */
export function loadJourney(file: string): CompiledJourney {
  const text = readFileSync(file, 'utf8');
  const { config, problems } = checkJourney(file, text, countryActors);
  if (!config || problems.length > 0) throw new Error(problems.map(formatProblem).join('\n'));
  return compileJourney(config, text);
}
