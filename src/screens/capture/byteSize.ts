import { locale } from 'virtual:country';

// Written as the country writes numbers (the country file's locale).
const megabytes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
const kilobytes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });

/**
 * A size as the agent reads it, in binary units as the spec's limits are (2 MB = 2,097,152 bytes).
 *
 * @example
 * formatBytes(524_288) // '512 kB'
 * formatBytes(2_097_152) // '2 MB'
 */
export function formatBytes(bytes: number): string {
  const kb = Math.max(1, Math.round(bytes / 1024));
  // 1,023.6 kB would round to "1,024 kB": that is a megabyte.
  return kb >= 1024 ? megabytes.format(bytes / (1024 * 1024)) : kilobytes.format(kb);
}
