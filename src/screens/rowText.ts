/**
 * A row written by a step file's text template: each `{key}` stands for the row's value (none:
 * nothing), spaces folded. A product owner writes "{id} · {cliFirstName} {cliFirstLastName}".
 *
 * @example rowText('{planName} · {address}', { planName: 'Internet 50', address: 'Col. Kennedy' }) // 'Internet 50 · Col. Kennedy'
 */
export function rowText(template: string, row: Record<string, unknown>): string {
  return template
    .replace(/\{([^}]+)\}/g, (_, key: string) => {
      const value = row[key];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    })
    .replace(/\s+/g, ' ')
    .replace(/^[\s·,-]+|[\s·,-]+$/g, '')
    .trim();
}
