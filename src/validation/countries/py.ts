import type { FormatRule } from '../formatRule';

// Paraguay's own rules (spec sections 5 and 9), found here by the registry (../formats.ts).

/** A phone number: exactly 8 digits, stored as digits only (shown `#### ####`). */
export const phonePy: FormatRule = {
  format: 'phone-py',
  message: 'El número de teléfono debe tener 8 dígitos',
  test: (value) => /^\d{8}$/.test(value),
};

/**
 * A document number of either type (spec section 5: the number input takes at most 20): letters
 * and digits only, since the provider files it as one token and a space or a dash typed in would
 * make the same document two.
 */
export const documentPy: FormatRule = {
  format: 'document-py',
  message: 'El número de documento admite solo letras y dígitos, hasta 20',
  test: (value) => /^[A-Za-z0-9]{1,20}$/.test(value),
};

/**
 * A Paraguayan identity card (CI) number: digits only, at most 20 (section 5's limit); the card
 * prints no letters, so a letter is a typing slip the agent is told of before the provider is asked.
 */
export const ciPy: FormatRule = {
  format: 'ci-py',
  message: 'La cédula de identidad tiene solo dígitos, hasta 20',
  test: (value) => /^\d{1,20}$/.test(value),
};
