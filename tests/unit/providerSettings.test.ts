import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { providerClock } from '../../src/sandbox/providerClock';
import { documentKey, documentProblem, money, phoneTaken, readProvider, writtenDocument } from '../../src/sandbox/providerSettings';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function seedWith(provider: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'provider-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'provider.json'), JSON.stringify(provider));
  return dir;
}

describe("the provider's clock", () => {
  it("writes El Salvador's day and time at UTC-6, the day before UTC's late at night", () => {
    const sv = providerClock('America/El_Salvador');
    const lateUtc = new Date('2026-11-19T03:30:00Z');
    expect(sv.day(lateUtc)).toBe('2026-11-18');
    expect(sv.dateTime(lateUtc)).toBe('2026-11-18T21:30:00-06:00');
  });

  it('follows daylight saving time where the country has it', () => {
    const madrid = providerClock('Europe/Madrid');
    expect(madrid.offset(new Date('2026-01-15T12:00:00Z'))).toBe('+01:00');
    expect(madrid.offset(new Date('2026-07-15T12:00:00Z'))).toBe('+02:00');
    expect(providerClock('UTC').dateTime(new Date('2026-01-15T12:00:00Z'))).toBe('2026-01-15T12:00:00+00:00');
  });
});

describe("El Salvador's provider settings (src/sandbox/seed/sv/provider.json)", () => {
  const { settings } = readProvider('src/sandbox/seed/sv');

  it('checks a DUI by its check digit, with its own message and code', () => {
    expect(documentProblem(settings, 'DUI', '04644848-2')).toBeUndefined();
    expect(documentProblem(settings, 'DUI', '04644848-3')).toEqual({ message: 'El DUI ingresado no es válido', code: 'INVALID_DUI' });
    expect(documentProblem(settings, 'PASAPORTE', 'anything')).toBeUndefined();
  });

  it('compares a DUI by its digits and writes it back with its hyphen; a passport as written, without case', () => {
    expect(documentKey(settings, 'DUI', '04644848-2')).toBe('046448482');
    expect(writtenDocument(settings, 'DUI', '046448482')).toBe('04644848-2');
    expect(documentKey(settings, 'PASAPORTE', ' a123 ')).toBe('A123');
    expect(money(settings, 190.675)).toBe('$190.68');
  });
});

describe('the phones a provider sends codes to (provider.json phonePattern)', () => {
  it('takes 8 digits where the seed says nothing, as the platform always did', () => {
    const { settings } = readProvider('src/sandbox/seed/sv');
    expect(phoneTaken(settings, '70001234')).toBe(true);
    expect(phoneTaken(settings, '7000123')).toBe(false);
    expect(phoneTaken(settings, '595981234567')).toBe(false);
  });

  it("takes Paraguay's numbers with the prefix 5959 only (src/sandbox/seed/py/provider.json)", () => {
    const { settings } = readProvider('src/sandbox/seed/py');
    expect(phoneTaken(settings, '595981234567')).toBe(true);
    expect(phoneTaken(settings, '81234567')).toBe(false);
    expect(phoneTaken(settings, '59598123456')).toBe(false);
    expect(phoneTaken(settings, '5959812345678')).toBe(false);
  });
});

describe('a bad provider.json stops the sandbox with its file and the reason', () => {
  it('names a phone pattern that is no regular expression', () => {
    expect(() => readProvider(seedWith({ phonePattern: '^5959[0-9{8}$' }))).toThrow('phonePattern "^5959[0-9{8}$" is not a regular expression');
  });

  it('names a time zone that does not exist', () => {
    const dir = seedWith({ timeZone: 'America/Tegucigalpita' });
    expect(() => readProvider(dir)).toThrow(`${join(dir, 'provider.json')}: "America/Tegucigalpita" is not a time zone (an IANA name such as "America/El_Salvador")`);
  });

  it('names a document format the validation rules do not have, and a default document it does not list', () => {
    expect(() => readProvider(seedWith({ documents: { CC: { format: 'dnii' } } }))).toThrow('document CC names the format "dnii", which src/validation/formats.ts does not have');
    expect(() => readProvider(seedWith({ documents: { CC: {} }, defaultDocument: 'DNI' }))).toThrow('defaultDocument "DNI" is not one of documents (CC)');
  });
});
