import { suggestion } from '../pack/didYouMean';
import type { Problem } from './problem';

type Schema = Record<string, unknown>;

/** Each JSON Schema type in words, for messages. */
export const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  array: 'a list',
  object: 'an object',
  boolean: 'true or false',
  null: 'null',
};

const isObject = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** A lower or an upper bound of a number: the tighter of the inclusive and the exclusive one. */
interface Bound {
  key: string;
  value: number;
  exclusive: boolean;
}

function bound(s: Schema, inclusive: string, exclusive: string, tighter: (a: number, b: number) => boolean): Bound | undefined {
  const a = count(s[inclusive]);
  const b = count(s[exclusive]);
  if (a === undefined) return b === undefined ? undefined : { key: exclusive, value: b, exclusive: true };
  if (b === undefined || tighter(a, b)) return { key: inclusive, value: a, exclusive: false };
  return { key: exclusive, value: b, exclusive: true };
}

const lowerWords = (b: Bound) => `${b.exclusive ? 'more than' : 'at least'} ${b.value}`;
const upperWords = (b: Bound) => `${b.exclusive ? 'less than' : 'at most'} ${b.value}`;

/** The JSON Schema types a value has (a whole number is also a number). */
function typesOfValue(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

/** Why a value breaks a schema's own rules (its type, length, pattern, bounds), in words, or undefined when it keeps them. */
function breaks(value: unknown, s: Schema): string | undefined {
  const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type.filter((t): t is string => typeof t === 'string') : [];
  if (types.length > 0 && !typesOfValue(value).some((t) => types.includes(t))) return `is not ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`;
  if (typeof value === 'string') {
    const length = [...value].length;
    const max = count(s.maxLength);
    const min = count(s.minLength);
    if (max !== undefined && length > max) return `has more than ${max} characters (its maxLength)`;
    if (min !== undefined && length < min) return `has fewer than ${min} characters (its minLength)`;
    if (typeof s.pattern === 'string') {
      let pattern: RegExp | undefined;
      try {
        pattern = new RegExp(s.pattern, 'u');
      } catch {
        pattern = undefined; // an invalid pattern is reported as such
      }
      if (pattern && !pattern.test(value)) return `does not match its pattern ${s.pattern}`;
    }
  }
  if (typeof value === 'number') {
    const lower = bound(s, 'minimum', 'exclusiveMinimum', (a, b) => a > b);
    const upper = bound(s, 'maximum', 'exclusiveMaximum', (a, b) => a < b);
    if (lower && (value < lower.value || (lower.exclusive && value === lower.value))) return `is not ${lowerWords(lower)} (its ${lower.key})`;
    if (upper && (value > upper.value || (upper.exclusive && value === upper.value))) return `is not ${upperWords(upper)} (its ${upper.key})`;
  }
  return undefined;
}

/**
 * A schema (one field of a step, one piece of a journey's declared data) that no value can
 * satisfy, said where it is: a lower limit above its upper limit (`minLength` above `maxLength`,
 * `minimum` above `maximum` or not below an exclusive one, `minItems` above `maxItems`,
 * `minProperties` above `maxProperties`), a `const` its own rules refuse, a choice (`enum`, or
 * a `oneOf`/`anyOf` of `const`s) its own rules refuse, a required property the schema has no
 * place for. `whose`: the data it describes, in words (`the field "pin"`).
 *
 * @example unsatisfiableProblems({ type: 'string', minLength: 10, maxLength: 8 }, '/schema/properties/pin', 'the field "pin"')
 * // [{ pointer: '/schema/properties/pin/minLength', message: 'the field "pin" must have at least 10 characters and at most 8 (minLength above maxLength): no value can satisfy it' }]
 */
export function unsatisfiableProblems(s: Schema, at: string, whose: string): Problem[] {
  const problems: Problem[] = [];
  const none = ': no value can satisfy it';
  for (const [min, max, what] of [
    ['minLength', 'maxLength', 'characters'],
    ['minItems', 'maxItems', 'items'],
    ['minProperties', 'maxProperties', 'properties'],
  ] as const) {
    const lo = count(s[min]);
    const hi = count(s[max]);
    if (lo !== undefined && hi !== undefined && lo > hi) {
      problems.push({ pointer: `${at}/${min}`, message: `${whose} must have at least ${lo} ${what} and at most ${hi} (${min} above ${max})${none}` });
    }
  }

  const lower = bound(s, 'minimum', 'exclusiveMinimum', (a, b) => a > b);
  const upper = bound(s, 'maximum', 'exclusiveMaximum', (a, b) => a < b);
  if (lower && upper) {
    const words = `${lowerWords(lower)} and ${upperWords(upper)}`;
    if (lower.value > upper.value || (lower.value === upper.value && (lower.exclusive || upper.exclusive))) {
      const relation = lower.exclusive || upper.exclusive ? 'not below' : 'above';
      problems.push({ pointer: `${at}/${lower.key}`, message: `${whose} must be ${words} (${lower.key} ${relation} ${upper.key})${none}` });
    } else if (s.type === 'integer') {
      const first = lower.exclusive ? Math.floor(lower.value) + 1 : Math.ceil(lower.value);
      const last = upper.exclusive ? Math.ceil(upper.value) - 1 : Math.floor(upper.value);
      if (first > last) problems.push({ pointer: `${at}/${lower.key}`, message: `${whose} must be a whole number ${words}, and there is none${none}` });
    }
  }

  if ('const' in s) {
    const reason = breaks(s.const, s);
    if (reason) problems.push({ pointer: `${at}/const`, message: `${whose} can only be ${JSON.stringify(s.const)} (its const), which ${reason}${none}` });
  }
  const choices: Array<{ value: unknown; pointer: string }> = [];
  if (Array.isArray(s.enum)) s.enum.forEach((value, i) => choices.push({ value, pointer: `${at}/enum/${i}` }));
  for (const key of ['oneOf', 'anyOf']) {
    const branches = s[key];
    if (Array.isArray(branches)) branches.forEach((b, i) => isObject(b) && 'const' in b && choices.push({ value: b.const, pointer: `${at}/${key}/${i}/const` }));
  }
  for (const { value, pointer } of choices) {
    const reason = breaks(value, s);
    if (reason) problems.push({ pointer, message: `${whose} offers ${JSON.stringify(value)}, which ${reason}: that choice can never be valid` });
  }

  // A required property where the schema lists its properties (its contract), or allows none.
  if (Array.isArray(s.required) && (isObject(s.properties) || s.additionalProperties === false)) {
    const properties = Object.keys(isObject(s.properties) ? s.properties : {});
    s.required.forEach((name, i) => {
      if (!properties.includes(String(name))) {
        problems.push({ pointer: `${at}/required/${i}`, message: `required field "${String(name)}" is not among the properties${suggestion(String(name), properties)}` });
      }
    });
  }
  return problems;
}
