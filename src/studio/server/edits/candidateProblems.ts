/**
 * An edit checked before it is written: the same checks journeys:check runs (packChecker) on the
 * country's journey with its step files, once as they are on disk and once with the edited text in
 * place of its file (in memory), and the problems the candidate has that the files did not. The
 * studio writes an edit only when there are none, so a product owner never leaves a broken file.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { packChecker } from '../../../checker/packChecker';
import type { LocatedProblem } from '../../../checker/problem';
import { packRoot } from '../../../pack/countryPack';
import { paths, stepsDir } from '../panels/packJourney';

/** The country's journey and step files checked, `texts` (by absolute path) read in place of files. */
function problemsWith(country: string, texts: ReadonlyMap<string, string>): LocatedProblem[] {
  const { journey } = paths(country);
  const checker = packChecker(packRoot(), { steps: stepsDir(), texts });
  return checker.checkJourneyText(journey, texts.get(journey) ?? readFileSync(journey, 'utf8')).problems;
}

// Lines move when a state moves or a rule is added: a problem is the same one at the same pointer with the same words.
const key = (p: LocatedProblem) => `${p.file}\u0000${p.pointer}\u0000${p.message}`;

/** The problems `text` in place of `file` would bring that the country's files do not have now. */
export function candidateProblems(country: string, file: string, text: string): LocatedProblem[] {
  const known = new Map<string, number>();
  for (const problem of problemsWith(country, new Map())) known.set(key(problem), (known.get(key(problem)) ?? 0) + 1);
  return problemsWith(country, new Map([[resolve(file), text]])).filter((problem) => {
    const left = known.get(key(problem)) ?? 0;
    known.set(key(problem), left - 1);
    return left <= 0;
  });
}
