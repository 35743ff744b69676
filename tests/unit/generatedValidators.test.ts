import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED, validatorsSource, validatorsTypes } from '../../src/build/buildValidators';

describe('src/checker/generated/validators.js', () => {
  // Edit the meta-schema or a guard's params and forget `npm run validators:build`: this says so.
  it('is up to date with schemas/journey.schema.json and the guard and action params', () => {
    expect(readFileSync(GENERATED, 'utf8')).toBe(validatorsSource());
    expect(readFileSync(GENERATED.replace(/\.js$/, '.d.ts'), 'utf8')).toBe(validatorsTypes());
  });
});
