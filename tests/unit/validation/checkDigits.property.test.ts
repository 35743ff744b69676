import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dui } from '../../../src/validation/countries/sv';
import { errorMessage } from '../../../src/validation/errorMessage';
import { formatMessages } from '../../../src/validation/formats';
import { nit } from '../../../src/validation/countries/gt';

const numRuns = 300;

/**
 * The spec's DUI check digit, written here from the spec and NOTES.md rather than taken from the
 * rule: walk the body from the right with weights 2, 3, 4, ..., sum, and `(10 - sum % 10) % 10`.
 */
function duiCheckDigit(body: readonly number[]): number {
  const sum = [...body].reverse().reduce((total, digit, fromRight) => total + digit * (fromRight + 2), 0);
  return (10 - (sum % 10)) % 10;
}

/** The spec's NIT check: weights 2, 3, 4, ... from the right, `(11 - sum % 11) % 11`, 10 written K. */
function nitCheck(body: readonly number[]): string {
  const sum = [...body].reverse().reduce((total, digit, fromRight) => total + digit * (fromRight + 2), 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'K' : String(check);
}

/** The weight the spec gives the body digit at `index` (from the left) of a body `length` long. */
function weightAt(index: number, length: number): number {
  return length - index + 1;
}

/** `digits` with the one at `index` replaced. */
function replaced(digits: readonly number[], index: number, digit: number): number[] {
  return digits.map((d, i) => (i === index ? digit : d));
}

const digit = fc.integer({ min: 0, max: 9 });
/** A digit other than `old`: old + 1..9, modulo 10. */
const shift = fc.integer({ min: 1, max: 9 });

const duiBody = fc.array(digit, { minLength: 8, maxLength: 8 }).filter((body) => body.some((d) => d !== 0));
const validDui = duiBody.map((body) => ({ body, check: duiCheckDigit(body) }));

describe('the test helpers follow the spec', () => {
  it('give the check digits of the NOTES.md and rule examples', () => {
    expect(duiCheckDigit([0, 4, 6, 4, 4, 8, 4, 8])).toBe(2);
    expect(nitCheck([1, 2, 3, 4, 5, 6, 7])).toBe('9');
    expect(nitCheck([5, 7, 6, 9, 3, 7])).toBe('K');
  });
});

describe('DUI check digit (property)', () => {
  it('accepts every valid DUI, with and without the hyphen', () => {
    fc.assert(
      fc.property(validDui, ({ body, check }) => {
        expect(dui.test(`${body.join('')}-${check}`)).toBe(true);
        expect(dui.test(`${body.join('')}${check}`)).toBe(true);
      }),
      { numRuns },
    );
  });

  it('rejects a valid DUI whose check digit was changed', () => {
    fc.assert(
      fc.property(validDui, shift, ({ body, check }, by) => {
        const wrong = (check + by) % 10;
        expect(dui.test(`${body.join('')}-${wrong}`)).toBe(false);
        expect(dui.test(`${body.join('')}${wrong}`)).toBe(false);
      }),
      { numRuns },
    );
  });

  it('rejects a valid DUI with one body digit changed, unless weight × change is a multiple of 10', () => {
    fc.assert(
      fc.property(validDui, fc.integer({ min: 0, max: 7 }), shift, ({ body, check }, index, by) => {
        const old = body[index] as number;
        const changed = replaced(body, index, (old + by) % 10);
        const delta = ((old + by) % 10) - old;
        // Modulo 10 cannot see these: weight 5 changed by an even amount, an even weight changed by 5.
        const unseen = (weightAt(index, 8) * delta) % 10 === 0;
        const allZeros = [...changed, check].every((d) => d === 0);
        const expected = unseen && !allZeros;
        expect(dui.test(`${changed.join('')}-${check}`)).toBe(expected);
        expect(dui.test(`${changed.join('')}${check}`)).toBe(expected);
      }),
      { numRuns },
    );
  });

  it('rejects every change the check can see: a digit at weight 9, 7 or 3, changed by anything', () => {
    fc.assert(
      fc.property(validDui, fc.constantFrom(0, 2, 6), shift, ({ body, check }, index, by) => {
        const changed = replaced(body, index, ((body[index] as number) + by) % 10);
        expect(dui.test(`${changed.join('')}-${check}`)).toBe(false);
      }),
      { numRuns },
    );
  });

  it('has the blind spots of modulo 10 that the spec prescribes (examples)', () => {
    // 04644848-2 with its weight-5 digit 4 → 6 (+10 to the sum) and its weight-8 digit 4 → 9 (+40).
    expect(dui.test('04646848-2')).toBe(true);
    expect(dui.test('09644848-2')).toBe(true);
    // A change the check does see.
    expect(dui.test('14644848-2')).toBe(false);
  });

  it('rejects a valid DUI with a letter put in place of any digit', () => {
    fc.assert(
      fc.property(validDui, fc.integer({ min: 0, max: 8 }), fc.constantFrom('A', 'k', 'O', 'l', ' ', '-'), ({ body, check }, index, char) => {
        const chars = [...body.map(String), String(check)];
        chars[index] = char;
        const [head, tail] = [chars.slice(0, 8).join(''), chars[8] as string];
        expect(dui.test(`${head}-${tail}`)).toBe(false);
        expect(dui.test(`${head}${tail}`)).toBe(false);
      }),
      { numRuns },
    );
  });

  it('rejects fewer than 9 digits, with and without a hyphen before the last', () => {
    fc.assert(
      fc.property(fc.array(digit, { minLength: 1, maxLength: 8 }), (digits) => {
        const text = digits.join('');
        expect(dui.test(text)).toBe(false);
        expect(dui.test(`${text.slice(0, -1)}-${text.slice(-1)}`)).toBe(false);
      }),
      { numRuns },
    );
  });

  it.each(['000000000', '00000000-0', '', '0', '12345678', '1234567-8', '0464484-2'])(
    'spec edge case %j fails with "El DUI ingresado no es válido"',
    (value) => {
      expect(dui.test(value)).toBe(false);
      expect(dui.message).toBe('El DUI ingresado no es válido');
      expect(errorMessage({ keyword: 'format', params: { format: 'dui' } }, formatMessages)).toBe('El DUI ingresado no es válido');
    },
  );

  it('would take 000000000 by the arithmetic alone, so the rule rejects it on purpose', () => {
    expect(duiCheckDigit([0, 0, 0, 0, 0, 0, 0, 0])).toBe(0);
    expect(dui.test('000000000')).toBe(false);
  });
});

/** Bodies of 1 to 9 digits: weights 2..10, none a multiple of 11, so every single change shows. */
const shortNitBody = fc.array(digit, { minLength: 1, maxLength: 9 });
const validNit = (body: fc.Arbitrary<number[]>) => body.map((digits) => ({ body: digits.join(''), digits, check: nitCheck(digits) }));
const checkChars = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'K'];

describe('NIT check (property)', () => {
  it('accepts every valid NIT, with and without the hyphen, K in either case', () => {
    fc.assert(
      fc.property(validNit(fc.array(digit, { minLength: 1, maxLength: 12 })), ({ body, check }) => {
        for (const c of new Set([check, check.toLowerCase()])) {
          expect(nit.test(`${body}-${c}`)).toBe(true);
          expect(nit.test(`${body}${c}`)).toBe(true);
        }
      }),
      { numRuns },
    );
  });

  it('accepts a K check in upper and lower case', () => {
    const withK = validNit(shortNitBody).filter(({ check }) => check === 'K');
    fc.assert(
      fc.property(withK, ({ body }) => {
        expect(nit.test(`${body}-K`)).toBe(true);
        expect(nit.test(`${body}-k`)).toBe(true);
        expect(nit.test(`${body}K`)).toBe(true);
        expect(nit.test(`${body}k`)).toBe(true);
        expect(nit.test(`${body}-0`)).toBe(false);
      }),
      { numRuns },
    );
  });

  it('rejects a valid NIT whose check was changed to any other digit or K', () => {
    fc.assert(
      fc.property(validNit(fc.array(digit, { minLength: 1, maxLength: 12 })), fc.constantFrom(...checkChars), ({ body, check }, other) => {
        fc.pre(other !== check);
        expect(nit.test(`${body}-${other}`)).toBe(false);
        expect(nit.test(`${body}${other.toLowerCase()}`)).toBe(false);
      }),
      { numRuns },
    );
  });

  it('rejects a valid NIT (body up to 9 digits) with any one body digit changed', () => {
    fc.assert(
      fc.property(validNit(shortNitBody), fc.nat(), shift, ({ digits, check }, at, by) => {
        const index = at % digits.length;
        const changed = replaced(digits, index, ((digits[index] as number) + by) % 10).join('');
        expect(nit.test(`${changed}-${check}`)).toBe(false);
        expect(nit.test(`${changed}${check}`)).toBe(false);
      }),
      { numRuns },
    );
  });

  it('cannot see a change of the digit weighted 11 (tenth from the right), as modulo 11 prescribes', () => {
    fc.assert(
      fc.property(validNit(fc.array(digit, { minLength: 10, maxLength: 12 })), shift, ({ digits, check }, by) => {
        const index = digits.length - 10;
        expect(weightAt(index, digits.length)).toBe(11);
        const changed = replaced(digits, index, ((digits[index] as number) + by) % 10).join('');
        expect(nit.test(`${changed}-${check}`)).toBe(true);
      }),
      { numRuns },
    );
  });

  it.each(['cf', 'CF', 'Cf', 'cF'])('accepts consumidor final %j', (value) => {
    expect(nit.test(value)).toBe(true);
  });

  it.each(['c', 'cff', 'c-f', '', '-', 'K', '1234567-X'])('rejects %j with "El NIT ingresado no es válido"', (value) => {
    expect(nit.test(value)).toBe(false);
    expect(nit.message).toBe('El NIT ingresado no es válido');
  });
});
