/*
 * A phone number as the agent sees it: the stored value is digits only, and the country file's
 * masks (`phoneMasks`) add the spaces or hyphens on screen. Each country's phone rule is in
 * countries/<cc>.ts.
 */

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
