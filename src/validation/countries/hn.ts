import type { FormatRule } from '../formatRule';

// Honduras's own rules (spec sections 5 and 9), found here by the registry (../formats.ts).

/** A phone number: at least 8 digits starting with 2, 6, 7 or 8, stored as digits only (shown `####-####`). */
export const phoneHn: FormatRule = {
  format: 'phone-hn',
  message: 'El número debe tener al menos 8 dígitos y comenzar con 2, 6, 7 u 8',
  test: (value) => /^[2678]\d{7,}$/.test(value),
};
