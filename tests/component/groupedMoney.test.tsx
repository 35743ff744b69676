// @vitest-environment jsdom
import './jsdomShims';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { showStep } from './stepScreen';

afterEach(cleanup);

// Issue 30, point 8: every amount a screen shows is grouped by the country's locale (El
// Salvador's here, the tests' build: "$1,150.00"); they were written ungrouped ("$1150.00").
// One screen for each way an amount reaches the page: a single value, a read-only field, a
// list's row (`|money`), a summary line and the offers.

const doblePlay = { planId: 'DP-1', name: 'Doble Play 1000', type: 'Bundle', priceList: [{ value: 1150 }] };

describe('an amount on a screen, grouped by thousands', () => {
  it('a single value: the pending debt (/deuda-pendiente)', async () => {
    await showStep('pendingDebt', { sale: { clientDetails: { individualsLists: [{ customerAccountLists: { debtAmount: 1234567.5 } }] } } });
    expect(screen.getByText('$1,234,567.50')).toBeTruthy();
  });

  it("a read-only field: the installation charge (/checkout)", async () => {
    await showStep('checkout', { sale: { checkout: { monthsContract: 0, activationCost: 1150 } } });
    expect(await screen.findByText('$1,150.00')).toBeTruthy();
  });

  it("a list's rows and a summary line: the order's confirmation", async () => {
    await showStep('confirmOrder', { sale: { selection: { 'DP-1': doblePlay }, checkout: { monthsContract: 12, activationCost: 2500 } } });
    expect(screen.getByText('$1,150.00 al mes')).toBeTruthy();
    expect(screen.getByText('$2,500.00')).toBeTruthy();
  });

  it('the offers', async () => {
    await showStep('offers', { sale: { catalog: { offers: [doblePlay] }, selection: {} } });
    expect(await screen.findByText('$1,150.00')).toBeTruthy();
  });
});
