import { describe, expect, it } from 'vitest';
import { money, type ProviderSettings } from '../../src/sandbox/providerSettings';

const dollars: ProviderSettings = { timeZone: 'America/El_Salvador', currency: { code: 'USD', symbol: '$' }, documents: {}, configuration: {} };

describe("the provider's messages", () => {
  // Issue 30: the income refusal and the offers' bulletin wrote "$1079.70", ungrouped, on a screen
  // whose own amounts are grouped ("$1,150.00").
  it('write amounts with their thousands grouped, as the app does', () => {
    expect(money(dollars, 1079.7)).toBe('$1,079.70');
    expect(money(dollars, 190.68)).toBe('$190.68');
    expect(money(dollars, 1234567.891)).toBe('$1,234,567.89');
  });
});
