import type { FormatRule } from '../formatRule';

// Colombia's own rules (spec sections 5 and 9), found here by the registry (../formats.ts).

/** A phone number: spaces and symbols removed first (the spec says so), at least 10 digits starting with 3 (shown `### ### ####`). */
export const phoneCo: FormatRule = {
  format: 'phone-co',
  message: 'El Número ingresado no es valido.',
  test: (value) => /^3\d{9,}$/.test(value.replace(/[^\d]/g, '')),
};
