import type { FormatRule } from '../formatRule';

/**
 * Reads `DD-MM-YYYY` or `DD/MM/YYYY` (one separator throughout) as a calendar date, or
 * undefined when it is not one (31/02/2000 is not).
 */
export function parseDmy(value: string): Date | undefined {
  const match = /^(\d{2})([-/])(\d{2})\2(\d{4})$/.exec(value);
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[3]), Number(match[4])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 ? date : undefined;
}

/** The spec's words for a date that is not one, whichever way it is written (isoDate.ts too). */
export const dateInvalid = 'Fecha inválido';

/** A valid date written DD-MM-YYYY or DD/MM/YYYY. */
export const dateDmy: FormatRule = {
  format: 'date-dmy',
  message: dateInvalid,
  test: (value) => parseDmy(value) !== undefined,
};
