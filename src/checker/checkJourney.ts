import { buildJourneyGraph } from '../pack/journeyGraph';
import type { JourneyConfig } from '../pack/journeyTypes';
import { lintJourney } from './lintJourney';
import { locateProblems, type LocatedProblem, type Problem } from './problem';
import { parseSourceText, type SourceText } from './sourceText';
import { validateJourneySchema } from './validateJourneySchema';

export interface JourneyCheck {
  file: string;
  config: JourneyConfig | undefined;
  source: SourceText;
  problems: LocatedProblem[];
}

/**
 * Checks one journey file's text: JSON syntax, then the meta-schema, then lint. Each stage runs
 * only when the one before passed, so a problem is reported once, where it starts.
 * `actorsOf(country)`: the actors a journey of that country may invoke (the scripts read its
 * provider operations: `countryActors` in src/openapi/countryActors.ts).
 */
export function checkJourney(file: string, text: string, actorsOf: (country: string) => readonly string[]): JourneyCheck {
  const source = parseSourceText(text);
  if (source.syntaxErrors.length > 0) {
    return {
      file,
      config: undefined,
      source,
      problems: source.syntaxErrors.map((e) => ({ file, ...e.position, pointer: e.pointer ?? '', message: e.message })),
    };
  }
  const locate = (problems: Problem[]) => locateProblems(file, source, problems);
  const schemaProblems = validateJourneySchema(source.value);
  if (schemaProblems.length > 0) return { file, config: undefined, source, problems: locate(schemaProblems) };
  const config = source.value as JourneyConfig;
  return { file, config, source, problems: locate(lintJourney(buildJourneyGraph(config), actorsOf(config.meta?.country ?? ''))) };
}
