import type { FormatRule } from '../formatRule';

// Nicaragua's own rules (variants spec section 9: CI by default, calling code 505), found here by
// the registry (../formats.ts). What the spec leaves unsaid is written down in docs/spec-choices.md.

/**
 * A phone number: 8 digits, the first 2 (fixed lines), 5, 7 or 8 (mobiles), as Nicaragua's
 * numbering plan gives them; stored as digits only (shown `####-####`).
 */
export const phoneNi: FormatRule = {
  format: 'phone-ni',
  message: 'El número debe tener 8 dígitos y comenzar con 2, 5, 7 u 8',
  test: (value) => /^[2578]\d{7}$/.test(value),
};

/**
 * A citizen's identity card (cédula de identidad, CI): the municipality of birth (3 digits), the
 * date of birth (6 digits, ddmmyy), a sequence (4 digits) and a check letter, 14 characters,
 * written `001-150390-0001A`; stored without hyphens, the letter in capitals. The date part
 * must be a day and month that exist, so a number typed with its parts swapped is caught.
 */
export const cedulaNi: FormatRule = {
  format: 'cedula-ni',
  message: 'La cédula debe tener 13 dígitos y una letra al final, sin guiones (0011503900001A)',
  example: '0011503900001A',
  test: (value) => {
    const parts = /^\d{3}(\d{2})(\d{2})\d{2}\d{4}[A-Y]$/.exec(value);
    if (!parts) return false;
    const day = Number(parts[1]);
    const month = Number(parts[2]);
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
  },
};
