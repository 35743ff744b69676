import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkJourney } from '../../src/checker/checkJourney';
import { compileJourney, type CompiledJourney } from '../../src/runtime/compileJourney';
import { countryActors } from '../../src/openapi/countryActors';
import { formatProblem } from '../../src/checker/problem';

/**
 * Where the tests read `journeys/<cc>.json` from: the repository's, or `JOURNEYS_DIR` when set
 * (a product owner's edited copy, run against the same tests: tests/journeys/reorder.test.ts).
 */
export const journeyFile = (file: string) => (process.env.JOURNEYS_DIR && file.startsWith('journeys/') ? join(process.env.JOURNEYS_DIR, file.slice('journeys/'.length)) : file);

/** Reads, checks and compiles a journey file; a file with problems fails the test that loads it. */
export function loadJourney(file: string): CompiledJourney {
  file = journeyFile(file);
  const text = readFileSync(file, 'utf8');
  const { config, problems } = checkJourney(file, text, countryActors);
  if (!config || problems.length > 0) throw new Error(problems.map(formatProblem).join('\n'));
  return compileJourney(config, text);
}
