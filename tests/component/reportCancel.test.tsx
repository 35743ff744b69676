// @vitest-environment jsdom
import './jsdomShims';
import { MantineProvider } from '@mantine/core';
import validator from '@rjsf/validator-ajv8';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepFile } from '../../src/pack/stepFile';
import { StepForm, withDefaults } from '../../src/screens/rjsf/StepForm';
import { LoadedStepScreen } from '../../src/screens/StepScreen';
import { fieldWidgets } from '../../src/screens/widgets/index';
import type { SentEvent } from './stepScreen';

// Issue 30, point 6: Honduras's sales report cancels a lead chosen among those that can still be
// cancelled. Once cancelled, the lead is no longer offered and its field shows empty, but the form
// kept it: "Cancelar solicitud" stayed enabled and sent it again ("La solicitud ya no se puede cancelar").

afterEach(cleanup);

const step = JSON.parse(readFileSync('schemas/steps/hn/salesReport.json', 'utf8')) as StepFile;

const lead = (id: string, status: string, name: string) => ({ id, status, cliFirstName: name, cliFirstLastName: 'Reyes' });
/** The report as the journey holds it: a page of the seller's leads. */
const report = (statusOf1502: string) => ({
  report: {
    leads: [lead('L-1501', 'COMPLETE', 'Ana'), lead('L-1502', statusOf1502, 'Óscar'), lead('L-1504', 'TOMODIFY', 'Wilmer')],
    pages: { page: 1, pageSize: 20, total: 3 },
  },
});

/** The report's screen (Honduras's step file, its widgets), drawn again with the journey's data as it changes. */
async function showReport() {
  const sent: SentEvent[] = [];
  const widgets = Object.fromEntries(await Promise.all(['journeySelect', 'SelectWidget'].map(async (name) => [name, await (fieldWidgets[name] as () => Promise<unknown>)()] as const)));
  const loaded = { step, validator, form: { Form: StepForm, widgets: widgets as never, withDefaults } };
  const screenWith = (journeyData: Record<string, unknown>, busy = false) => (
    <MantineProvider env="test">
      <LoadedStepScreen stepName="salesReport" loaded={loaded} saved={undefined} busy={busy} call={() => Promise.reject(new Error('no provider'))} journeyData={journeyData} send={(event) => sent.push(event)} />
    </MantineProvider>
  );
  const { rerender } = render(screenWith(report('REQUESTED')));
  return { sent, journey: (journeyData: Record<string, unknown>, busy?: boolean) => rerender(screenWith(journeyData, busy)) };
}

const user = () => userEvent.setup({ delay: null });

async function chooseLead(name: string) {
  await user().click(screen.getByRole('combobox', { name: /^Número de solicitud a cancelar/ }));
  await user().click(await screen.findByRole('option', { name }));
}

describe("the sales report's cancel button", () => {
  it('is disabled until a lead that can still be cancelled is chosen, and again once that lead is cancelled (it stayed enabled and sent the cancelled lead again)', async () => {
    const { sent, journey } = await showReport();
    const cancel = screen.getByRole('button', { name: 'Cancelar solicitud' });
    expect(cancel).toHaveProperty('disabled', true);
    await user().selectOptions(screen.getByRole('combobox', { name: /^Motivo de cancelación/ }), screen.getByRole('option', { name: 'El cliente cambió de opinión' }));
    // A reason alone is not enough.
    expect(cancel).toHaveProperty('disabled', true);
    await chooseLead('L-1502 · Óscar Reyes');
    await waitFor(() => expect(cancel).toHaveProperty('disabled', false));
    await user().click(cancel);
    expect(sent).toContainEqual({ type: 'lead.cancel', data: { leadId: 'L-1502', cancelReason: 'CUSTOMER_CHANGED_MIND' } });

    // The journey cancels it and reads the page again: L-1502 is no longer offered.
    journey(report('REQUESTED'), true);
    journey(report('CANCELLED'));
    const field = screen.getByRole('combobox', { name: /^Número de solicitud a cancelar/ }) as HTMLInputElement;
    expect(field.value).toBe('');
    await waitFor(() => expect(cancel).toHaveProperty('disabled', true));
    // Enter in a field does not send it either.
    await user().type(field, '{Enter}');
    expect(sent.filter((event) => event.type === 'lead.cancel'), JSON.stringify(sent)).toHaveLength(1);

    // Another lead chosen: the button is back.
    await chooseLead('L-1504 · Wilmer Reyes');
    await waitFor(() => expect(cancel).toHaveProperty('disabled', false));
    await user().click(cancel);
    expect(sent.filter((event) => event.type === 'lead.cancel').at(-1)).toEqual({ type: 'lead.cancel', data: { leadId: 'L-1504', cancelReason: 'CUSTOMER_CHANGED_MIND' } });
  });
});
