import stepSchema from '../../schemas/step.schema.json' with { type: 'json' };
import { step as validate } from './generated/validators.js';
import { didYouMean } from '../pack/didYouMean';
import { escapeSegment, getAt, pointerSegments } from '../pack/jsonPointer';
import { lintStep } from './lintStep';
import { locateProblems, type LocatedProblem, type Problem } from './problem';
import { knownProperties, schemaProblems, type SchemaWords } from './schemaProblems';
import { parseSourceText, type SourceText } from './sourceText';
import type { StepFile } from '../pack/stepFile';
import { optionsOf, SCREEN } from '../pack/widgetCatalogue';

const vocabulary: SchemaWords = {
  propertyNames: knownProperties(stepSchema),
  patterns: [
    [/\/step\/pattern/, 'a step is named in camelCase, like "clientInformation"'],
    [/event/, 'event names are dotted words, like "step.submit"'],
    [/messages\/propertyNames/, 'messages are keyed by a pointer into the data, like "/documentNumber"'],
    [/inputPointer/, 'a pointer in a widget\'s call starts with "/form" (the step\'s fields) or "/context" (the journey\'s data)'],
    [/\/link\/properties\/href\//, 'a link goes to an https: address with its host, like "https://www.example.gt/agencias" (http:, javascript:, data: and relative addresses are refused)'],
    [/\/link\/properties\/track\//, 'a link\'s track name is one camelCase word, like "branchLocations"'],
  ],
};

export interface StepCheck {
  file: string;
  step: StepFile | undefined;
  source: SourceText;
  problems: LocatedProblem[];
}

/**
 * Checks one step file's text: JSON syntax, `schemas/step.schema.json`, then what the schema
 * cannot see (see lintStep). `name` is the step's name from the file name.
 */
export function checkStepFile(file: string, name: string, text: string): StepCheck {
  const source = parseSourceText(text);
  if (source.syntaxErrors.length > 0) {
    return { file, step: undefined, source, problems: source.syntaxErrors.map((e) => ({ file, ...e.position, pointer: e.pointer ?? '', message: e.message })) };
  }
  if (!validate(source.value)) {
    const problems = schemaProblems(validate.errors ?? [], vocabulary).map((p) => inWidgetWords(p, source.value));
    return { file, step: undefined, source, problems: locateProblems(file, source, problems) };
  }
  const step = source.value as StepFile;
  return { file, step, source, problems: locateProblems(file, source, lintStep(step, name)) };
}

/** Keys older step files used that now have another name. */
const RENAMED: Record<string, string> = { onChange: 'sends', onSelect: 'sends' };

/**
 * An unknown `ui:options` key said in the widget's terms: which widget does not take it, the
 * closest of its own options (not of every widget's), or the list of them.
 */
function inWidgetWords(problem: Problem, file: unknown): Problem {
  const segments = pointerSegments(problem.pointer);
  const key = segments.at(-1);
  if (segments[0] !== 'uiSchema' || segments.at(-2) !== 'ui:options' || key === undefined || !problem.message.startsWith('unknown property')) return problem;
  const ui = getAt(file, `/${segments.slice(0, -2).map(escapeSegment).join('/')}`) as Record<string, unknown> | undefined;
  const root = segments.length === 3;
  const widget = typeof ui?.['ui:widget'] === 'string' ? ui['ui:widget'] : root ? SCREEN : 'text';
  const options = optionsOf(widget);
  if (!options) return problem;
  const whose = widget === SCREEN ? 'the screen (a uiSchema root with no widget)' : `the ${widget} widget`;
  const best = RENAMED[key] !== undefined && options.includes(RENAMED[key]) ? RENAMED[key] : didYouMean(key, options);
  const tail = best ? `; did you mean "${best}"?` : options.length > 0 ? ` (it takes ${options.map((o) => `"${o}"`).join(', ')})` : ' (it takes none)';
  return { ...problem, message: `"${key}" is not an option of ${whose}${tail}` };
}
