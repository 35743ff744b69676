import type { FormatRule } from '../formatRule';

/** Digit fields (document numbers, codes): digits only. */
export const digits: FormatRule = {
  format: 'digits',
  message: 'Solo se permiten números',
  test: (value) => /^\d+$/.test(value),
};
