import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { errorMessage } from '../validation/errorMessage';
import { fieldMessages } from './fieldMessages';
import { ajvFormats, formatFunctions, formatMessages, keywordFormats } from '../validation/formats';
import type { ReferenceTables } from '../validation/formatRule';
import { keywordDefinitions } from '../validation/keywords';

/** The ajv options every step validator is built with, at run time here and precompiled for the browser. */
export const stepValidatorOptions = {
  customFormats: ajvFormats,
  ajvOptionsOverrides: { keywords: keywordDefinitions },
};

/**
 * An rjsf validator that knows the project's formats and keywords. In Node (tests, scripts)
 * it compiles schemas at run time; the browser gets precompiled ones (`npm run steps:compile`).
 * `tables`: the reference data of the country whose data it checks (`readReferenceTables`,
 * src/pack/referenceTables.ts), given to the rules that read some; without them such a rule
 * throws when a value reaches it.
 *
 * @example createStepValidator(readReferenceTables(packPaths(country)))
 */
export function createStepValidator(tables?: ReferenceTables) {
  return customizeValidator(tables ? { ...stepValidatorOptions, customFormats: formatFunctions(tables) } : stepValidatorOptions);
}

/**
 * Which of a field's errors to show: a missing value before a wrong type, a malformed value
 * (not a date at all) before a rule about it (not 18 yet), and limits in between.
 */
function errorRank(keyword: string, params: Record<string, unknown>): number {
  if (keyword === 'required') return 0;
  if (keyword === 'type') return 1;
  if (keyword === 'format') return Object.values(keywordFormats).includes(String(params.format)) ? 4 : 2;
  // The three parts of a date together: after each part's own rules.
  if (keyword === 'dateWith') return 4;
  return 3;
}

/** A field that failed, at a JSON Pointer into the step's data, with its Spanish message. */
export interface StepDataProblem {
  pointer: string;
  message: string;
}

/**
 * Checks a step's data against its schema and says, per field, what is wrong in Spanish,
 * using the step's own messages where it gives them.
 *
 * @example validateStepData(step, { cliEmail: 'ana@correo' }) // [{ pointer: '/cliEmail', message: 'El correo electrónico no es válido' }]
 */
export function validateStepData(
  step: { schema?: object; messages?: Record<string, Record<string, string>> },
  data: unknown,
  validator: Pick<ValidatorType, 'rawValidation'> = createStepValidator(),
): StepDataProblem[] {
  if (!step.schema) return [];
  const { errors, validationError } = validator.rawValidation(step.schema as RJSFSchema, data);
  // rjsf hands back what the validator threw (a schema it cannot compile, a rule not given its country's tables): never a pass.
  if (validationError) throw validationError;
  // One message per field: the most basic rule it breaks (see errorRank).
  const best = new Map<string, { rank: number; message: string }>();
  for (const error of (errors ?? []) as Array<{ keyword: string; params?: unknown; instancePath: string }>) {
    // Combinators, conditionals and the project's macro keywords repeat a field's own error.
    if (['if', 'anyOf', 'oneOf', 'allOf', 'not', ...Object.keys(keywordFormats)].includes(error.keyword)) continue;
    const params = (error.params ?? {}) as Record<string, unknown>;
    const pointer = error.keyword === 'required' ? `${error.instancePath}/${String(params.missingProperty)}` : error.instancePath;
    const rank = errorRank(error.keyword, params);
    const seen = best.get(pointer);
    if (!seen || rank < seen.rank) best.set(pointer, { rank, message: errorMessage({ keyword: error.keyword, params }, formatMessages, fieldMessages(step.messages, pointer)) });
  }
  return [...best].map(([pointer, { message }]) => ({ pointer, message }));
}
