import type { FormatRule } from './formatRule';

/**
 * Phone numbers per country (spec sections 5 and 9). SV: exactly 8 digits, shown `#### ####`.
 * HN: at least 8 digits starting with 2, 6, 7 or 8. GT: at least 8 digits starting with 3, 4
 * or 5 ("Debe comenzar con 3 4 ó 5"). PY: exactly 8 digits. CO: spaces and symbols removed,
 * at least 10 digits starting with 3. Where the spec strips symbols first (CO) the rule does
 * too; elsewhere the stored value is digits only (the mask adds spaces on screen).
 */
export const phoneRules = {
  SV: { format: 'phone-sv', message: 'El número de teléfono debe tener 8 dígitos', pattern: /^\d{8}$/, strip: false, mask: '#### ####' },
  HN: { format: 'phone-hn', message: 'El número debe tener al menos 8 dígitos y comenzar con 2, 6, 7 u 8', pattern: /^[2678]\d{7,}$/, strip: false, mask: '####-####' },
  GT: { format: 'phone-gt', message: 'Debe comenzar con 3 4 ó 5', pattern: /^[345]\d{7,}$/, strip: false, mask: '#### ####' },
  PY: { format: 'phone-py', message: 'El número de teléfono debe tener 8 dígitos', pattern: /^\d{8}$/, strip: false, mask: '#### ####' },
  CO: { format: 'phone-co', message: 'El Número ingresado no es valido.', pattern: /^3\d{9,}$/, strip: true, mask: '### ### ####' },
} as const;

export const phones: FormatRule[] = Object.values(phoneRules).map(({ format, message, pattern, strip }) => ({
  format,
  message,
  test: (value: string) => pattern.test(strip ? value.replace(/[^\d]/g, '') : value),
}));

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
