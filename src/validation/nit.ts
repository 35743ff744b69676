import type { FormatRule } from './formatRule';

/**
 * Guatemala's NIT: `CF` (consumidor final), or digits and a check character (a digit or `K`),
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
