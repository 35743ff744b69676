import type { FormatRule } from '../formatRule';
import { todayUtc } from './adult';
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

/**
 * An installation date (YYYY-MM-DD) that is not before the agent's today: a visit cannot be
 * booked in the past (spec 5, HN). The calendar offers no such date; a draft kept overnight can
 * hold one, and the screen says so before the provider refuses it.
 */
export const notPastIsoDate: FormatRule = {
  format: 'date-not-past',
  message: 'La fecha de instalación no puede estar en el pasado',
  test: (value, now = new Date()) => isoDate.test(value) && new Date(`${value}T00:00:00Z`).getTime() >= todayUtc(now).getTime(),
};
