import type { FormatRule } from '../formatRule';

/** The address reference: letters (accented ones and ñ included), digits and spaces. */
export const addressReference: FormatRule = {
  format: 'address-reference',
  message: 'Solo se permiten letras, números y espacios',
  test: (value) => /^[A-Za-z0-9ÁÉÍÓÚÜÑáéíóúüñ ]+$/.test(value) && value.trim() !== '',
};
