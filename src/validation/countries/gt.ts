import { tableOf, type FormatRule, type ReferenceTables } from '../formatRule';

// Guatemala's own rules (spec sections 5 and 9), found here by the registry (../formats.ts).

/**
 * The NIT: `CF` (consumidor final), or digits and a check character (a digit or `K`),
 * optionally after a hyphen. The body digits are weighted from 2 at the right upward, summed,
 * and the check is `(11 - sum % 11) % 11`, written `K` when it is 10.
 *
 * @example nit.test('1234567-9') // true
 */
export const nit: FormatRule = {
  format: 'nit',
  message: 'El NIT ingresado no es válido',
  test: (value) => {
    if (/^cf$/i.test(value)) return true;
    const match = /^(\d+)-?([\dkK])$/.exec(value);
    if (!match) return false;
    const body = match[1] as string;
    const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (body.length + 1 - i), 0);
    const check = (11 - (sum % 11)) % 11;
    return (check === 10 ? 'K' : String(check)) === (match[2] as string).toUpperCase();
  },
};

/** A phone number: at least 8 digits starting with 3, 4 or 5, stored as digits only (shown `#### ####`). */
export const phoneGt: FormatRule = {
  format: 'phone-gt',
  message: 'Debe comenzar con 3 4 ó 5',
  test: (value) => /^[345]\d{7,}$/.test(value),
};

/**
 * The CUI's check digit (its 9th), from its first 8: each digit weighted 2 to 9 from the left,
 * the sum modulo 11. A remainder of 10 makes no digit: no valid CUI has that body.
 *
 * @example cuiCheck('12345678') // 9
 */
export function cuiCheck(body: string): number {
  return [...body].reduce((total, digit, i) => total + Number(digit) * (i + 2), 0) % 11;
}

/**
 * The DPI (its CUI, Código Único de Identificación): 13 digits, stored as digits only (shown
 * `#### ##### ####`): 8 of a serial, the check digit (cuiCheck), then where its holder was
 * registered: the department (digits 10-11), one of the country's `departments`, and the
 * municipality's number inside it (digits 12-13), one of its `municipalities` (code
 * department + number, as reference/gt/ lists them). The tables are the country's reference
 * data, given to the rule by whoever runs it (formatRule.ts, `reads`).
 *
 * @example dpi.test('1234567890101', undefined, { departments: [{ code: '01' }], municipalities: [{ code: '0101', department: '01' }] }) // true
 */
export const dpi: FormatRule = {
  format: 'dpi',
  message: 'El DPI ingresado no es válido',
  reads: ['departments', 'municipalities'],
  test: (value, _now, tables?: ReferenceTables) => {
    const departments = tableOf(tables, 'departments', 'dpi');
    const municipalities = tableOf(tables, 'municipalities', 'dpi');
    const match = /^(\d{8})(\d)(\d{2})(\d{2})$/.exec(value);
    if (!match) return false;
    const [, body, check, department, municipality] = match as unknown as [string, string, string, string, string];
    if (cuiCheck(body) !== Number(check) || !departments.some((row) => isIn(row, department))) return false;
    // A municipality's code is its department's and its own number: `0117`, the 17th of `01`.
    return municipalities.some((row) => isIn(row, `${department}${municipality}`, department));
  },
};

/** Whether a row of a table has that code and, when a department is given, belongs to it (its `department`, when the row says). */
function isIn(row: unknown, code: string, department?: string): boolean {
  if (!row || typeof row !== 'object') return false;
  const { code: own, department: of } = row as { code?: unknown; department?: unknown };
  return String(own) === code && (department === undefined || of === undefined || String(of) === department);
}
