import type { FormatRule } from '../formatRule';

// Paraguay's own rules (spec sections 5 and 9), found here by the registry (../formats.ts).

/** A phone number: exactly 8 digits, stored as digits only (shown `#### ####`). */
export const phonePy: FormatRule = {
  format: 'phone-py',
  message: 'El número de teléfono debe tener 8 dígitos',
  test: (value) => /^\d{8}$/.test(value),
};
