import { readFileSync } from 'node:fs';
import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { ciPy, documentPy, phonePy } from '../../../src/validation/countries/py';
import { createStepValidator, validateStepData } from '../../../src/screens/stepValidator';
import { formatMoney, type CountryFile } from '../../../src/pack/countryFile';

// Paraguay's rules at their edges (spec sections 5 and 9), and its client form: the document's
// number (at most 20), the phone (exactly 8 digits), and the nationality asked only of a DE.

const clientForm = JSON.parse(readFileSync('schemas/steps/py/clientInformation.json', 'utf8')) as { schema: RJSFSchema; messages?: Record<string, Record<string, string>> };
const validator = createStepValidator();
const problems = (data: Record<string, unknown>) => validateStepData(clientForm, data, validator);
const ci = { documentType: 'CI', documentNumber: '4567890', cliFirstName: 'Ana', cliLastName: 'Benítez', cliTelephone: '81234567', cliEmail: 'ana.benitez@example.com' };
const de = { ...ci, documentType: 'DE', documentNumber: 'AR30123456', cliNationality: 'Argentina' };

describe('phone-py (exactly 8 digits, sent to the provider after 5959)', () => {
  it.each(['81234567', '00000000', '99999999'])('accepts %s', (value) => expect(phonePy.test(value)).toBe(true));
  it.each([
    ['1234567', '7 digits'],
    ['123456789', '9 digits'],
    ['0981234567', 'the 09 typed too'],
    ['8123 4567', 'a space'],
    ['8123456a', 'a letter'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (value) => expect(phonePy.test(value)).toBe(false));
});

describe('document-py (letters and digits, 1 to 20)', () => {
  it.each(['1', 'A', '12345678901234567890', 'AR30123456', 'br1515151'])('accepts %s', (value) => expect(documentPy.test(value)).toBe(true));
  it.each([
    ['123456789012345678901', '21 characters'],
    ['', 'nothing'],
    ['AR-3012', 'a dash'],
    ['30 123 456', 'spaces'],
    ['3012345ñ', 'a letter that is not A to Z'],
  ])('refuses %s (%s)', (value) => expect(documentPy.test(value)).toBe(false));
});

describe('ci-py (a CI: digits only, 1 to 20)', () => {
  it.each(['1', '4567890', '12345678901234567890'])('accepts %s', (value) => expect(ciPy.test(value)).toBe(true));
  it.each([
    ['123456789012345678901', '21 digits'],
    ['4567890A', 'a letter'],
    ['4.567.890', 'the dots printed on the card'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (value) => expect(ciPy.test(value)).toBe(false));
});

describe("Paraguay's client form (schemas/steps/py/clientInformation.json)", () => {
  it('takes a CI without a nationality, and a DE with one of the four', () => {
    expect(problems(ci)).toEqual([]);
    for (const cliNationality of ['Argentina', 'Brasil', 'Bolivia', 'Uruguay']) expect(problems({ ...de, cliNationality })).toEqual([]);
  });

  it("asks a DE's nationality, among the four only", () => {
    const noNationality: Record<string, unknown> = { ...de };
    delete noNationality.cliNationality;
    expect(problems(noNationality)).toEqual([{ pointer: '/cliNationality', message: 'Campo requerido' }]);
    expect(problems({ ...de, cliNationality: 'Chile' }).map((p) => p.pointer)).toEqual(['/cliNationality']);
  });

  it('shows the nationality field only while the document is a DE (rjsf resolves the form with its data)', () => {
    const fields = (data: Record<string, unknown>) => Object.keys((retrieveSchema(validator, clientForm.schema, clientForm.schema, data).properties ?? {}) as object);
    expect(fields(ci)).not.toContain('cliNationality');
    expect(fields(de)).toContain('cliNationality');
    expect(fields({ ...de, documentType: 'CI' })).not.toContain('cliNationality');
  });

  it("holds the number to 20 characters, a CI's to digits, and the phone to 8 digits", () => {
    expect(problems({ ...de, documentNumber: '12345678901234567890' })).toEqual([]);
    // 21 breaks the rule itself, whose words name the limit (a malformed value is said before a length).
    expect(problems({ ...de, documentNumber: '123456789012345678901' })).toEqual([{ pointer: '/documentNumber', message: documentPy.message }]);
    expect(problems({ ...ci, documentNumber: 'AR3012' })).toEqual([{ pointer: '/documentNumber', message: ciPy.message }]);
    expect(problems({ ...ci, cliTelephone: '8123456' })).toEqual([{ pointer: '/cliTelephone', message: phonePy.message }]);
  });
});

describe("Paraguay's money (countries/py.json: Gs., no decimals, thousands grouped)", () => {
  const py = JSON.parse(readFileSync('countries/py.json', 'utf8')) as CountryFile;
  it.each([
    [150000, 'Gs. 150.000'],
    [1500, 'Gs. 1.500'],
    [390000.4, 'Gs. 390.000'],
    [0, 'Gs. 0'],
  ])('writes %d as %s', (amount, written) => expect(formatMoney(py, amount)).toBe(written));
});
