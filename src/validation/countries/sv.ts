import type { FormatRule } from '../formatRule';

// El Salvador's own rules (spec sections 5 and 9), found here by the registry (../formats.ts).

/**
 * The DUI: 8 digits and a check digit, written `04644848-2` or `046448482`. The first
 * eight are weighted 9 down to 2 (2 upward from the right), summed, and the check digit is
 * `(10 - sum % 10) % 10`. All zeros is not a DUI.
 *
 * @example dui.test('04644848-2') // true
 */
export const dui: FormatRule = {
  format: 'dui',
  // El Salvador's words (spec section 5), so they reach El Salvador's build only, with the rule.
  message: 'El DUI ingresado no es válido',
  test: (value) => {
    const match = /^(\d{8})-?(\d)$/.exec(value);
    if (!match) return false;
    const body = match[1] as string;
    if (`${body}${match[2]}` === '000000000') return false;
    const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (9 - i), 0);
    return (10 - (sum % 10)) % 10 === Number(match[2]);
  },
};

/** A phone number: exactly 8 digits, stored as digits only (the country file's mask shows `#### ####`). */
export const phoneSv: FormatRule = {
  format: 'phone-sv',
  message: 'El número de teléfono debe tener 8 dígitos',
  test: (value) => /^\d{8}$/.test(value),
};
