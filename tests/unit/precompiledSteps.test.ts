import { readdirSync, readFileSync } from 'node:fs';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { createStepValidator, validateStepData } from '../../src/screens/stepValidator';
import { packPaths } from '../../src/pack/countryPack';
import { readReferenceTables } from '../../src/pack/referenceTables';
import { stepValidators as hnValidators } from '../../src/screens/generated/steps/hn/index.js';
import { stepValidators as svValidators } from '../../src/screens/generated/steps/sv/index.js';

// The browser validates with the code `npm run steps:compile` generates (tests/globalSetup.ts
// runs it): it must say exactly what the run-time validator says.
type Step = { step: string; schema?: object; messages?: Record<string, Record<string, string>> };
const stepsOf = (country: string) =>
  readdirSync(`schemas/steps/${country}`)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(`schemas/steps/${country}/${f}`, 'utf8')) as Step)
    .filter((s) => s.schema);
const countries = [
  ['sv', svValidators],
  ['hn', hnValidators],
] as const;

/** Values that break most rules at once: empty, too long, wrong format. */
const bad = { text: 'x'.repeat(60), digits: '12', date: '31/02/2020' };
function badData(schema: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries((schema as { properties?: Record<string, { type?: string; format?: string }> }).properties ?? {})) {
    if (field.type === 'string') out[name] = field.format === 'date-dmy' ? bad.date : field.format ? bad.digits : bad.text;
    if (field.type === 'boolean') out[name] = false;
    if (field.type === 'number' || field.type === 'integer') out[name] = -5;
  }
  return out;
}

describe.each(countries)('precompiled step validators (%s)', (country, stepValidators) => {
  const steps = stepsOf(country);
  // Bound to the country's reference data, as its precompiled validators are (its rules that read some).
  const runTime = createStepValidator(readReferenceTables(packPaths(country, '.')));

  it('exist for every step that collects data', () => {
    expect(Object.keys(stepValidators).sort()).toEqual(steps.map((s) => s.step).sort());
  });

  it.each(steps.map((s) => [s.step, s] as const))('%s: the precompiled code reports what the run-time validator does', async (name, step) => {
    const load = stepValidators[name];
    expect(load).toBeDefined();
    if (!load) return;
    const precompiled = createPrecompiledValidator((await load()).default, step.schema as never);
    for (const data of [{}, badData(step.schema as object)]) {
      const expected = validateStepData(step, data, runTime);
      expect(validateStepData(step, data, precompiled)).toEqual(expected);
    }
    // An empty form is refused wherever a field is required (the add-ons are all optional).
    expect(validateStepData(step, {}, runTime).length > 0).toBe(((step.schema as { required?: string[] }).required ?? []).length > 0);
  });
});
