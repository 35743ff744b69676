// @vitest-environment jsdom
import './jsdomShims';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepFile } from '../../src/pack/stepFile';
import { LoadedStepScreen } from '../../src/screens/StepScreen';
import type { SentEvent } from './stepScreen';

afterEach(cleanup);

// Issue 32: the step screen drew a list's button on each row when the button sent `lead.open`, an
// event only El Salvador's journey has. The step file says which event its rows send
// (`ui:options.rowEvent`): the button that sends it is drawn on every row, with the row's id.

const salesReportText = readFileSync('schemas/steps/sv/salesReport.json', 'utf8');
const salesReport = JSON.parse(salesReportText) as StepFile;
const leads = [
  { id: 'L-1001', cliFirstName: 'Ana', status: 'REQUESTED' },
  { id: 'L-1002', cliFirstName: 'Luis', status: 'COMPLETE' },
];

function show(step: StepFile) {
  const sent: SentEvent[] = [];
  render(
    <MantineProvider env="test">
      <LoadedStepScreen stepName={step.step} loaded={{ step }} saved={undefined} busy={false} call={() => Promise.reject(new Error('no call here'))} journeyData={{ report: { leads } }} send={(event) => sent.push(event)} />
    </MantineProvider>,
  );
  return sent;
}

describe("a list's row button", () => {
  it('is the button that sends the step file\'s row event, drawn on each row and sending that row\'s id', async () => {
    const sent = show(salesReport);
    const rows = screen.getAllByTestId('row');
    expect(rows).toHaveLength(2);
    // On each row, and not under the list as well.
    expect(screen.getAllByRole('button', { name: 'Ver detalle' })).toHaveLength(2);
    await userEvent.setup({ delay: null }).click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Ver detalle' }));
    expect(sent).toEqual([{ type: 'lead.open', id: 'L-1002' }]);
  });

  it('stays under the list, sending its event alone, when the step file names no row event', async () => {
    const withoutRowEvent = salesReportText.replace(/"rowEvent": "lead\.open",\s*/, '');
    expect(withoutRowEvent).not.toContain('rowEvent');
    const sent = show(JSON.parse(withoutRowEvent) as StepFile);
    for (const row of screen.getAllByTestId('row')) expect(within(row).queryByRole('button')).toBeNull();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Ver detalle' }));
    expect(sent).toEqual([{ type: 'lead.open' }]);
  });
});
