import type { FormatRule } from '../formatRule';

const local = '[A-Za-z0-9._-]+';
const domain = '[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*';

/** The e-mail rule of spec section 5: letters, digits and `._-` before the `@`, a domain, a 2 to 4 letter top-level domain. */
export const email: FormatRule = {
  format: 'email-address',
  message: 'El correo electrónico no es válido',
  test: (value) => new RegExp(`^${local}@${domain}\\.[A-Za-z]{2,4}$`).test(value),
};

/** The variant of the same rule that accepts a top-level domain of 2 to 5 letters. */
export const emailTld5: FormatRule = {
  format: 'email-address-tld5',
  message: 'El correo electrónico no es válido',
  test: (value) => new RegExp(`^${local}@${domain}\\.[A-Za-z]{2,5}$`).test(value),
};

/**
 * The looser check while the agent types: nothing that could never become an address (spaces,
 * a second `@`, other symbols), so a half-typed address is not flagged yet.
 */
export const emailTyping: FormatRule = {
  format: 'email-typing',
  message: 'El correo electrónico no es válido',
  test: (value) => /^[A-Za-z0-9._-]*(?:@[A-Za-z0-9.-]*)?$/.test(value),
};
