import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSteps, OUTPUT_DIR, stepValidatorModule } from '../../../src/build/compileSteps';
import { packChecker } from '../../../src/checker/packChecker';
import { formatProblem } from '../../../src/checker/problem';
import { packPaths } from '../../../src/pack/countryPack';
import { readReferenceTables, referenceFiles } from '../../../src/pack/referenceTables';
import { documentProblem, readProvider } from '../../../src/sandbox/providerSettings';
import { createStepValidator, validateStepData } from '../../../src/screens/stepValidator';
import { formatFunctions, tablesRead } from '../../../src/validation/formats';

// Issue 34: a rule that reads its country's reference data (a rule's `reads`) is given the tables
// of the pack being built or checked, not a copy in TypeScript. Shown without Guatemala's pack:
// the test country Dedlandia (tests/fixtures/packs/zd) names the `dpi` rule on its one step and
// has departments and municipalities of its own, other codes than Guatemala's.

const ZD = resolve('tests/fixtures/packs/zd');
const zd = packPaths('zd', ZD);
const gt = packPaths('gt', resolve('.'));
const ZD_TABLES = readReferenceTables(zd);
const GT_TABLES = readReferenceTables(gt);
const step = JSON.parse(readFileSync(join(zd.steps, 'zdDocumento.json'), 'utf8')) as { schema: object };

/** Valid for Dedlandia's tables only: department 31 (Llanura), its municipality 3101; and 40 (Montaña), 4007. */
const ZD_DPIS = ['1234567893101', '9876543224007'];
/** Valid for Guatemala's tables only: 0101 (Guatemala, Guatemala), 2201 (Jutiapa, Jutiapa). */
const GT_DPIS = ['1234567890101', '2546987192201'];
const REFUSED = [{ pointer: '/documentNumber', message: 'El DPI ingresado no es válido' }];

const written: string[] = [];
afterAll(() => {
  for (const file of written) rmSync(file, { recursive: true, force: true });
});

describe("a country's reference data, as Node reads it", () => {
  it('is the tables its country file names, read from its pack', () => {
    expect(referenceFiles(zd)).toEqual({ departments: join(ZD, 'reference/zd/departments.json'), municipalities: join(ZD, 'reference/zd/municipalities.json') });
    expect(ZD_TABLES.departments).toEqual([
      { code: '31', name: 'Llanura' },
      { code: '40', name: 'Montaña' },
    ]);
    expect(ZD_TABLES.municipalities).toHaveLength(3);
    expect(tablesRead(['dpi', 'digits'])).toEqual(['departments', 'municipalities']);
  });
});

describe('the run-time validator (Node) bound to a country', () => {
  it.each(ZD_DPIS)("takes %s with Dedlandia's tables and refuses it with Guatemala's", (value) => {
    expect(validateStepData(step, { documentNumber: value }, createStepValidator(ZD_TABLES))).toEqual([]);
    expect(validateStepData(step, { documentNumber: value }, createStepValidator(GT_TABLES))).toEqual(REFUSED);
  });

  it.each(GT_DPIS)("takes %s with Guatemala's tables and refuses it with Dedlandia's", (value) => {
    expect(validateStepData(step, { documentNumber: value }, createStepValidator(GT_TABLES))).toEqual([]);
    expect(validateStepData(step, { documentNumber: value }, createStepValidator(ZD_TABLES))).toEqual(REFUSED);
  });

  it('bound to no country, says which table the rule was not given rather than pass', () => {
    expect(() => validateStepData(step, { documentNumber: ZD_DPIS[0] })).toThrow('the rule "dpi" reads the reference data "departments", which it was not given');
    expect(formatFunctions(ZD_TABLES).dpi?.(ZD_DPIS[0] as string)).toBe(true);
  });
});

/** A precompiled validator module written into the generated folder (its imports are relative to it), loaded as the app loads it. */
async function precompiled(file: string) {
  const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default: ValidatorFunctions };
  return createPrecompiledValidator(module.default, step.schema as RJSFSchema);
}

describe("the build's precompiled step validator", () => {
  it("imports the tables of the pack compiled, from the pack's files, and checks with them", async () => {
    const out = compileSteps(ZD).find((file) => file.endsWith('zd/zdDocumento.js')) as string;
    written.push(out);
    const code = readFileSync(out, 'utf8');
    expect(code).toContain("import table0 from \"../../../../../tests/fixtures/packs/zd/reference/zd/departments.json\";");
    expect(code).toContain("import table1 from \"../../../../../tests/fixtures/packs/zd/reference/zd/municipalities.json\";");
    expect(code).not.toMatch(/Llanura|reference\/gt/);
    const validator = await precompiled(out);
    for (const value of ZD_DPIS) expect(validateStepData(step, { documentNumber: value }, validator)).toEqual([]);
    for (const value of GT_DPIS) expect(validateStepData(step, { documentNumber: value }, validator)).toEqual(REFUSED);
  });

  it("compiled with Guatemala's tables instead, says the opposite", async () => {
    const dir = join(OUTPUT_DIR, 'zd');
    const specifier = (file: string) => `../../../../../${file}`;
    const out = join(dir, 'zdDocumentoConGuatemala.js');
    writeFileSync(out, stepValidatorModule(step.schema, [], { departments: specifier('reference/gt/departments.json'), municipalities: specifier('reference/gt/municipalities.json') }));
    written.push(out);
    const validator = await precompiled(resolve(out));
    for (const value of GT_DPIS) expect(validateStepData(step, { documentNumber: value }, validator)).toEqual([]);
    for (const value of ZD_DPIS) expect(validateStepData(step, { documentNumber: value }, validator)).toEqual(REFUSED);
  });

  it('cannot be made when the country names no such table: the compile says which', () => {
    expect(() => stepValidatorModule(step.schema, [], { departments: './departments.json' })).toThrow('its rules read the reference data "municipalities", which the country file does not name in referenceData');
  });

  it('holds no table when its rules read none', () => {
    expect(stepValidatorModule({ type: 'object', properties: { n: { type: 'string', format: 'digits' } } }, [], { departments: './departments.json' })).not.toContain('departments');
  });
});

/** A copy of the test pack with its country file edited, removed after the test. */
function packWith(edit: (country: Record<string, unknown>) => void): string {
  const copy = mkdtempSync(join(tmpdir(), 'field-sales-zd-'));
  cpSync(ZD, copy, { recursive: true });
  const file = join(copy, 'countries/zd.json');
  const country = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(country);
  writeFileSync(file, `${JSON.stringify(country, null, 2)}\n`);
  written.push(copy);
  return copy;
}

describe('journeys:check', () => {
  const problemsOf = (root: string) => {
    const checker = packChecker(root);
    checker.stepsOf(join(root, 'schemas/steps/zd'));
    return checker.problems.map(formatProblem);
  };

  it("finds the test country's step sound: its country file names the tables the rule reads", () => {
    expect(problemsOf(ZD)).toEqual([]);
  });

  it('says where a step names a rule whose table the country file does not declare', () => {
    const root = packWith((country) => delete (country.referenceData as Record<string, string>).municipalities);
    const problems = problemsOf(root);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/zdDocumento\.json:\d+:\d+ \/schema\/properties\/documentNumber\/format: the rule "dpi" reads the reference data "municipalities", which the country file of ZD does not declare: add it to its referenceData/);
  });

  it('says so when the table is not a list of rows', () => {
    const root = packWith(() => undefined);
    writeFileSync(join(root, 'reference/zd/departments.json'), '{"31": "Llanura"}\n');
    expect(problemsOf(root)).toEqual([expect.stringMatching(/\/schema\/properties\/documentNumber\/format: the rule "dpi" reads the reference data "departments", which is not a list of rows \(objects\)$/)]);
  });
});

describe('the sandbox', () => {
  const seed = (root: string) => {
    writeFileSync(join(root, 'provider.json'), JSON.stringify({ documents: { DPI: { format: 'dpi', digits: true } } }));
    return root;
  };

  it("checks a document with the country's tables", () => {
    const root = seed(mkdtempSync(join(tmpdir(), 'field-sales-zd-seed-')));
    written.push(root);
    const settings = readProvider(root, ZD_TABLES).settings;
    expect(documentProblem(settings, 'DPI', ZD_DPIS[0])).toBeUndefined();
    expect(documentProblem(settings, 'DPI', GT_DPIS[0])).toEqual({ message: 'El DPI ingresado no es válido', code: 'INVALID_DOCUMENT' });
  });

  it("does not start when a document's rule reads a table the country lacks", () => {
    const root = seed(mkdtempSync(join(tmpdir(), 'field-sales-zd-seed-')));
    written.push(root);
    expect(() => readProvider(root, { departments: [] })).toThrow(`document DPI's format "dpi" reads the reference data "municipalities", which the country file does not name in referenceData`);
  });
});
