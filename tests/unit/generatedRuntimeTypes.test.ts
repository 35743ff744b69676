import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNTIME_TYPES, runtimeTypesSources } from '../../src/build/runtimeTypes';
import { patternType, typeWriter } from '../../src/build/schemaTypes';

describe('src/runtime/generated/', () => {
  // Edit the shell's events in the meta-schema, or a guard's or action's params, and forget
  // `npm run validators:build`: this says so (and tsc, where the engine reads what changed).
  it('is what the generator writes from schemas/journey.schema.json and the guard and action params', () => {
    const sources = runtimeTypesSources();
    for (const [file, text] of Object.entries(sources)) expect(readFileSync(file, 'utf8'), file).toBe(text);
    expect(readdirSync(RUNTIME_TYPES).sort()).toEqual(Object.keys(sources).map((file) => basename(file)).sort());
  });

  it('types each shell event the meta-schema declares, the menu as a family', () => {
    const shellEvents = runtimeTypesSources()[`${RUNTIME_TYPES}/shellEvents.ts`];
    expect(shellEvents).toContain("| { type: 'session.unauthorized' }");
    expect(shellEvents).toContain("| { type: 'app.redirect' }");
    expect(shellEvents).toContain('| { type: `menu.${string}` }');
  });
});

describe('schema types', () => {
  it('give a pattern its literal start, never more than the pattern holds', () => {
    expect(patternType('^menu\\.[a-zA-Z][a-zA-Z0-9]*$')).toBe('`menu.${string}`');
    expect(patternType('^/context(/|$)')).toBe('`/context${string}`');
    expect(patternType('^/(context|event)(/|$)')).toBe('`/${string}`');
    expect(patternType('^ab?c')).toBe('`a${string}`');
    expect(patternType('^a|b$')).toBe('string');
    expect(patternType('[a-z]+')).toBe('string');
    expect(patternType('^app\\.redirect$')).toBe("'app.redirect'");
  });

  it('type objects by their properties, refs and named types by what they stand for', () => {
    const writer = typeWriter({ refs: { guardRef: { name: 'NamedRef', from: '../pack' } }, named: { InputMap: { name: 'InputMap', from: '../terms' } } });
    const schema = {
      type: 'object',
      required: ['to'],
      additionalProperties: false,
      properties: { to: { type: 'string' }, of: { type: 'array', items: { $ref: 'guardRef' } }, map: { type: 'object', tsType: 'InputMap' }, any: {} },
      oneOf: [{ required: ['of'] }, { required: ['map'] }],
    };
    expect(writer.typeOf(schema)).toBe('{ to: string; of?: NamedRef[]; map?: InputMap; any?: unknown }');
    expect(writer.imports()).toEqual(["import type { NamedRef } from '../pack';", "import type { InputMap } from '../terms';"]);
    expect(writer.typeOf({ anyOf: [{ const: 'a' }, { type: ['number', 'null'] }] })).toBe("'a' | number | null");
    expect(writer.typeOf({ type: 'object', additionalProperties: { type: 'boolean' } })).toBe('{ [key: string]: boolean }');
  });

  it('stop at what they cannot say rather than leave it out', () => {
    const writer = typeWriter();
    expect(() => writer.typeOf({ $ref: 'elsewhere' })).toThrow(/\$ref "elsewhere"/);
    expect(() => writer.typeOf({ tsType: 'Unknown' })).toThrow(/tsType "Unknown"/);
    expect(() => writer.typeOf({ not: { type: 'string' } })).toThrow(/not/);
  });
});
