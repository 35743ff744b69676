import { escapeSegment } from '../pack/jsonPointer';

/**
 * Characters no field of the provider takes, whatever its rules (docs/security.md, "Names and
 * free text"): control characters (NUL, escape... but the line breaks and tab a comment may
 * hold), and the invisible ones that change how text reads without showing (zero-width spaces
 * and joiners, the byte-order mark, bidirectional overrides and isolates: a right-to-left
 * override makes "ANA" show as "ANA" while it is stored reversed around it).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]/;

/** The first field (a JSON Pointer, `/body/cliFirstName`) whose text holds such a character, if any; nested values are walked without recursion. */
export function hiddenCharacterAt(parts: Record<string, unknown>): string | undefined {
  const stack: Array<{ value: unknown; pointer: string }> = Object.entries(parts).map(([name, value]) => ({ value, pointer: `/${name}` }));
  while (stack.length > 0) {
    const { value, pointer } = stack.pop() as { value: unknown; pointer: string };
    if (typeof value === 'string') {
      if (HIDDEN.test(value)) return pointer;
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) stack.push({ value: inner, pointer: `${pointer}/${escapeSegment(key)}` });
      // A key can hide characters too.
      const key = Object.keys(value).find((k) => HIDDEN.test(k));
      if (key !== undefined) return pointer;
    }
  }
  return undefined;
}

/** The agent's words for it (Spanish, as every message the app shows). */
export const HIDDEN_CHARACTER_MESSAGE = 'El dato tiene caracteres no permitidos (de control o invisibles); escríbelo de nuevo';
