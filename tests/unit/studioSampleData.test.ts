import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JourneyConfig } from '../../src/pack/journeyTypes';
import type { StepFile } from '../../src/pack/stepFile';
import { createStepValidator } from '../../src/screens/stepValidator';
import { exampleJourneyData, formatSample, journeySamples, KEYWORD_FORMATS, sampleValue, textForPattern, type SampleOptions } from '../../src/studio/sampleData';
import { buildJourneyGraph } from '../../src/pack/journeyGraph';
import { computeProgress } from '../../src/runtime/progress';
import { formatRules, keywordFormats } from '../../src/validation/formats';
import type { ReferenceTables } from '../../src/validation/formatRule';
import { packPaths } from '../../src/pack/countryPack';
import { readReferenceTables } from '../../src/pack/referenceTables';

// The studio's step preview fills each screen with sample data (issue #15): values its own rules
// accept, the journey's examples first, so what a product owner sees is what an agent could send.

const TODAY = new Date();
/**
 * The reference data a rule reads (its `reads`), as the studio's server gives it a country's
 * (src/studio/server/panels/steps.ts): here the first country whose file declares every table it reads.
 */
const tablesFor = (format: string): ReferenceTables | undefined => {
  const reads = formatRules[format]?.reads;
  if (!reads) return undefined;
  return readdirSync('countries')
    .map((file) => readReferenceTables(packPaths(basename(file, '.json'), '.')))
    .find((tables) => reads.every((name) => Object.hasOwn(tables, name)));
};
/** The rules the studio's server checks candidates with (src/studio/server/panels/steps.ts). */
const OPTIONS: SampleOptions = { today: TODAY, formatOk: (format, value) => formatRules[format]?.test(value, TODAY, tablesFor(format)) ?? true, formatExample: (format) => formatRules[format]?.example };

/** Every pack in the repository: its journey and its step files by name. */
const packs = [
  ...readdirSync('journeys').map((file) => ({ root: '.', country: basename(file, '.json') })),
  { root: 'tests/fixtures/packs/zz', country: 'zz' },
].map(({ root, country }) => {
  const dir = join(root, 'schemas/steps', country);
  const steps = Object.fromEntries(readdirSync(dir).map((file) => [basename(file, '.json'), JSON.parse(readFileSync(join(dir, file), 'utf8')) as StepFile]));
  return { country, root, journey: JSON.parse(readFileSync(join(root, 'journeys', `${country}.json`), 'utf8')) as JourneyConfig, steps };
});

describe('sample data for the step preview', () => {
  it('has a value for every registered format, one its rule accepts', () => {
    for (const [format, rule] of Object.entries(formatRules)) {
      const sample = formatSample(format, OPTIONS);
      expect(sample, `no candidate in src/studio/sampleData.ts passes the rule of "${format}"`).toBeDefined();
      expect(rule.test(sample as string, TODAY, tablesFor(format)), `${format}: ${sample}`).toBe(true);
    }
    // A rule's own example comes first, and its rule accepts it.
    for (const [format, rule] of Object.entries(formatRules)) if (rule.example !== undefined) expect(formatSample(format, OPTIONS)).toBe(rule.example);
    expect(formatSample('digits', { ...OPTIONS, formatExample: () => '987' })).toBe('987');
    // Without the rules, the candidate the format's name suggests.
    expect(formatSample('person-name', { today: TODAY })).toBe('Ana Pérez');
    expect(formatSample('otp', { today: TODAY })).toBe('123456');
    expect(KEYWORD_FORMATS).toEqual(keywordFormats);
  });

  it('makes a text a pattern matches: first alternatives, first characters, least counts', () => {
    expect(textForPattern('^(19[0-9]{2}|200[0-9]|201[0-9])$')).toBe('1900');
    expect(textForPattern('^(0[1-9]|[12][0-9]|3[01])$')).toBe('01');
    expect(textForPattern('^[0-9]{13,30}$')).toBe('0000000000000');
    expect(textForPattern('^\\d+-[A-Z]?x*$')).toBe('1-');
    // What it cannot make is left to the caller (a negated class).
    expect(textForPattern('^[^a]$')).toBeUndefined();
  });

  it("takes the example, then the schema's const, examples, default and first choice, then the type", () => {
    const schema = {
      type: 'object',
      properties: {
        kind: { type: 'string', oneOf: [{ const: 'A' }, { const: 'B' }] },
        plan: { type: 'string', enum: ['x', 'y'] },
        months: { type: 'string', default: '12' },
        code: { type: 'string', examples: ['C-1'] },
        agreed: { type: 'boolean', const: true },
        count: { type: 'integer', minimum: 3 },
        name: { type: 'string', format: 'person-name', maxLength: 5 },
        files: { type: 'array', minItems: 1, items: { type: 'object', properties: { url: { type: 'string', minLength: 1 } } } },
        typed: { type: 'string' },
      },
    };
    expect(sampleValue(schema, { typed: 'given' }, OPTIONS)).toEqual({
      kind: 'A',
      plan: 'x',
      months: '12',
      code: 'C-1',
      agreed: true,
      count: 3,
      name: 'AnaPr',
      files: [{ url: 'Texto de ejemplo' }],
      typed: 'given',
    });
  });

  it("follows a conditional: the document's rule once its type is chosen", () => {
    const schema = {
      type: 'object',
      properties: { type: { type: 'string', default: 'ID' }, number: { type: 'string' } },
      if: { properties: { type: { const: 'ID' } }, required: ['type'] },
      then: { properties: { number: { format: 'otp' } } },
      else: { properties: { number: { maxLength: 3 } } },
    };
    expect(sampleValue(schema, undefined, OPTIONS)).toEqual({ type: 'ID', number: '123456' });
  });

  // The journeys' example dates (2026-12-01) passed on 2 December 2026, and every preview of a
  // visit's date was refused by its own rule.
  it('replaces an example its format now refuses (a date since past) by one the format accepts', () => {
    const sample = sampleValue({ type: 'string', format: 'date-not-past' }, '2020-01-01', OPTIONS);
    expect(sample).not.toBe('2020-01-01');
    expect(formatRules['date-not-past']?.test(String(sample), TODAY)).toBe(true);
    expect(sampleValue({ type: 'string', format: 'date-not-past' }, '2999-01-01', OPTIONS)).toBe('2999-01-01');
  });

  it.each(packs.map((pack) => [pack.country, pack] as const))('%s: every step with fields gets data its schema accepts', (_country, pack) => {
    // Bound to the country's reference data, for its rules that read some.
    const validator = createStepValidator(readReferenceTables(packPaths(pack.country, pack.root)));
    const { steps } = journeySamples(pack.journey, pack.steps, OPTIONS);
    const refused = steps.flatMap((step) => {
      const file = step.step ? pack.steps[step.step] : undefined;
      if (!file?.schema) return [];
      const { errors, validationError } = validator.rawValidation(file.schema, step.sample);
      if (validationError) return [`${step.stateId} (${file.step}): ${validationError.message}`];
      return (errors ?? []).map((error) => `${step.stateId} (${file.step}): ${JSON.stringify(error)}`);
    });
    expect(refused).toEqual([]);
    expect(steps.filter((step) => step.step && pack.steps[step.step]?.schema && !step.sample)).toEqual([]);
  });

  it("fills a step with its submit's example, and keeps it where the journey keeps the step's data", () => {
    const sv = packs.find((pack) => pack.country === 'sv');
    if (!sv) throw new Error('no journeys/sv.json');
    const { steps, journeyData } = journeySamples(sv.journey, sv.steps, OPTIONS);
    const client = steps.find((step) => step.step === 'clientInformation');
    expect(client).toMatchObject({ route: '/información-del-cliente', data: '/context/sale/client', title: 'Información del cliente' });
    expect(client?.sample).toEqual({ documentType: 'DUI', documentNumber: '046448482' });
    expect((journeyData.sale as { client?: unknown }).client).toEqual(client?.sample);
    // A provider's answer kept by the journey comes from its call's example (the seller signed in).
    expect(journeyData.seller).toBeDefined();
  });
  // Issue #37: the preview showed 'progress auto', the journey file's word, where the app shows 6/23.
  it.each(packs.map((pack) => [pack.country, pack] as const))('%s: gives each step its progress as the app numbers it (n/N), never "auto"', (_country, pack) => {
    const { steps } = journeySamples(pack.journey, pack.steps, OPTIONS);
    const graph = buildJourneyGraph(pack.journey);
    const shown = new Map([...computeProgress(graph)].map(([node, p]) => [node.id, `${p.n}/${p.of}`]));
    for (const step of steps) expect(step.progress).toBe(shown.get(step.stateId));
    expect(steps.filter((step) => step.progress !== undefined).every((step) => /^\d+\/\d+$/.test(step.progress ?? ''))).toBe(true);
  });

  it("fills the steps over the journey's data it is given (the provider's answers), not only the examples'", () => {
    const sv = packs.find((pack) => pack.country === 'sv');
    if (!sv) throw new Error('no journeys/sv.json');
    const examples = exampleJourneyData(sv.journey);
    const sale = examples.sale as Record<string, unknown>;
    const given = { ...examples, sale: { ...sale, coverage: { node: 'N-SS-CEN-01', nodeClass: '10', networkType: 'FTTH' } } };
    const { steps, journeyData } = journeySamples(sv.journey, sv.steps, OPTIONS, given);
    const success = steps.find((step) => step.step === 'coverageSuccess');
    expect(success?.sample).toEqual({ node: 'N-SS-CEN-01', nodeClass: '10', networkType: 'FTTH' });
    expect((journeyData.sale as { coverage?: unknown }).coverage).toEqual(success?.sample);
  });
});
