// @vitest-environment jsdom
/**
 * Issue 34: a step's links to pages outside the app (the test country zk's debt screen): real
 * links that open in a new tab without the app's address or a handle on it, named as leaving for
 * a new tab; a click records the link's track name and the step in window.dataLayer, and nothing
 * else: never the address (its query), never what was typed.
 */
import './jsdomShims';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { recordOutboundLink } from '../../src/app/analytics';
import { TRACKING_VERSION } from '../../src/app/trackingRecords';
import type { StepFile } from '../../src/pack/stepFile';
import { LoadedStepScreen } from '../../src/screens/StepScreen';

afterEach(() => {
  cleanup();
  delete window.dataLayer;
});

const debt = JSON.parse(readFileSync('tests/fixtures/packs/zk/schemas/steps/zk/zkDeuda.json', 'utf8')) as StepFile;

function showDebt(step: StepFile = debt) {
  render(
    <MantineProvider env="test">
      <LoadedStepScreen
        stepName={step.step}
        loaded={{ step }}
        saved={undefined}
        busy={false}
        call={() => Promise.reject(new Error('no call on this screen'))}
        journeyData={{ sale: { customer: { email: 'ana@example.com' } } }}
        send={() => undefined}
        onOpenLink={(track) => recordOutboundLink('zk', 'existingDebt', track)}
      />
    </MantineProvider>,
  );
}

describe("a step's links to the provider's public site", () => {
  it('are real links to their https: pages, opening a new tab with noopener noreferrer, named as such', () => {
    showDebt();
    const branches = screen.getByRole('link', { name: 'Ver agencias (se abre en una pestaña nueva)' });
    expect(branches.getAttribute('href')).toBe('https://www.example.zk/agencias?region=todas');
    expect(branches.getAttribute('target')).toBe('_blank');
    expect(branches.getAttribute('rel')).toBe('noopener noreferrer');
    expect(branches.textContent).toBe('Ver agencias');
    expect(screen.getByRole('link', { name: 'Ver centros de pago (se abre en una pestaña nueva)' }).getAttribute('href')).toBe('https://www.example.zk/centros-de-pago');
  });

  it('record each click (and a middle click) with the link and the step, never the address or the journey\'s data', () => {
    showDebt();
    const branches = screen.getByRole('link', { name: /^Ver agencias/ });
    // jsdom does not navigate; the record is pushed on the click itself.
    branches.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(branches);
    fireEvent(screen.getByRole('link', { name: /^Ver centros de pago/ }), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(window.dataLayer).toEqual([
      { event: 'outbound_link', journey: 'zk', step: 'existingDebt', link: 'branchLocations', tracking_version: TRACKING_VERSION, deploy_version: expect.any(String) },
      { event: 'outbound_link', journey: 'zk', step: 'existingDebt', link: 'paymentCenters', tracking_version: TRACKING_VERSION, deploy_version: expect.any(String) },
    ]);
    expect(JSON.stringify(window.dataLayer)).not.toMatch(/example\.zk|region=|ana@example\.com/);
  });

  it('draws no link for an address that is not https: (journeys:check refuses it first; this is the last guard)', () => {
    showDebt({ ...debt, links: [{ label: 'Pagar', href: 'javascript:alert(1)', track: 'pay' }, { label: 'Agencias', href: 'http://www.example.zk/agencias', track: 'branches' }] });
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});
