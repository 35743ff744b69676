import { buildJourneyGraph } from './journeyGraph';
import type { JourneyConfig } from './journeyTypes';
import { lintJourney } from './lintJourney';
import type { LocatedProblem, Problem } from './problem';
import { parseSourceText } from './sourceText';
import { validateJourneySchema } from './validateJourneySchema';

export interface JourneyCheck {
  file: string;
  config: JourneyConfig | undefined;
  problems: LocatedProblem[];
}

/**
 * Checks one journey file's text: JSON syntax, then the meta-schema, then lint. Each stage runs
 * only when the one before passed, so a problem is reported once, where it starts.
 */
export function checkJourney(file: string, text: string): JourneyCheck {
  const source = parseSourceText(text);
  if (source.syntaxErrors.length > 0) {
    return {
      file,
      config: undefined,
      problems: source.syntaxErrors.map((e) => ({ file, ...e.position, pointer: '', message: e.message })),
    };
  }
  const locate = (problems: Problem[]) =>
    problems
      .map(({ atName, pointer, message }) => ({ file, ...source.locate(pointer, { name: atName }), pointer, message }))
      .sort((a, b) => a.line - b.line || a.column - b.column);
  const schemaProblems = validateJourneySchema(source.value);
  if (schemaProblems.length > 0) return { file, config: undefined, problems: locate(schemaProblems) };
  const config = source.value as JourneyConfig;
  return { file, config, problems: locate(lintJourney(buildJourneyGraph(config))) };
}
