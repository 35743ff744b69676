import { describe, expect, it } from 'vitest';
import { unsatisfiableProblems } from '../../src/checker/unsatisfiableSchema';

// Fields no value can satisfy (issue 30, point 10): a step's field with a minLength above its
// maxLength passed journeys:check, and no agent could ever send the step.

const lint = (schema: Record<string, unknown>) => unsatisfiableProblems(schema, '/f', 'the field "f"').map((p) => `${p.pointer}: ${p.message}`);

describe('unsatisfiableProblems: fields no value can satisfy', () => {
  it.each<[string, Record<string, unknown>]>([
    ['equal length limits', { type: 'string', minLength: 4, maxLength: 4 }],
    ['equal inclusive bounds', { type: 'number', minimum: 5, maximum: 5 }],
    ['an exclusive lower bound below the upper one', { type: 'number', exclusiveMinimum: 0, maximum: 0.5 }],
    ['a whole number between exclusive bounds two apart', { type: 'integer', exclusiveMinimum: 1, exclusiveMaximum: 3 }],
    ['the tighter of two lower bounds below the upper one', { type: 'number', minimum: 1, exclusiveMinimum: 2, maximum: 3 }],
    ['equal item and property counts', { minItems: 2, maxItems: 2, minProperties: 1, maxProperties: 1 }],
    ['a const its rules keep', { type: 'boolean', const: true }],
    ['choices its rules keep', { type: 'string', pattern: '^[A-Z]+$', maxLength: 4, enum: ['DUI', 'CRES'] }],
    ['consts of oneOf its rules keep', { type: 'integer', minimum: 0, oneOf: [{ const: 0 }, { const: 24 }] }],
    ['a required property it lists', { type: 'object', required: ['a'], properties: { a: {} } }],
    ['a required property where it lists none (any may be there)', { type: 'object', required: ['a'] }],
    ['an invalid pattern (reported as such elsewhere)', { type: 'string', pattern: '(', const: 'x' }],
  ])('passes %s', (_, schema) => {
    expect(lint(schema)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['minLength above maxLength', { type: 'string', minLength: 10, maxLength: 8 }, ['/f/minLength: the field "f" must have at least 10 characters and at most 8 (minLength above maxLength): no value can satisfy it']],
    ['minimum above maximum', { type: 'number', minimum: 10, maximum: 5 }, ['/f/minimum: the field "f" must be at least 10 and at most 5 (minimum above maximum): no value can satisfy it']],
    ['exclusiveMinimum not below exclusiveMaximum', { type: 'number', exclusiveMinimum: 5, exclusiveMaximum: 5 }, ['/f/exclusiveMinimum: the field "f" must be more than 5 and less than 5 (exclusiveMinimum not below exclusiveMaximum): no value can satisfy it']],
    ['minimum not below exclusiveMaximum', { type: 'number', minimum: 5, exclusiveMaximum: 5 }, ['/f/minimum: the field "f" must be at least 5 and less than 5 (minimum not below exclusiveMaximum): no value can satisfy it']],
    ['no whole number between the bounds', { type: 'integer', exclusiveMinimum: 1, exclusiveMaximum: 2 }, ['/f/exclusiveMinimum: the field "f" must be a whole number more than 1 and less than 2, and there is none: no value can satisfy it']],
    ['minItems above maxItems', { type: 'array', minItems: 3, maxItems: 2 }, ['/f/minItems: the field "f" must have at least 3 items and at most 2 (minItems above maxItems): no value can satisfy it']],
    ['minProperties above maxProperties', { type: 'object', minProperties: 2, maxProperties: 1 }, ['/f/minProperties: the field "f" must have at least 2 properties and at most 1 (minProperties above maxProperties): no value can satisfy it']],
    ['a const of another type', { type: 'boolean', const: 'true' }, ['/f/const: the field "f" can only be "true" (its const), which is not true or false: no value can satisfy it']],
    ['a const its pattern refuses', { type: 'string', pattern: '^[0-9]+$', const: 'A1' }, ['/f/const: the field "f" can only be "A1" (its const), which does not match its pattern ^[0-9]+$: no value can satisfy it']],
    ['a const shorter than its minLength', { type: 'string', minLength: 3, const: 'AB' }, ['/f/const: the field "f" can only be "AB" (its const), which has fewer than 3 characters (its minLength): no value can satisfy it']],
    ['an enum value longer than its maxLength', { type: 'string', maxLength: 4, enum: ['DUI', 'PASAPORTE'] }, ['/f/enum/1: the field "f" offers "PASAPORTE", which has more than 4 characters (its maxLength): that choice can never be valid']],
    ['a oneOf const out of its bounds', { type: 'integer', maximum: 18, oneOf: [{ const: 12 }, { const: 24 }] }, ['/f/oneOf/1/const: the field "f" offers 24, which is not at most 18 (its maximum): that choice can never be valid']],
    ['an anyOf const of another type', { type: 'integer', anyOf: [{ const: 1.5 }] }, ['/f/anyOf/0/const: the field "f" offers 1.5, which is not a whole number: that choice can never be valid']],
    ['a required property it does not list', { type: 'object', required: ['nmae'], properties: { name: {} } }, ['/f/required/0: required field "nmae" is not among the properties; did you mean "name"?']],
    ['a required property where none is allowed', { type: 'object', required: ['a'], additionalProperties: false }, ['/f/required/0: required field "a" is not among the properties']],
  ])('reports %s', (_, schema, expected) => {
    expect(lint(schema)).toEqual(expected);
  });
});
