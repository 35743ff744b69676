import { parseDmy } from './dateDmy';
import type { FormatRule } from '../formatRule';

/**
 * The calendar day of `now` where the agent is: the device's own day, not UTC's (at 20:00 in
 * San Salvador it is already tomorrow in UTC), as a UTC midnight to compare with parsed dates.
 */
export function todayUtc(now: Date): Date {
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
}

/** A date of birth (DD-MM-YYYY or DD/MM/YYYY) of someone at least 18 years old on `now`. */
export const adult: FormatRule = {
  format: 'adult-birth-date',
  message: 'El cliente debe ser mayor de 18 años',
  test: (value, now = new Date()) => {
    const born = parseDmy(value);
    if (!born) return false;
    const today = todayUtc(now);
    const eighteenth = new Date(Date.UTC(born.getUTCFullYear() + 18, born.getUTCMonth(), born.getUTCDate()));
    // Born on 29 February: the 18th birthday falls on 1 March in a common year.
    return eighteenth.getTime() <= today.getTime();
  },
};

/** A date (DD-MM-YYYY or DD/MM/YYYY) that is not after `now`'s day. */
export const notFuture: FormatRule = {
  format: 'past-date',
  message: 'La fecha no puede ser posterior a hoy',
  test: (value, now = new Date()) => {
    const date = parseDmy(value);
    return date !== undefined && date.getTime() <= todayUtc(now).getTime();
  },
};
