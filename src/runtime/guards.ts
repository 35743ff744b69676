import { editDistance } from '../validation/editDistance';
import type { JsonObject, NamedRef } from '../pack/journeyTypes';
import type { GuardParams } from './generated/guardParams';
import { readScope, type Scope } from './scope';

export type GuardName = keyof GuardParams;

/**
 * A guard a journey can name: its parameters (as JSON Schema) and its test, given params that
 * schema holds (typed from it: generated/guardParams.ts, by `npm run validators:build`).
 */
export interface GuardSpec<P> {
  description: string;
  params: JsonObject;
  test: (scope: Scope, params: P) => boolean;
}

type GuardTable = { [K in GuardName]: GuardSpec<GuardParams[K]> };

const pointer = { type: 'string', pattern: '^/(context|event)(/|$)' };
const guardRef = { $ref: 'guardRef' };

/**
 * A value counts as present unless it is undefined, null, an empty string, list or object (the
 * `exists` guard; a step's button with `unless` shows while it is not, so the two agree).
 */
export function present(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return typeof value !== 'object' || Object.keys(value).length > 0;
}

/**
 * A guard's test on the params a journey gives it (none: `{}`). journeys:check has held them to
 * the guard's params schema (its generated `guard_<name>` validator) before the journey runs, so
 * they are what GuardParams says.
 */
function testNamed<K extends GuardName>(name: K, scope: Scope, params: JsonObject): boolean {
  return table[name].test(scope, params as GuardParams[K]);
}

const isGuardName = (name: string): name is GuardName => Object.hasOwn(table, name);

/** Tests the guard a journey names, with its params; a name that is no guard throws. */
export function testGuard(name: string, scope: Scope, params: JsonObject = {}): boolean {
  if (!isGuardName(name)) throw new Error(`unknown guard "${name}"`);
  return testNamed(name, scope, params);
}

/** Evaluates a guard reference against the registry (used by `all`, `any` and `not`). */
export function evaluateGuard(ref: NamedRef, scope: Scope): boolean {
  return typeof ref === 'string' ? testGuard(ref, scope) : testGuard(ref.type, scope, ref.params);
}

/**
 * The generic guards every journey can use. They read data by JSON Pointer, so a rule that is
 * only a comparison stays data in the journey file; a rule that is real code gets a named guard.
 */
const table: GuardTable = {
  equals: {
    description: 'the value at `at` equals `value`, or the value at `from` (a read document number against the one typed); strings compared ignoring case with `ignoreCase`',
    params: {
      type: 'object',
      required: ['at'],
      additionalProperties: false,
      properties: { at: pointer, value: {}, from: pointer, ignoreCase: { type: 'boolean' } },
      oneOf: [{ required: ['value'] }, { required: ['from'] }],
    },
    test: (scope, { at, value: literal, from, ignoreCase }) => {
      const actual = readScope(scope, at);
      // Two missing values are not equal: a document read as nothing never matches one typed as nothing.
      const value = from !== undefined ? readScope(scope, from) : literal;
      if (from !== undefined && (actual === undefined || value === undefined)) return false;
      if (ignoreCase === true && typeof actual === 'string' && typeof value === 'string') {
        return actual.localeCompare(value, 'es', { sensitivity: 'accent' }) === 0;
      }
      return JSON.stringify(actual) === JSON.stringify(value);
    },
  },
  exists: {
    description: 'the value at `at` is present (not missing, null, empty text, an empty list or object)',
    params: { type: 'object', required: ['at'], additionalProperties: false, properties: { at: pointer } },
    test: (scope, { at }) => present(readScope(scope, at)),
  },
  matches: {
    description: 'the value at `at`, as text, matches the regular expression `pattern`',
    params: {
      type: 'object',
      required: ['at', 'pattern'],
      additionalProperties: false,
      properties: { at: pointer, pattern: { type: 'string', minLength: 1 } },
    },
    test: (scope, { at, pattern }) => {
      const value = readScope(scope, at);
      return present(value) && new RegExp(pattern, 'u').test(String(value));
    },
  },
  atLeast: {
    description: 'the number at `at` (0 when missing) is at least `value`',
    params: {
      type: 'object',
      required: ['at', 'value'],
      additionalProperties: false,
      properties: { at: pointer, value: { type: 'number' } },
    },
    test: (scope, { at, value }) => Number(readScope(scope, at) ?? 0) >= value,
  },
  withinEditDistance: {
    description: 'the texts at `a` and `b` are both present and at most `max` edits apart',
    params: {
      type: 'object',
      required: ['a', 'b', 'max'],
      additionalProperties: false,
      properties: { a: pointer, b: pointer, max: { type: 'integer', minimum: 0 } },
    },
    test: (scope, { a, b, max }) => {
      const left = readScope(scope, a);
      const right = readScope(scope, b);
      if (!present(left) || !present(right)) return false;
      return editDistance(String(left), String(right)) <= max;
    },
  },
  all: {
    description: 'every guard in `of` passes',
    params: {
      type: 'object',
      required: ['of'],
      additionalProperties: false,
      properties: { of: { type: 'array', minItems: 1, items: guardRef } },
    },
    test: (scope, { of }) => of.every((g) => evaluateGuard(g, scope)),
  },
  any: {
    description: 'at least one guard in `of` passes',
    params: {
      type: 'object',
      required: ['of'],
      additionalProperties: false,
      properties: { of: { type: 'array', minItems: 1, items: guardRef } },
    },
    test: (scope, { of }) => of.some((g) => evaluateGuard(g, scope)),
  },
  not: {
    description: 'the guard in `guard` fails',
    params: { type: 'object', required: ['guard'], additionalProperties: false, properties: { guard: guardRef } },
    test: (scope, { guard }) => !evaluateGuard(guard, scope),
  },
};

/** The guards a journey can name, by name: each one's description and params schema (what journeys:check reads). */
export const guards: GuardTable & { readonly [name: string]: Pick<GuardSpec<unknown>, 'description' | 'params'> } = table;

/** Guards nested in `all`, `any` and `not`, so that lint can check them too. */
export function nestedGuards(params: Record<string, unknown> | undefined): NamedRef[] {
  if (!params) return [];
  const inner: NamedRef[] = [];
  if (Array.isArray(params.of)) inner.push(...(params.of as NamedRef[]));
  if (params.guard !== undefined) inner.push(params.guard as NamedRef);
  return inner;
}
