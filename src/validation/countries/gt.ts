import type { FormatRule } from '../formatRule';

// Guatemala's own rules (spec sections 5 and 9), found here by the registry (../formats.ts).

/**
 * The NIT: `CF` (consumidor final), or digits and a check character (a digit or `K`),
 * optionally after a hyphen. The body digits are weighted from 2 at the right upward, summed,
 * and the check is `(11 - sum % 11) % 11`, written `K` when it is 10.
 *
 * @example nit.test('1234567-9') // true
 */
export const nit: FormatRule = {
  format: 'nit',
  message: 'El NIT ingresado no es válido',
  test: (value) => {
    if (/^cf$/i.test(value)) return true;
    const match = /^(\d+)-?([\dkK])$/.exec(value);
    if (!match) return false;
    const body = match[1] as string;
    const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (body.length + 1 - i), 0);
    const check = (11 - (sum % 11)) % 11;
    return (check === 10 ? 'K' : String(check)) === (match[2] as string).toUpperCase();
  },
};

/** A phone number: at least 8 digits starting with 3, 4 or 5, stored as digits only (shown `#### ####`). */
export const phoneGt: FormatRule = {
  format: 'phone-gt',
  message: 'Debe comenzar con 3 4 ó 5',
  test: (value) => /^[345]\d{7,}$/.test(value),
};
