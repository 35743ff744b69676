// @vitest-environment jsdom
import './jsdomShims';
import { MantineProvider } from '@mantine/core';
import validator from '@rjsf/validator-ajv8';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepFile } from '../../src/pack/stepFile';
import { StepForm, withDefaults } from '../../src/screens/rjsf/StepForm';
import { LoadedStepScreen } from '../../src/screens/StepScreen';
import type { SentEvent } from './stepScreen';

afterEach(cleanup);

/** A screen that chooses from a list the journey loads: "Reintentar" only while that list is empty. */
const schedule: StepFile = {
  $schema: '../../step.schema.json',
  step: 'scheduleList',
  title: 'Agendar visita',
  buttons: [
    { label: 'Reintentar', event: 'step.retry', unless: '/context/sale/schedule/dates' },
    { label: 'Continuar', event: 'step.submit', primary: true },
  ],
};

/** The screen with the journey's data given; drawn again with other data by `redraw`. */
function showSchedule(journeyData: Record<string, unknown>) {
  const sent: SentEvent[] = [];
  const screenWith = (data: Record<string, unknown>) => (
    <MantineProvider env="test">
      <LoadedStepScreen
        stepName={schedule.step}
        loaded={{ step: schedule, validator, form: { Form: StepForm, widgets: {}, withDefaults } }}
        saved={undefined}
        busy={false}
        call={() => Promise.reject(new Error('a component test called the provider'))}
        journeyData={data}
        send={(event) => sent.push(event)}
      />
    </MantineProvider>
  );
  const { rerender } = render(screenWith(journeyData));
  return { sent, redraw: (data: Record<string, unknown>) => rerender(screenWith(data)) };
}

describe('a button with `unless`', () => {
  it('shows only while the value is missing or empty, and sends its event', async () => {
    // The dates call failed: nothing loaded, the agent can only ask again.
    const { sent, redraw } = showSchedule({ sale: { schedule: {} } });
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    await userEvent.setup({ delay: null }).click(retry);
    expect(sent).toContainEqual({ type: 'step.retry' });
    // An empty list is as empty as a missing one.
    redraw({ sale: { schedule: { dates: [] } } });
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    // Loaded: the button goes, the others stay.
    redraw({ sale: { schedule: { dates: ['2026-12-01'] } } });
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeTruthy();
  });
});
