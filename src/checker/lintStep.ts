import { formatRules } from '../validation/formats';
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

/**
 * What the step meta-schema cannot see: the file named after its step, formats and widgets the
 * project knows, limits that contradict a field's type (a maxLength on a boolean), patterns that
 * are not regular expressions, fields no value can satisfy (a minLength above the maxLength, a
 * const or choice the field's own rules refuse, a required field that does not exist: see
 * unsatisfiableSchema.ts).
 */
export function lintStep(step: StepFile, expectedName: string): Problem[] {
  const problems: Problem[] = [];
  if (step.step !== expectedName) {
    problems.push({ pointer: '/step', message: `the step is named "${step.step}" but its file "${expectedName}.json": name them alike` });
  }
  // Only the project's formats: precompiled validators call these rules and nothing else.
  const formats = Object.keys(formatRules);
  // A rule checked while typing is one of the project's too.
  eachUi(step.uiSchema, '/uiSchema', (u, at) => {
    const typing = (u['ui:options'] as { typing?: unknown } | undefined)?.typing;
    if (typeof typing === 'string' && !formats.includes(typing)) {
      problems.push({ pointer: `${at}/ui:options/typing`, message: `unknown format "${typing}"${suggestion(typing, formats)}` });
    }
  });
  eachSubschema(step.schema, '/schema', (s, at, path) => {
    const type = typeof s.type === 'string' ? s.type : undefined;
    if (typeof s.format === 'string' && !formats.includes(s.format)) {
      problems.push({ pointer: `${at}/format`, message: `unknown format "${s.format}"${suggestion(s.format, formats)}` });
    }
    if (type) {
      for (const [ownType, keywords] of Object.entries(KEYWORDS_OF_TYPE)) {
        if (ownType === type || (ownType === 'number' && type === 'integer') || (ownType === 'integer' && type === 'number')) continue;
        for (const keyword of keywords) {
          if (keyword in s && !(KEYWORDS_OF_TYPE[type] ?? []).includes(keyword)) {
            problems.push({
              pointer: `${at}/${keyword}`,
              message: `"${keyword}" applies to ${TYPE_WORDS[ownType]}, but this field is ${TYPE_WORDS[type] ?? type}`,
            });
          }
        }
      }
    }
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
  const widgets = Object.keys(widgetCatalogue);
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
    // A mask that follows another field reads that field's value: it must be one of the step's, and each masked value one it can take.
    const maskBy = options.maskBy as { field?: unknown; masks?: Record<string, unknown> } | undefined;
    if (maskBy && typeof maskBy.field === 'string') {
      const fields = (step.schema?.properties ?? {}) as Record<string, Schema>;
      const field = fields[maskBy.field];
      if (!field) {
        problems.push({ pointer: `${at}/ui:options/maskBy/field`, message: `the step has no field "${maskBy.field}"${suggestion(maskBy.field, Object.keys(fields))}` });
      } else {
        const values = choicesOf(field);
        for (const value of Object.keys(maskBy.masks ?? {})) {
          if (values && !values.includes(value)) {
            problems.push({ pointer: `${at}/ui:options/maskBy/masks${toPointer([value])}`, message: `"${maskBy.field}" is never "${value}"${suggestion(value, values)}` });
          }
        }
      }
    }
  });
  return problems;
}

/** The values a field can take when it lists them (`enum`, or `oneOf` of `const`s), as text. */
function choicesOf(field: Schema): string[] | undefined {
  if (Array.isArray(field.enum)) return field.enum.map(String);
  if (Array.isArray(field.oneOf) && field.oneOf.every((o) => o && typeof o === 'object' && 'const' in o)) return (field.oneOf as Array<{ const: unknown }>).map((o) => String(o.const));
  return undefined;
}
