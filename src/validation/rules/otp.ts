import type { FormatRule } from '../formatRule';

/** A one-time code: exactly 6 digits. */
export const otp: FormatRule = {
  format: 'otp',
  message: 'El código debe tener 6 dígitos',
  test: (value) => /^\d{6}$/.test(value),
};
