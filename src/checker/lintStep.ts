import { formatRules } from '../validation/formats';
import { copiesProblems } from './lintStepCopies';
import { groupProblems } from './lintStepGroups';
import { suggestion } from '../pack/didYouMean';
import { eachSubschema } from './eachSubschema';
import { toPointer } from '../pack/jsonPointer';
import type { Problem } from './problem';
import type { StepFile } from '../pack/stepFile';
import { TYPE_WORDS, unsatisfiableProblems } from './unsatisfiableSchema';
import { widgetCatalogue } from '../pack/widgetCatalogue';

/** Which JSON Schema keywords make sense for which type: a limit on another type contradicts it. */
const KEYWORDS_OF_TYPE: Record<string, string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'adult', 'notFuture'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'minItems', 'maxItems', 'uniqueItems'],
  object: ['properties', 'required', 'additionalProperties'],
};
KEYWORDS_OF_TYPE.integer = KEYWORDS_OF_TYPE.number as string[];

type Schema = Record<string, unknown>;

/** Walks every uiSchema object with its pointer. */
function eachUi(ui: unknown, pointer: string, visit: (u: Schema, at: string) => void): void {
  if (!ui || typeof ui !== 'object' || Array.isArray(ui)) return;
  visit(ui as Schema, pointer);
  for (const [key, child] of Object.entries(ui as Schema)) {
    if (!key.startsWith('ui:')) eachUi(child, `${pointer}${toPointer([key])}`, visit);
  }
}

/** A rule checked while typing (`ui:options.typing`) is one of the project's formats too. */
function typingProblems(step: StepFile, formats: string[]): Problem[] {
  const problems: Problem[] = [];
  eachUi(step.uiSchema, '/uiSchema', (u, at) => {
    const typing = (u['ui:options'] as { typing?: unknown } | undefined)?.typing;
    if (typeof typing === 'string' && !formats.includes(typing)) {
      problems.push({ pointer: `${at}/ui:options/typing`, message: `unknown format "${typing}"${suggestion(typing, formats)}` });
    }
  });
  return problems;
}

/** Limits of another type than the field's own (a maxLength on a boolean): each contradicts it. */
function keywordTypeProblems(s: Schema, at: string): Problem[] {
  const type = typeof s.type === 'string' ? s.type : undefined;
  if (!type) return [];
  const problems: Problem[] = [];
  for (const [ownType, keywords] of Object.entries(KEYWORDS_OF_TYPE)) {
    if (ownType === type || (ownType === 'number' && type === 'integer') || (ownType === 'integer' && type === 'number')) continue;
    for (const keyword of keywords) {
      if (keyword in s && !(KEYWORDS_OF_TYPE[type] ?? []).includes(keyword)) {
        problems.push({ pointer: `${at}/${keyword}`, message: `"${keyword}" applies to ${TYPE_WORDS[ownType]}, but this field is ${TYPE_WORDS[type] ?? type}` });
      }
    }
  }
  return problems;
}

/** Each field's schema: a known format, limits of its own type, a pattern that compiles, rules some value can keep. */
function fieldProblems(step: StepFile, formats: string[]): Problem[] {
  const problems: Problem[] = [];
  eachSubschema(step.schema, '/schema', (s, at, path) => {
    if (typeof s.format === 'string' && !formats.includes(s.format)) {
      problems.push({ pointer: `${at}/format`, message: `unknown format "${s.format}"${suggestion(s.format, formats)}` });
    }
    problems.push(...keywordTypeProblems(s, at));
    if (typeof s.pattern === 'string') {
      try {
        new RegExp(s.pattern, 'u');
      } catch {
        problems.push({ pointer: `${at}/pattern`, message: 'the pattern is not a valid regular expression' });
      }
    }
    // Limits no value can keep, choices the field's own rules refuse, required fields that do not exist.
    problems.push(...unsatisfiableProblems(s, at, path.length === 0 ? "the step's data" : `the field "${path.join('/')}"`));
  });
  return problems;
}

/** A mask that follows another field reads that field's value: it must be one of the step's, and each masked value one it can take. */
function maskByProblems(step: StepFile, options: Schema, at: string): Problem[] {
  const maskBy = options.maskBy as { field?: unknown; masks?: Record<string, unknown> } | undefined;
  if (!maskBy || typeof maskBy.field !== 'string') return [];
  const fields = (step.schema?.properties ?? {}) as Record<string, Schema>;
  const field = fields[maskBy.field];
  if (!field) return [{ pointer: `${at}/ui:options/maskBy/field`, message: `the step has no field "${maskBy.field}"${suggestion(maskBy.field, Object.keys(fields))}` }];
  const values = choicesOf(field);
  const problems: Problem[] = [];
  for (const value of Object.keys(maskBy.masks ?? {})) {
    if (values && !values.includes(value)) {
      problems.push({ pointer: `${at}/ui:options/maskBy/masks${toPointer([value])}`, message: `"${maskBy.field}" is never "${value}"${suggestion(value, values)}` });
    }
  }
  return problems;
}

/** Each uiSchema entry: a known widget, a lock with something to keep, a mask that follows a field the step has. */
function widgetProblems(step: StepFile): Problem[] {
  const widgets = Object.keys(widgetCatalogue);
  const problems: Problem[] = [];
  eachUi(step.uiSchema, '/uiSchema', (u, at) => {
    const widget = u['ui:widget'];
    if (typeof widget === 'string' && !widgets.includes(widget)) {
      problems.push({ pointer: `${at}/ui:widget`, message: `unknown widget "${widget}"${suggestion(widget, widgets)}` });
    }
    const options = (u['ui:options'] ?? {}) as Schema;
    // A lock keeps what the journey filled in: with nothing filled in there is nothing to keep.
    if (options.lock === true && options.from === undefined) {
      problems.push({ pointer: `${at}/ui:options/lock`, message: 'a locked field needs "from": the journey\'s value it starts with' });
    }
    problems.push(...maskByProblems(step, options, at));
  });
  return problems;
}

/**
 * What the step meta-schema cannot see: the file named after its step, formats and widgets the
 * project knows, limits that contradict a field's type (a maxLength on a boolean), patterns that
 * are not regular expressions, fields no value can satisfy (a minLength above the maxLength, a
 * const or choice the field's own rules refuse, a required field that does not exist: see
 * unsatisfiableSchema.ts), groups on what is not a list of objects and copies into fields the
 * step lacks (lintStepGroups.ts, lintStepCopies.ts).
 */
export function lintStep(step: StepFile, expectedName: string): Problem[] {
  const named: Problem[] = step.step === expectedName ? [] : [{ pointer: '/step', message: `the step is named "${step.step}" but its file "${expectedName}.json": name them alike` }];
  // Only the project's formats: precompiled validators call these rules and nothing else.
  const formats = Object.keys(formatRules);
  return [...named, ...typingProblems(step, formats), ...fieldProblems(step, formats), ...widgetProblems(step), ...groupProblems(step), ...copiesProblems(step)];
}

/** The values a field can take when it lists them (`enum`, or `oneOf` of `const`s), as text. */
function choicesOf(field: Schema): string[] | undefined {
  if (Array.isArray(field.enum)) return field.enum.map(String);
  if (Array.isArray(field.oneOf) && field.oneOf.every((o) => o && typeof o === 'object' && 'const' in o)) return (field.oneOf as Array<{ const: unknown }>).map((o) => String(o.const));
  return undefined;
}
