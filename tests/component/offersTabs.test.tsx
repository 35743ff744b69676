// @vitest-environment jsdom
import './jsdomShims';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { showStep } from './stepScreen';

afterEach(cleanup);

// The offers screen opened on its first tab, PAQUETE, even where the node has no bundle (a DTH
// sale in Paraguay): the agent saw an empty list and had to guess another tab. It opens on the
// first tab with offers, and a tab with none says so.
const dth = { planId: 'DTH-1', name: 'TV Satelital Plus', type: 'Single DTH', priceList: [{ value: 99 }] };
const internet = { planId: 'NET-1', name: 'Internet 100', type: 'Single internet', priceList: [{ value: 30 }] };

describe('the offers tabs', () => {
  it('opens on the first tab that has offers when the first has none', async () => {
    await showStep('offers', { sale: { catalog: { offers: [dth, internet] }, selection: {} } });
    expect((await screen.findByRole('tab', { name: 'TV' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'PAQUETE' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByText('TV Satelital Plus')).toBeTruthy();
  });

  it('says a tab has no offers when the agent opens it', async () => {
    await showStep('offers', { sale: { catalog: { offers: [dth] }, selection: {} } });
    (await screen.findByRole('tab', { name: 'PAQUETE' })).click();
    const panel = await screen.findByRole('tabpanel', { name: 'PAQUETE' });
    expect(within(panel).getByText('No hay ofertas de este tipo para esta dirección.')).toBeTruthy();
  });
});
