import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { escapeSegment } from '../../src/pack/jsonPointer';
import { loadOperations, type Operation } from '../../src/openapi/operations';
import { countryCodes } from '../../src/openapi/specFiles';

/**
 * Every string a request carries has a bound in its country's spec (issue 31): a path, query or
 * header parameter, a JSON body's property at any depth, an array's items. A bound is an `enum`,
 * a `const`, a `format` (date, date-time, email, uuid...), a `pattern` or a `maxLength`: without
 * one the sandbox takes a string of any length and shape (a 43-letter document number, "banana"
 * for a date). Multipart file parts (`format: binary`) are files, bounded by the body's limit.
 */

type Json = Record<string, unknown>;

const ROOT = fileURLToPath(new URL('../../openapi/', import.meta.url));
const PACK = fileURLToPath(new URL('../fixtures/packs/zz/openapi/', import.meta.url));
const COUNTRIES: ReadonlyArray<readonly [string, string]> = [
  ...countryCodes(ROOT).map((cc) => [cc, join(ROOT, cc)] as const),
  ...countryCodes(PACK).map((cc) => [cc, join(PACK, cc)] as const),
];

const BOUNDS = ['enum', 'const', 'format', 'pattern', 'maxLength'] as const;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A schema's own bound, or one of the `allOf` parts it is made of. */
function bounded(schema: Json): boolean {
  if (BOUNDS.some((key) => key in schema)) return true;
  return Array.isArray(schema.allOf) && schema.allOf.some((part) => isObject(part) && bounded(part));
}

function isString(schema: Json): boolean {
  const type = schema.type;
  return type === 'string' || (Array.isArray(type) && type.includes('string'));
}

/** The JSON Pointers (from the request's root) of the unbounded strings under one schema. */
function unbounded(schema: unknown, pointer: string, seen = new Set<unknown>()): string[] {
  if (!isObject(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const found: string[] = [];
  if (isString(schema) && !bounded(schema)) found.push(pointer);
  if (isObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      found.push(...unbounded(property, `${pointer}/properties/${escapeSegment(name)}`, seen));
    }
  }
  if (isObject(schema.additionalProperties)) found.push(...unbounded(schema.additionalProperties, `${pointer}/additionalProperties`, seen));
  if (isObject(schema.items)) found.push(...unbounded(schema.items, `${pointer}/items`, seen));
  if (Array.isArray(schema.prefixItems)) schema.prefixItems.forEach((item, i) => found.push(...unbounded(item, `${pointer}/prefixItems/${i}`, seen)));
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts)) parts.forEach((part, i) => found.push(...unbounded(part, `${pointer}/${key}/${i}`, seen)));
  }
  return found;
}

/** The unbounded strings of one operation's request: its parameters and its JSON body. */
function requestProblems(operation: Operation): string[] {
  const found: string[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'cookie') continue;
    found.push(...unbounded(parameter.schema, `/parameters/${parameter.in}/${escapeSegment(parameter.name)}/schema`));
  }
  if (operation.body && operation.body.mediaType.includes('json')) {
    found.push(...unbounded(operation.body.schema, '/requestBody/schema'));
  }
  if (operation.body && operation.body.mediaType.startsWith('multipart/')) {
    // The form's fields are strings too; its file parts (format: binary) carry a format.
    found.push(...unbounded(operation.body.schema, '/requestBody/schema'));
  }
  return found;
}

describe('every request string has a bound (issue 31)', () => {
  it('finds the countries: sv, hn, cr, gt, ni, py and the test pack zz', () => {
    expect(COUNTRIES.map(([cc]) => cc).sort()).toEqual(['cr', 'gt', 'hn', 'ni', 'py', 'sv', 'zz']);
  });

  it.each(COUNTRIES)('%s: each string of each request has enum, const, format, pattern or maxLength', (cc, dir) => {
    const problems = loadOperations(dir).flatMap((operation) =>
      requestProblems(operation).map((pointer) => `${cc} ${operation.operationId} ${pointer}`),
    );
    expect(problems, `unbounded request strings:\n${problems.join('\n')}`).toEqual([]);
  });
});
