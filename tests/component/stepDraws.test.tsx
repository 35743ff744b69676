// @vitest-environment jsdom
import './jsdomShims';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { withDefaults } from '../../src/screens/rjsf/StepForm';
import { StepScreen } from '../../src/screens/StepScreen';
import type { SentEvent } from './stepScreen';

// A worker runs file after file in one document (isolate: false): each leaves it empty.
afterEach(cleanup);

// Issue 16: a step change draws the new screen once. The form used to report the schema's
// defaults (El Salvador's document type, DUI) as a change as it opened: a second draw of the
// whole screen inside the step change, then a draft sent to the journey (and saved) for nothing.
describe('a step screen opening', () => {
  it('draws once with its defaults filled in, and sends the journey no draft for them', async () => {
    const sent: SentEvent[] = [];
    let draws = 0;
    render(
      <MantineProvider env="test">
        <Profiler id="step" onRender={() => (draws += 1)}>
          <StepScreen stepName="clientInformation" saved={undefined} busy={false} call={() => Promise.reject(new Error('no call here'))} journeyData={{}} send={(event) => sent.push(event)} />
        </Profiler>
      </MantineProvider>,
    );
    await screen.findByRole('heading', { name: 'Información del cliente' }, { timeout: 10_000 });
    const drawnBy = draws;
    // The default is on the screen from the first draw.
    expect(screen.getByRole('combobox', { name: /Tipo de documento/ })).toHaveProperty('value', 'DUI');
    // Longer than the draft's delay (400 ms): nothing typed, nothing to keep.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(draws).toBe(drawnBy);
    expect(sent.filter((event) => event.type === 'step.draft')).toEqual([]);
  });

  // The next screen, drawn ahead in idle time, fills in the schema's defaults for the journey's
  // data; the step change that then shows it filled in the same again (rjsf walks the whole
  // schema, a 300-choice list included).
  it('fills in the defaults once for the same data: the screen drawn ahead and the step change share them', () => {
    const schema: RJSFSchema = { type: 'object', properties: { documentType: { type: 'string', default: 'DUI' }, documentNumber: { type: 'string' } } };
    const ahead = withDefaults(validator, schema, { documentNumber: '1' });
    expect(ahead).toEqual({ documentType: 'DUI', documentNumber: '1' });
    expect(withDefaults(validator, schema, { documentNumber: '1' })).toBe(ahead);
    // Other data, or the same schema in another step's validator, is filled in afresh.
    expect(withDefaults(validator, schema, { documentNumber: '2' })).toEqual({ documentType: 'DUI', documentNumber: '2' });
    expect(withDefaults(validator, schema, { documentNumber: '1', documentType: 'NIT' })).toEqual({ documentType: 'NIT', documentNumber: '1' });
  });
});
