// @vitest-environment jsdom
import './jsdomShims';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepFile } from '../../src/pack/stepFile';
import { LoadedStepScreen } from '../../src/screens/StepScreen';
import type { SentEvent } from './stepScreen';

afterEach(cleanup);

// Issue 30, point 8: Honduras's open-order screen (/transaccion-activa) said the customer has a
// sale in progress without naming it. It shows each order the provider's answer gives
// (activeTransactions, kept by the journey at /context/sale/transactions): its number, its status
// in the report's words and the day it was made.

const step = JSON.parse(readFileSync('schemas/steps/hn/activeTransaction.json', 'utf8')) as StepFile;

function show(journeyData: Record<string, unknown>) {
  const sent: SentEvent[] = [];
  render(
    <MantineProvider env="test">
      <LoadedStepScreen stepName={step.step} loaded={{ step }} saved={undefined} busy={false} call={() => Promise.reject(new Error('no call here'))} journeyData={journeyData} send={(event) => sent.push(event)} />
    </MantineProvider>,
  );
  return sent;
}

describe("Honduras's open-order screen", () => {
  it("names the order the provider found, with its status and the day it was made", () => {
    // As the provider answers it (openapi/hn/orders.yaml, the sandbox's seed: people.json's openOrders).
    show({ sale: { transactions: [{ orderId: 'L-1001', status: 'REQUESTED', createdAt: '2026-11-20T09:00:00-06:00' }] } });
    const row = screen.getByTestId('row');
    expect(within(row).getByText('Solicitud L-1001')).toBeTruthy();
    expect(within(row).getByText('Pendiente')).toBeTruthy();
    expect(within(row).getByText('Creada el 20/11/2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volver al inicio' })).toBeTruthy();
  });

  it('names each open order, a status the report has no words for as it is, and no date when the answer gives none', () => {
    show({ sale: { transactions: [{ orderId: 'L-1001', status: 'TOMODIFY', createdAt: '2026-11-20T15:00:00Z' }, { orderId: 'L-2002', status: 'ONHOLD' }] } });
    const rows = screen.getAllByTestId('row');
    expect(rows.map((row) => row.textContent)).toEqual(['Solicitud L-1001Creada el 20/11/2026Accion necesaria', 'Solicitud L-2002ONHOLD']);
    const [first, second] = rows.map((row) => within(row));
    expect(first?.getByText('Solicitud L-1001')).toBeTruthy();
    expect(first?.getByText('Accion necesaria')).toBeTruthy();
    expect(second?.getByText('Solicitud L-2002')).toBeTruthy();
    expect(second?.getByText('ONHOLD')).toBeTruthy();
    expect(second?.queryByText(/Creada/)).toBeNull();
  });
});
