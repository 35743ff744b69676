import type { FormatRule } from './formatRule';
import { dateInvalid } from './dateDmy';

/**
 * A calendar date written YYYY-MM-DD, as date pickers and the provider's schedule give it
 * (JSON Schema's `date` format, implemented here so precompiled validators need no ajv-formats).
 */
export const isoDate: FormatRule = {
  format: 'date',
  message: dateInvalid,
  test: (value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return false;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  },
};
