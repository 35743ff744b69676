import { describe, expect, it } from 'vitest';
import { cuiCheck, dpi, nit, phoneGt } from '../../../src/validation/countries/gt';
import { packPaths } from '../../../src/pack/countryPack';
import { readReferenceTables } from '../../../src/pack/referenceTables';

// Issue 34: Guatemala's rules at their edges. The DPI reads Guatemala's departments and
// municipalities from the country's reference data (reference/gt/, named by countries/gt.json).

const GT = readReferenceTables(packPaths('gt', '.'));

describe("the CUI's check digit (RENAP: the first 8 digits weighted 2 to 9 from the left, modulo 11)", () => {
  it.each([
    ['12345678', 9], // 1·2 + 2·3 + 3·4 + 4·5 + 5·6 + 6·7 + 7·8 + 8·9 = 240 = 21·11 + 9
    ['25469871', 9], // 4 + 15 + 16 + 30 + 54 + 56 + 56 + 9 = 240 = 21·11 + 9
    ['98765432', 2], // 18 + 24 + 28 + 30 + 30 + 28 + 24 + 18 = 200 = 18·11 + 2
    ['11111111', 0], // 2 + 3 + ... + 9 = 44 = 4·11
    ['50000000', 10], // 5·2 = 10: no digit, no valid CUI has this body
  ])('%s gives %i', (body, check) => {
    expect(cuiCheck(body)).toBe(check);
  });
});

describe('dpi (13 digits: serial, check digit, department, municipality)', () => {
  it.each([
    ['1234567890101', 'Guatemala, Guatemala'],
    ['2546987192201', 'Jutiapa, Jutiapa'],
    ['1111111101333', 'Huehuetenango, Petatán (its last)'],
    ['9876543221714', 'Petén, El Chal (its last)'],
    ['1111111101805', 'Izabal, Los Amates (its last)'],
  ])('accepts %s (%s)', (value) => {
    expect(dpi.test(value, undefined, GT)).toBe(true);
  });

  it.each([
    ['1234567880101', 'wrong check digit (8 for 9)'],
    ['1234567800101', 'wrong check digit (0 for 9)'],
    ['5000000000101', 'a body whose remainder is 10 (no check digit can be right)'],
    ['1234567892301', 'department 23 (there are 22)'],
    ['1234567890001', 'department 00'],
    ['1234567890100', 'municipality 00'],
    ['1234567890118', 'municipality 18 of Guatemala, which has 17'],
    ['9876543221715', 'municipality 15 of Petén, which has 14'],
    ['1111111101806', 'municipality 06 of Izabal, which has 5'],
    ['123456789010', '12 digits'],
    ['12345678901011', '14 digits'],
    ['123456789010A', 'a letter'],
    ['A234567890101', 'a letter first'],
    ['1234 56789 0101', "the screen's grouping: the field keeps the digits only (maskedInput)"],
    ['1234-56789-0101', 'hyphens'],
    [' 1234567890101', 'a space before'],
    ['', 'empty'],
  ])('refuses %j: %s', (value) => {
    expect(dpi.test(value, undefined, GT)).toBe(false);
  });

  it('says so in Spanish, once for every way a DPI is wrong', () => {
    expect(dpi.message).toBe('El DPI ingresado no es válido');
  });

  it('reads the departments and municipalities, and says which it was not given rather than pass', () => {
    expect(dpi.reads).toEqual(['departments', 'municipalities']);
    expect(() => dpi.test('1234567890101')).toThrow('the rule "dpi" reads the reference data "departments", which it was not given');
    expect(() => dpi.test('1234567890101', undefined, { departments: GT.departments ?? [] })).toThrow('"municipalities"');
  });
});

describe('nit', () => {
  it.each(['cf', 'CF', 'Cf', '1234567-9', '12345679', '1000002-K', '1000002K', '1000002-k', '6-K', '1000000-3', '10000003'])('accepts %j', (value) => {
    expect(nit.test(value)).toBe(true);
  });

  it.each([
    ['1234567-8', 'wrong check digit'],
    ['12345678', 'wrong check digit, without hyphen'],
    ['1000002-0', 'a digit where the check is K'],
    ['1000000-K', 'K where the check is 3'],
    ['1000002-X', 'another letter'],
    ['c f', 'CF with a space'],
    ['CF-1', 'CF and more'],
    ['1234567--9', 'two hyphens'],
    ['', 'empty'],
  ])('refuses %j: %s', (value) => {
    expect(nit.test(value)).toBe(false);
  });
});

describe('phone-gt (at least 8 digits, starting with 3, 4 or 5)', () => {
  it.each(['31234567', '41234567', '51234567', '312345678'])('accepts %j', (value) => {
    expect(phoneGt.test(value)).toBe(true);
  });

  it.each([
    ['3123456', '7 digits'],
    ['21234567', 'starts with 2'],
    ['61234567', 'starts with 6'],
    ['01234567', 'starts with 0'],
    ['3123 4567', "the screen's grouping"],
    ['', 'empty'],
  ])('refuses %j: %s', (value) => {
    expect(phoneGt.test(value)).toBe(false);
  });
});
