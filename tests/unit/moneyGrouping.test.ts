import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatMoney, type CountryFile } from '../../src/pack/countryFile';

// Issue 30, point 8: amounts were written without grouping ('L 1150.00', toFixed): an amount is
// written as the country writes numbers (its file's `locale`), grouped by thousands from four
// digits on, in the country file's currency format, and alike in Node, jsdom and Chromium.

const countryFile = (cc: string) => JSON.parse(readFileSync(`countries/${cc}.json`, 'utf8')) as CountryFile;

describe("money grouped by the country's locale (it was written ungrouped: 'L 1150.00')", () => {
  const hn = countryFile('hn');
  const sv = countryFile('sv');

  it("groups a four-digit amount for Honduras: 'L 1,150.00'", () => {
    expect(formatMoney(hn, 1150)).toBe('L 1,150.00');
    expect(formatMoney(hn, 1250.5)).toBe('L 1,250.50');
  });

  it("writes colones as Costa Rica does (issue 33): '₡25 000,00', thousands by a no-break space and a decimal comma", () => {
    const cr = countryFile('cr');
    // es-CR's group separator is a no-break space (U+00A0): a line never breaks inside an amount.
    expect(formatMoney(cr, 25000)).toBe('₡25\u00a0000,00');
    expect(formatMoney(cr, 1_234_567.5)).toBe('₡1\u00a0234\u00a0567,50');
    expect(formatMoney(cr, 950)).toBe('₡950,00');
  });

  it("groups a four-digit amount for El Salvador in its own format: '$1,150.00'", () => {
    expect(formatMoney(sv, 1150)).toBe('$1,150.00');
  });

  it('groups a million, and leaves an amount under a thousand as it was', () => {
    expect(formatMoney(hn, 1_234_567.891)).toBe('L 1,234,567.89');
    expect(formatMoney(sv, 1_000_000)).toBe('$1,000,000.00');
    expect(formatMoney(sv, 25)).toBe('$25.00');
    expect(formatMoney(hn, 0)).toBe('L 0.00');
  });

  it('writes a negative amount with its sign before the symbol, and no sign for what rounds to zero', () => {
    expect(formatMoney(hn, -1150.5)).toBe('-L 1,150.50');
    expect(formatMoney(sv, -1_000_000)).toBe('-$1,000,000.00');
    expect(formatMoney(sv, -0.001)).toBe('$0.00');
  });

  it("groups by four digits where CLDR's own locale would not (Spanish of Spain groups from five: minimumGroupingDigits 2)", () => {
    const es = { locale: 'es-ES', currency: { code: 'EUR', symbol: '€', format: '{amount} {symbol}' } };
    expect(formatMoney(es, 1150)).toBe('1.150,00 €');
    expect(formatMoney(es, 25)).toBe('25,00 €');
  });

  it("follows the currency's decimals and a symbol after the amount", () => {
    const py = { locale: 'es-PY', currency: { code: 'PYG', symbol: 'Gs.', format: '{amount} {symbol}', decimals: 0 } };
    expect(formatMoney(py, 150000)).toBe('150.000 Gs.');
    expect(formatMoney(py, 1500.6)).toBe('1.501 Gs.');
  });

  it('writes a symbol as it is, whatever characters it holds', () => {
    expect(formatMoney({ locale: 'es-SV', currency: { code: 'XTS', symbol: '$$', format: '{symbol}{amount}' } }, 1150)).toBe('$$1,150.00');
  });
});
