import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findRules } from '../../../src/validation/findRules';
import { formatRules, ruleSources } from '../../../src/validation/formats';
import type * as Registry from '../../../src/validation/formats';

// Issue 32: a country's rules are a module of src/validation/countries/ (`<cc>.ts`), found by the
// registry (src/validation/findRules.ts): a new country's rules edit no shared file. Shown on a
// copy of src/validation, so that the repository's own registry stays as it is for other tests.

const TEST_COUNTRY_RULES = 'tests/fixtures/countryRules/zz.ts';
const copies: string[] = [];

/** A copy of src/validation in a temporary folder, with `files` (path in the copy → text) added. */
function validationCopy(files: Record<string, string> = {}): string {
  const copy = mkdtempSync(join(tmpdir(), 'field-sales-validation-'));
  copies.push(copy);
  cpSync('src/validation', copy, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(copy, file), text);
  return copy;
}

afterEach(() => {
  for (const copy of copies.splice(0)) rmSync(copy, { recursive: true, force: true });
});

describe("a country's rules module", () => {
  it('is registered by being in countries/: its rules, their messages and where they are, beside every other rule', async () => {
    const copy = validationCopy();
    cpSync(TEST_COUNTRY_RULES, join(copy, 'countries/zz.ts'));
    const registry = (await import(/* @vite-ignore */ pathToFileURL(join(copy, 'formats.ts')).href)) as typeof Registry;
    expect(registry.ruleSources['phone-zz']).toEqual({ module: 'countries/zz', name: 'phoneZz' });
    expect(registry.formatMessages['phone-zz']).toBe('El número debe tener 9 dígitos y comenzar con 9');
    expect(registry.ajvFormats['phone-zz']?.('912345678')).toBe(true);
    expect(registry.ajvFormats['phone-zz']?.('812345678')).toBe(false);
    // Its helper is no rule; the repository's rules are all there, where they were.
    expect(Object.keys(registry.formatRules).sort()).toEqual([...Object.keys(formatRules), 'phone-zz'].sort());
    expect(registry.ruleSources).toEqual({ ...ruleSources, 'phone-zz': { module: 'countries/zz', name: 'phoneZz' } });
  });

  it('may not register a format another module has: a step names a rule by its format', async () => {
    const copy = validationCopy({ 'countries/zz.ts': "export { dui as ownDocument } from './sv';\n" });
    await expect(findRules(copy)).rejects.toThrow('format "dui" is registered twice: countries/sv.ts (dui) and countries/zz.ts (ownDocument)');
  });
});

describe('the registry of the repository', () => {
  it.each(['rules', 'countries'])('holds a rule of every module of src/validation/%s/', (folder) => {
    const modules = readdirSync(join('src/validation', folder)).map((file) => `${folder}/${file.replace(/\.ts$/, '')}`);
    const registered = new Set(Object.values(ruleSources).map(({ module }) => module));
    expect(modules.filter((module) => !registered.has(module))).toEqual([]);
  });

  it("holds a country's phone rule (phone-<cc>) in that country's module, countries/<cc>", () => {
    const phones = Object.entries(ruleSources).filter(([format]) => /^phone-[a-z]{2}$/.test(format));
    expect(phones.map(([format]) => format)).toContain('phone-sv');
    expect(phones.filter(([format, { module }]) => module !== `countries/${format.slice('phone-'.length)}`)).toEqual([]);
  });
});
