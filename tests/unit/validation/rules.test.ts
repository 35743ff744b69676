import { describe, expect, it } from 'vitest';
import { ajvFormats, formatFunctions, formatRules } from '../../../src/validation/formats';
import type { FormatRule, ReferenceTables } from '../../../src/validation/formatRule';
import { packPaths } from '../../../src/pack/countryPack';
import { readReferenceTables } from '../../../src/pack/referenceTables';
import { applyMask } from '../../../src/validation/phone';

/** The rule registered under `format`; a missing one fails the test that asked for it. */
function ruleOf(format: string): FormatRule {
  const rule = formatRules[format];
  if (!rule) throw new Error(`no rule registered as "${format}"`);
  return rule;
}

/** A fixed moment for the date rules: noon UTC, so it is 15 June 2026 in UTC and in El Salvador alike. */
const NOW = new Date('2026-06-15T12:00:00Z');

interface RuleCase {
  format: string;
  /** The Spanish message, written out so that a changed message fails here. */
  message: string;
  valid: string[];
  invalid: string[];
  /** The moment date rules measure from. */
  now?: Date;
  /** The reference data a rule reads (its `reads`): a country's, as its country file names it. */
  tables?: ReferenceTables;
}

/** Guatemala's reference data, as the country file names it (reference/gt/): what the DPI rule reads. */
const GT_TABLES = readReferenceTables(packPaths('gt', '.'));

const cases: RuleCase[] = [
  {
    format: 'dui',
    message: 'El DUI ingresado no es válido',
    valid: ['04644848-2', '046448482', '01234567-8', '012345678', '12345678-4', '123456784', '99999999-4', '00000001-8'],
    invalid: [
      '04644848-8', // wrong check digit (NOTES.md)
      '046448488',
      '12345678-5',
      '000000000', // all zeros
      '00000000-0',
      '4644848-2', // fewer than 9 digits
      '46448482',
      '0464484',
      '0464484822', // ten digits
      'A4644848-2', // letters
      '0464484B-2',
      '04644848-K',
      'DUI',
      '04644848 2', // other separators
      '04644848--2',
      '0464-4848-2',
      ' 046448482',
      '046448482 ',
      '',
    ],
  },
  {
    format: 'dpi',
    message: 'El DPI ingresado no es válido',
    tables: GT_TABLES,
    // More cases, and the same rule with another country's tables: tests/unit/validation/gtRules.test.ts, referenceRules.test.ts.
    valid: ['1234567890101', '2546987192201', '1111111101333'],
    invalid: ['1234567880101', '1234567892301', '1234567890001', '1234567890118', '123456789010', '12345678901011', '1234 56789 0101', ''],
  },
  {
    format: 'nit',
    message: 'El NIT ingresado no es válido',
    valid: [
      'cf',
      'CF',
      'Cf',
      'cF',
      '1234567-9', // digit check
      '12345679',
      '123456-0',
      '1-9',
      '19',
      '576937-K', // K check
      '576937K',
      '576937-k',
      '576937k',
      '7000000-K',
    ],
    invalid: [
      '1234567-8', // wrong check
      '12345678',
      '1234567-K',
      '576937-0',
      '5769370',
      '576937-X',
      'c f',
      'cf1',
      'CF-1',
      'consumidor final',
      '1234567 9',
      '1234567--9',
      '12345-67-9',
      '-9',
      '1234567-',
      'K',
      'abc-9',
      '',
    ],
  },
  {
    format: 'email-address',
    message: 'El correo electrónico no es válido',
    valid: [
      'juan.perez@gmail.com',
      'ana_maria-lopez@empresa.com.sv',
      'a@b.co',
      'USER@MAIL.INFO',
      'x1@sub-dominio.org',
      'cliente2024@correo.net',
    ],
    invalid: [
      'ana@correo.museo', // 5-letter TLD: only the tld5 variant takes it
      'ana@correo.c', // 1-letter TLD
      'ana@gmail.c0m',
      'ana@gmail',
      'ana perez@gmail.com', // spaces
      'ana@gm ail.com',
      ' ana@gmail.com',
      'ana@gmail.com ',
      'ana@@gmail.com', // two @
      'ana@b@gmail.com',
      'ana@', // missing domain
      'ana@.com',
      'anagmail.com',
      '@gmail.com',
      'ana+1@gmail.com',
      'josé@gmail.com',
      '',
    ],
  },
  {
    format: 'email-address-tld5',
    message: 'El correo electrónico no es válido',
    valid: ['ana@correo.museo', 'juan.perez@gmail.com', 'a@b.co', 'ventas@tienda.store'],
    invalid: ['ana@correo.travel', 'ana@correo.c', 'ana perez@correo.museo', 'ana@@correo.museo', 'ana@', 'ana@.museo', 'correo.museo', ''],
  },
  {
    format: 'email-typing',
    message: 'El correo electrónico no es válido',
    valid: ['', 'j', 'juan.perez', 'juan@', 'juan@gm', 'juan@gmail.', 'juan@gmail.com', 'ana_m-l@empresa.com.sv'],
    invalid: ['juan perez', 'juan@ gmail', ' juan', 'juan ', 'juan@gmail@', 'juan@@', 'juan#', 'juan@gmail_com', 'juán@'],
  },
  {
    format: 'phone-sv',
    message: 'El número de teléfono debe tener 8 dígitos',
    valid: ['70001234', '22501234', '61234567', '00000000'],
    invalid: ['7000123', '700012345', '7000 1234', '7000-1234', '+50370001234', 'abcdefgh', '7000123a', ''],
  },
  {
    format: 'phone-hn',
    message: 'El número debe tener al menos 8 dígitos y comenzar con 2, 6, 7 u 8',
    // Spec (variants 5): "min 8 and must start with 2, 6, 7 or 8".
    valid: ['22345678', '61234567', '71234567', '81234567', '223456789'],
    invalid: ['31234567', '41234567', '51234567', '91234567', '01234567', '2234567', '2234-5678', ''],
  },
  {
    format: 'phone-gt',
    message: 'Debe comenzar con 3 4 ó 5',
    // Spec (variants 5): "min length 8", starting with 3, 4 or 5.
    valid: ['31234567', '41234567', '51234567', '312345678'],
    invalid: ['21234567', '61234567', '71234567', '01234567', '3123456', '3123 4567', ''],
  },
  {
    format: 'phone-py',
    message: 'El número de teléfono debe tener 8 dígitos',
    valid: ['98123456', '21234567', '01234567'],
    invalid: ['9812345', '981234567', '9812 3456', '5959812345', 'abcdefgh', ''],
  },
  {
    format: 'phone-cr',
    message: 'El número debe tener 8 dígitos y comenzar con 2, 4, 5, 6, 7 u 8',
    // Costa Rica's numbering plan: fixed lines 2, services 4, mobiles 5 to 8 (docs/spec-choices.md).
    valid: ['22345678', '41234567', '51234567', '61234567', '71234567', '88001122'],
    invalid: ['31234567', '91234567', '01234567', '2234567', '223456789', '2234-5678', ''],
  },
  {
    format: 'cedula-cr',
    message: 'La cédula debe tener 9 dígitos y comenzar con un número del 1 al 9',
    valid: ['112340567', '203450678', '912345678'],
    invalid: ['012345678', '11234056', '1123405678', '1-1234-0567', 'A12340567', ''],
  },
  {
    format: 'dimex-cr',
    message: 'El DIMEX debe tener 11 o 12 dígitos, sin ceros al inicio',
    valid: ['15581234567', '155812345678'],
    invalid: ['05581234567', '1558123456', '1558123456789', '155-812345678', ''],
  },
  {
    format: 'phone-ni',
    message: 'El número debe tener 8 dígitos y comenzar con 2, 5, 7 u 8',
    // Nicaragua's numbering plan: fixed lines 2, mobiles 5, 7 and 8 (docs/spec-choices.md).
    valid: ['22345678', '51234567', '78765432', '88765432'],
    invalid: ['31234567', '61234567', '91234567', '8876543', '887654321', '8876-5432', ''],
  },
  {
    format: 'cedula-ni',
    message: 'La cédula debe tener 13 dígitos y una letra al final, sin guiones (0011503900001A)',
    // Municipality, ddmmyy of birth, sequence, letter; no hyphens, the date part a real day and month.
    valid: ['0011503900001A', '2810101850003Y', '0013112990012M'],
    invalid: ['001-150390-0001A', '0011503900001a', '0011513900001A', '0013203900001A', '0010003900001A', '001150390001A', '00115039000011', '0011503900001Z', ''],
  },
  {
    format: 'document-py',
    message: 'El número de documento admite solo letras y dígitos, hasta 20',
    // Spec (variants 5): the number input takes at most 20; one token at the provider.
    valid: ['1', 'AR30123456', '12345678901234567890'],
    invalid: ['123456789012345678901', '', 'AR-3012', '30 123 456'],
  },
  {
    format: 'ci-py',
    message: 'La cédula de identidad tiene solo dígitos, hasta 20',
    valid: ['1', '4567890', '12345678901234567890'],
    invalid: ['123456789012345678901', '4567890A', '4.567.890', ''],
  },
  {
    format: 'phone-co',
    message: 'El Número ingresado no es valido.',
    // Spec (variants 5): spaces and symbols removed, it starts with 3 and has at least 10 digits.
    valid: ['3001234567', '3123456789', '3999999999', '30012345678', '300 123 4567', '300-123-4567'],
    invalid: ['2001234567', '6012345678', '300123456', '+573001234567', '300 123 456', ''],
  },
  {
    format: 'digits',
    message: 'Solo se permiten números',
    valid: ['0', '123', '046448482', '0000'],
    invalid: ['', '12a', '12 3', '-1', '1.5', '１２', ' 1'],
  },
  {
    format: 'person-name',
    message: 'Solo se permiten letras y espacios',
    valid: ['José', 'María José', 'Muñoz', 'NÚÑEZ', 'Güell', 'GÜELL', 'Ana  Lucía', 'Ángel Ibáñez', 'José '],
    invalid: ['Juan2', 'R2D2', 'Ana-María', "O'Brien", 'Juan.', 'José@', 'Ana\tLucía', ' ', '   ', ''],
  },
  {
    format: 'address-reference',
    message: 'Solo se permiten letras, números y espacios',
    valid: ['Casa 5', 'Frente al parque', 'Colonia Escalón 3', 'Calle Ñ 12', 'Pasaje Güemes', '123'],
    invalid: ['Casa #5', 'Calle 5, local 2', 'Km. 10', 'Casa-5', 'Casa\n5', ''],
  },
  {
    format: 'otp',
    message: 'El código debe tener 6 dígitos',
    valid: ['123456', '000000', '987654'],
    invalid: ['12345', '1234567', '12345a', '123 456', ' 123456', '', 'abcdef'],
  },
  {
    format: 'date',
    message: 'Fecha inválido',
    valid: ['2026-12-01', '2024-02-29', '2000-01-31'],
    invalid: ['2026-02-30', '2023-02-29', '01/12/2026', '2026-1-01', '2026-12-01T10:00', ''],
  },
  {
    format: 'date-dmy',
    message: 'Fecha inválido',
    valid: ['15-06-1990', '15/06/1990', '01/01/2000', '31/12/1999', '31-01-2030', '29/02/2024', '29-02-2000'],
    invalid: [
      '15-06/1990', // mixed separators
      '15/06-1990',
      '15.06.1990',
      '31/02/2000', // not a day of the calendar
      '30/02/2024',
      '29/02/2023', // 29 February outside leap years
      '29/02/1900',
      '29-02-2026',
      '31/04/2000',
      '32/01/2000',
      '00/01/2000',
      '15/13/2000',
      '15/00/2000',
      '1/6/1990',
      '15/06/90',
      '1990-06-15',
      '15/06/1990 ',
      '',
    ],
  },
  {
    format: 'adult-birth-date',
    message: 'El cliente debe ser mayor de 18 años',
    now: NOW,
    valid: ['15/06/2008', '15-06-2008', '14/06/2008', '01/01/1990', '31/12/1950'],
    invalid: ['16/06/2008', '16-06-2008', '15/06/2010', '15/06/2026', '01/01/2030', '31/02/2000', '15-06/2000', ''],
  },
  {
    format: 'date-not-past',
    message: 'La fecha de instalación no puede estar en el pasado',
    now: NOW,
    valid: ['2026-06-15', '2026-06-16', '2027-01-01', '2028-02-29'],
    invalid: ['2026-06-14', '2025-12-31', '2026-02-30', '15/06/2026', '2026-06-15T10:00', ''],
  },
  {
    format: 'past-date',
    message: 'La fecha no puede ser posterior a hoy',
    now: NOW,
    valid: ['15/06/2026', '15-06-2026', '14/06/2026', '01/01/1990'],
    invalid: ['16/06/2026', '16-06-2026', '15/06/2027', '01/01/2099', '31/02/2020', '15/06/2026 ', ''],
  },
];

describe('formatRules', () => {
  it('has a table of cases here for every registered rule', () => {
    expect(cases.map((c) => c.format).sort()).toEqual(Object.keys(formatRules).sort());
  });

  describe.each(cases)('$format', ({ format, message, valid, invalid, now, tables }) => {
    // The function precompiled validators call, bound to the tables when the rule reads some.
    const precompiled = tables ? formatFunctions(tables) : ajvFormats;
    it('fails with its Spanish message', () => {
      expect(ruleOf(format).message).toBe(message);
    });

    it.each(valid)('accepts %j', (value) => {
      expect(ruleOf(format).test(value, now, tables)).toBe(true);
      // The function precompiled validators call gives the same answer (it measures from the real now).
      if (!now) expect(precompiled[format]?.(value)).toBe(true);
    });

    it.each(invalid)('rejects %j', (value) => {
      expect(ruleOf(format).test(value, now, tables)).toBe(false);
      if (!now) expect(precompiled[format]?.(value)).toBe(false);
    });
  });
});

describe('e-mail variants', () => {
  it.each(['ana@correo.museo', 'ventas@tienda.store'])('%s fails the strict rule but passes the tld5 variant', (value) => {
    expect(ruleOf('email-address').test(value)).toBe(false);
    expect(ruleOf('email-address-tld5').test(value)).toBe(true);
  });

  it.each(['juan@', 'juan@gmail', 'juan@gmail.'])('half-typed %s passes while typing but not the strict rule', (value) => {
    expect(ruleOf('email-typing').test(value)).toBe(true);
    expect(ruleOf('email-address').test(value)).toBe(false);
  });
});

describe('adult (18 years on a fixed now)', () => {
  it.each([
    ['exactly 18 today', '15/06/2008', NOW, true],
    ['18 tomorrow', '16/06/2008', NOW, false],
    ['18 since yesterday', '14/06/2008', NOW, true],
    ['18 today, late in the day', '15/06/2008', new Date('2026-06-15T23:59:59Z'), true],
    ['18 tomorrow, late in the day', '16/06/2008', new Date('2026-06-15T23:59:59Z'), false],
    ['born 29/02/2008, on 28/02/2026', '29/02/2008', new Date('2026-02-28T12:00:00Z'), false],
    ['born 29/02/2008, on 01/03/2026', '29/02/2008', new Date('2026-03-01T12:00:00Z'), true],
    ['born 29/02/2004, on 28/02/2022', '29/02/2004', new Date('2022-02-28T12:00:00Z'), false],
    ['born 29/02/2004, on 01/03/2022', '29/02/2004', new Date('2022-03-01T12:00:00Z'), true],
    ['born 29/02/2008, in a leap year on 29/02/2028 (20)', '29/02/2008', new Date('2028-02-29T12:00:00Z'), true],
    ['born 28/02/2008, on 28/02/2026', '28/02/2008', new Date('2026-02-28T12:00:00Z'), true],
    ['not a date', '30/02/2000', NOW, false],
  ])('%s (%s)', (_label, value, now, expected) => {
    expect(ruleOf('adult-birth-date').test(value, now)).toBe(expected);
  });
});

describe('notFuture (on a fixed now)', () => {
  it.each([
    ['today', '15/06/2026', NOW, true],
    ['today, written with hyphens', '15-06-2026', NOW, true],
    ['yesterday', '14/06/2026', NOW, true],
    ['tomorrow', '16/06/2026', NOW, false],
    ['today, at the first second of the day', '15/06/2026', new Date('2026-06-15T00:00:00Z'), true],
    ['tomorrow, at the last second of today', '16/06/2026', new Date('2026-06-15T23:59:59Z'), false],
    ['next year', '15/06/2027', NOW, false],
    ['not a date', '31/06/2026', NOW, false],
  ])('%s (%s)', (_label, value, now, expected) => {
    expect(ruleOf('past-date').test(value, now)).toBe(expected);
  });
});

describe('applyMask', () => {
  it.each([
    ['70001234', '#### ####', '7000 1234'],
    ['70001234', '#### ####', '7000 1234'],
    ['7', '#### ####', '7'],
    ['700', '#### ####', '700'],
    ['7000', '#### ####', '7000'],
    ['70001', '#### ####', '7000 1'],
    ['', '#### ####', ''],
    ['7000 1234', '#### ####', '7000 1234'],
    ['7000-12', '#### ####', '7000 12'],
    ['700012345678', '#### ####', '7000 1234'],
    ['22345678', '####-####', '2234-5678'],
    ['223456', '####-####', '2234-56'],
    ['3001234567', '### ### ####', '300 123 4567'],
    ['3001', '### ### ####', '300 1'],
  ])('%j in %j reads %j', (digits, mask, expected) => {
    expect(applyMask(digits, mask)).toBe(expected);
  });
});
