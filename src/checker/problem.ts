import type { SourceText } from './sourceText';

/** Something wrong in a journey file, at a JSON Pointer, in words a product owner understands. */
export interface Problem {
  pointer: string;
  message: string;
  /** Place the problem at the property's name, not its value (an unknown property). */
  atName?: boolean;
}

/** A problem placed in its file: what `journeys:check` prints as `file:line:column pointer: message`. */
export interface LocatedProblem extends Omit<Problem, 'atName'> {
  file: string;
  line: number;
  column: number;
}

export function formatProblem(p: LocatedProblem): string {
  return `${p.file}:${p.line}:${p.column} ${p.pointer || '/'}: ${p.message}`;
}

/** Places problems of one file at their line and column, in file order. */
export function locateProblems(file: string, source: SourceText, problems: Problem[]): LocatedProblem[] {
  return problems
    .map(({ atName, pointer, message }) => ({ file, ...source.locate(pointer, { name: atName }), pointer, message }))
    .sort((a, b) => a.line - b.line || a.column - b.column);
}
