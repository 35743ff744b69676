import { getAt } from '../pack/jsonPointer';

/**
 * The calendar day of a date or a date-time as the provider wrote it, written DD/MM/YYYY as the
 * app writes dates ("2026-11-20T09:00:00-06:00" is "20/11/2026": the provider's own day, in its
 * own time zone, not the device's); a value that is no such date is written as it is.
 */
function dayText(value: string): string {
  const found = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
  if (!found) return value;
  const [, year, month, day] = found;
  return Number(month) >= 1 && Number(month) <= 12 && Number(day) >= 1 && Number(day) <= 31 ? `${day}/${month}/${year}` : value;
}

const FIELD = /\{([^}|]+)(?:\|(money|date))?\}/g;

/**
 * A row written by a step file's text template: each `{key}` stands for the row's value (none:
 * nothing), a `{path/0/key}` for a value deeper in the row; `|money` after it writes a number
 * with `money` (the country's currency: src/screens/money.ts) and `|date` a date or date-time as
 * its day, DD/MM/YYYY. A part between " · " whose values are all missing is left out with its
 * words ("Creada el {createdAt|date}" with no date); spaces folded, no dangling separator. A
 * product owner writes "{id} · {cliFirstName} {cliFirstLastName}", "{priceList/0/value|money} al
 * mes" or "Solicitud {orderId} · Creada el {createdAt|date}".
 *
 * @example rowText('{planName} · {address}', { planName: 'Internet 50', address: 'Col. Kennedy' }) // 'Internet 50 · Col. Kennedy'
 */
export function rowText(template: string, row: Record<string, unknown>, money?: (amount: number) => string): string {
  const valueText = (path: string, as: string | undefined) => {
    const value = getAt(row, `/${path}`);
    if (as === 'money' && money && typeof value === 'number') return money(value);
    if (as === 'date' && typeof value === 'string') return dayText(value);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  return template
    .split(/\s+·\s+/)
    .map((part) => {
      let found = false;
      let missing = true;
      const text = part.replace(FIELD, (_, path: string, as: string | undefined) => {
        found = true;
        const value = valueText(path, as);
        if (value !== '') missing = false;
        return value;
      });
      return found && missing ? '' : text;
    })
    .join(' · ')
    .replace(/\s+/g, ' ')
    .replace(/(\s·)+\s/g, ' · ')
    .replace(/^[\s·,-]+|[\s·,-]+$/g, '')
    .trim();
}
