import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import schemaUri from '../../src/screens/rjsf/schemaUri';

// The browser build gives rjsf src/screens/rjsf/schemaUri.ts where it imports fast-uri
// (vite.config.ts): for what rjsf asks of it, it must answer as fast-uri does.

describe('the stand-in for fast-uri', () => {
  it.each([
    // What rjsf asks when it makes a root schema's references absolute: `#` is the base of a schema without `$id`.
    ['#', '#/definitions/address'],
    ['#', '#'],
    ['https://field-sales.example/schemas/step.json', '#/$defs/x'],
    ['https://field-sales.example/schemas/step.json#/a', '#/$defs/x'],
    ['https://field-sales.example/schemas/step.json', 'other.json'],
    ['https://field-sales.example/schemas/step.json', 'other.json#/$defs/x'],
    ['https://field-sales.example/schemas/step.json', '../common/address.json'],
    ['https://field-sales.example/schemas/step.json', 'https://other.example/x.json'],
    ['https://Field-Sales.EXAMPLE/a/b.json', 'c.json'],
  ])('resolves against %j the reference %j as fast-uri does', (base, reference) => {
    expect(schemaUri.resolve(base, reference)).toBe(fastUri.resolve(base, reference));
  });

  it.each([
    ['https://field-sales.example/a.json', 'https://field-sales.example/a.json', true],
    ['https://FIELD-SALES.example/a.json', 'https://field-sales.example/a.json', true],
    ['https://field-sales.example/a.json', 'https://field-sales.example/b.json', false],
    ['address', 'address', true],
    ['address', 'contract', false],
  ])('compares %j and %j as fast-uri does', (a, b, same) => {
    expect(schemaUri.equal(a, b)).toBe(same);
    expect(fastUri.equal(a, b)).toBe(same);
  });
});
