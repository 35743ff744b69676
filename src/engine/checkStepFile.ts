import stepSchema from '../../schemas/step.schema.json' with { type: 'json' };
import { step as validate } from './generated/validators.js';
import { lintStep } from './lintStep';
import { locateProblems, type LocatedProblem } from './problem';
import { knownProperties, schemaProblems, type SchemaWords } from './schemaProblems';
import { parseSourceText, type SourceText } from './sourceText';
import type { StepFile } from './stepFile';

const vocabulary: SchemaWords = {
  propertyNames: knownProperties(stepSchema),
  patterns: [
    [/\/step\/pattern/, 'a step is named in camelCase, like "clientInformation"'],
    [/event/, 'event names are dotted words, like "step.submit"'],
    [/messages\/propertyNames/, 'messages are keyed by a pointer into the data, like "/documentNumber"'],
    [/inputPointer/, 'a pointer in a widget\'s call starts with "/form" (the step\'s fields) or "/context" (the journey\'s data)'],
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
    return { file, step: undefined, source, problems: source.syntaxErrors.map((e) => ({ file, ...e.position, pointer: '', message: e.message })) };
  }
  if (!validate(source.value)) {
    return { file, step: undefined, source, problems: locateProblems(file, source, schemaProblems(validate.errors ?? [], vocabulary)) };
  }
  const step = source.value as StepFile;
  return { file, step, source, problems: locateProblems(file, source, lintStep(step, name)) };
}
