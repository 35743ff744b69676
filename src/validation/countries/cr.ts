import type { FormatRule } from '../formatRule';

// Costa Rica's own rules (variants spec sections 5 and 9: CED, calling code 506), found here by
// the registry (../formats.ts). What the spec leaves unsaid is written down in docs/spec-choices.md.

/**
 * A phone number: 8 digits, the first 2 (fixed lines), 4 (numbers of services), 5, 6, 7 or 8
 * (mobiles), as the national numbering plan gives them; stored as digits only (shown `####-####`).
 */
export const phoneCr: FormatRule = {
  format: 'phone-cr',
  message: 'El número debe tener 8 dígitos y comenzar con 2, 4, 5, 6, 7 u 8',
  test: (value) => /^[245678]\d{7}$/.test(value),
};

/**
 * A physical person's identity card (cédula de identidad, CED): 9 digits, the first the province
 * of birth or registration (1 to 7), 8 for a naturalised citizen or 9 for special cases, then the
 * volume (4 digits) and the entry (4 digits); written `#-####-####`, stored as digits.
 */
export const cedulaCr: FormatRule = {
  format: 'cedula-cr',
  message: 'La cédula debe tener 9 dígitos y comenzar con un número del 1 al 9',
  test: (value) => /^[1-9]\d{8}$/.test(value),
};

/** A foreign resident's identity document (DIMEX): 11 or 12 digits, never starting with 0. */
export const dimexCr: FormatRule = {
  format: 'dimex-cr',
  message: 'El DIMEX debe tener 11 o 12 dígitos, sin ceros al inicio',
  test: (value) => /^[1-9]\d{10,11}$/.test(value),
};
