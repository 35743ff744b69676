import { getAt } from '../engine/jsonPointer';

/**
 * A row written by a step file's text template: each `{key}` stands for the row's value (none:
 * nothing), a `{path/0/key}` for a value deeper in the row, and `|money` after it writes a number
 * with `money` (the country's currency); spaces folded, no dangling separator. A product owner
 * writes "{id} · {cliFirstName} {cliFirstLastName}" or "{priceList/0/value|money} al mes".
 *
 * @example rowText('{planName} · {address}', { planName: 'Internet 50', address: 'Col. Kennedy' }) // 'Internet 50 · Col. Kennedy'
 */
export function rowText(template: string, row: Record<string, unknown>, money?: (amount: number) => string): string {
  return template
    .replace(/\{([^}|]+)(\|money)?\}/g, (_, path: string, asMoney: string | undefined) => {
      const value = getAt(row, `/${path}`);
      if (asMoney && money && typeof value === 'number') return money(value);
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    })
    .replace(/\s+/g, ' ')
    .replace(/^[\s·,-]+|[\s·,-]+$/g, '')
    .trim();
}
