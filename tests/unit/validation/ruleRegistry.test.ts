import { describe, expect, it } from 'vitest';
import { stepValidatorModule } from '../../../src/build/compileSteps';
import { formatRules, formatsNamed, ruleSources } from '../../../src/validation/formats';

// A build imports each rule from the module the registry names (src/build/compileSteps.ts), so the
// registry must say truly where each rule is, and a validator must import only what it calls.

describe('the registry of validation rules', () => {
  it.each(Object.entries(ruleSources))('finds format %s where it says: %o', async (format, { module, name }) => {
    // A rule module is `<folder>/<file>` (rules/digits, countries/sv): the bundler's dynamic imports take one variable a segment.
    const [folder, file] = module.split('/');
    const exports = (await import(`../../../src/validation/${folder}/${file}.ts`)) as Record<string, unknown>;
    expect(exports[name]).toBe(formatRules[format]);
  });

  it('names every format a schema uses, at any depth, and the formats its keywords stand for', () => {
    const schema = {
      properties: {
        born: { type: 'string', format: 'date-dmy', adult: true },
        client: { type: 'object', properties: { document: { type: 'string', format: 'dui' } } },
        phones: { type: 'array', items: { type: 'string', format: 'phone-sv' } },
        format: { type: 'string' },
      },
      if: { properties: { kind: { const: 'x' } } },
      then: { properties: { issued: { type: 'string', format: 'date-dmy', notFuture: true } } },
    };
    expect([...formatsNamed(schema)].sort()).toEqual(['adult-birth-date', 'date-dmy', 'dui', 'past-date', 'phone-sv']);
  });
});

describe('a precompiled step validator', () => {
  it('imports the rules its schema names and no other', () => {
    const code = stepValidatorModule({ type: 'object', properties: { pin: { type: 'string', format: 'digits' }, born: { type: 'string', format: 'date-dmy', adult: true } } });
    const imported = [...code.matchAll(/^import \{ ([^}]+) \} from '\.\.\/\.\.\/\.\.\/\.\.\/validation\/([\w/]+)';$/gm)].map((m) => `${m[2]}: ${m[1]}`);
    expect(imported).toEqual(['rules/adult: adult', 'rules/dateDmy: dateDmy', 'rules/digits: digits']);
    expect(code).not.toMatch(/validation\/(formats|countries\/\w+)'/);
  });
});
