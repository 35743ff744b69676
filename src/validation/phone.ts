import type { FormatRule } from './formatRule';

/*
 * Phone numbers, one rule per country (spec sections 5 and 9), each registered by its format
 * name (formats.ts): a build imports only the one its country's steps name. The stored value is
 * digits only (the country file's mask adds spaces on screen), except where the spec strips
 * symbols first (CO).
 */

/** El Salvador: exactly 8 digits, shown `#### ####`. */
export const phoneSv: FormatRule = {
  format: 'phone-sv',
  message: 'El número de teléfono debe tener 8 dígitos',
  test: (value) => /^\d{8}$/.test(value),
};

/** Honduras: at least 8 digits starting with 2, 6, 7 or 8, shown `####-####`. */
export const phoneHn: FormatRule = {
  format: 'phone-hn',
  message: 'El número debe tener al menos 8 dígitos y comenzar con 2, 6, 7 u 8',
  test: (value) => /^[2678]\d{7,}$/.test(value),
};

/** Guatemala: at least 8 digits starting with 3, 4 or 5, shown `#### ####`. */
export const phoneGt: FormatRule = {
  format: 'phone-gt',
  message: 'Debe comenzar con 3 4 ó 5',
  test: (value) => /^[345]\d{7,}$/.test(value),
};

/** Paraguay: exactly 8 digits, shown `#### ####`. */
export const phonePy: FormatRule = {
  format: 'phone-py',
  message: 'El número de teléfono debe tener 8 dígitos',
  test: (value) => /^\d{8}$/.test(value),
};

/** Colombia: spaces and symbols removed, at least 10 digits starting with 3, shown `### ### ####`. */
export const phoneCo: FormatRule = {
  format: 'phone-co',
  message: 'El Número ingresado no es valido.',
  test: (value) => /^3\d{9,}$/.test(value.replace(/[^\d]/g, '')),
};

/**
 * Puts digits into a mask where `#` stands for a digit: what the agent sees while typing.
 *
 * @example applyMask('70001234', '#### ####') // '7000 1234'
 */
export function applyMask(digits: string, mask: string): string {
  let out = '';
  let next = 0;
  const only = digits.replace(/\D/g, '');
  for (const char of mask) {
    if (next >= only.length) break;
    out += char === '#' ? only[next++] : char;
  }
  return out;
}
