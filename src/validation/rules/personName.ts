import type { FormatRule } from '../formatRule';

/** Names and address-type fields: letters (accented ones and ñ included) and spaces only. */
export const personName: FormatRule = {
  format: 'person-name',
  message: 'Solo se permiten letras y espacios',
  test: (value) => /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ ]+$/.test(value) && value.trim() !== '',
};
