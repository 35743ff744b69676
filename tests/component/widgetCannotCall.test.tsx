// @vitest-environment jsdom
import './jsdomShims';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StepFile } from '../../src/pack/stepFile';
import { showStepFile } from './stepScreen';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Honduras's add-ons step as it was: the list of the plan chosen, asked with the plan read from the sale. */
const addons: StepFile = {
  $schema: '../../step.schema.json',
  step: 'addons',
  title: 'Adicionales',
  schema: { type: 'object', properties: { addonIds: { type: 'array', title: 'Adicionales', uniqueItems: true, items: { type: 'string' } } } },
  uiSchema: {
    addonIds: {
      'ui:widget': 'providerSelect',
      'ui:placeholder': 'Sin adicionales',
      'ui:options': { keep: 'code', call: { operation: 'addons', input: { node: '/context/sale/coverage/node', planId: { first: '/context/sale/selection', of: '/planId' } } } },
    },
  },
  buttons: [{ label: 'Continuar', event: 'step.submit', primary: true, validate: true }],
};

describe('a widget whose call cannot be made', () => {
  // Issue 30: the add-ons list read "Sin adicionales", disabled, and no call left the browser:
  // nothing told the agent (nor a tester) that the plan the call reads was not in the sale.
  it('tells the agent so, and the console names the call and the missing input, never a value', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await showStepFile(addons, ['providerSelect'], { sale: { coverage: { node: 'N-TGU-0101' }, selection: {} } });
    expect(await screen.findByText(/No se pudieron consultar las opciones: faltan datos de la venta/)).toBeTruthy();
    expect(logged.mock.calls.map((call) => String(call[0]))).toContainEqual(expect.stringMatching(/^addons cannot be called: the journey's data has no value for "planId"/));
    expect(logged.mock.calls.flat().join(' ')).not.toContain('N-TGU-0101');
  });

  it('waits quietly for a value the agent has still to choose on the screen', async () => {
    const municipality: StepFile = {
      ...addons,
      step: 'municipality',
      schema: { type: 'object', properties: { department: { type: 'string', title: 'Departamento' }, municipality: { type: 'string', title: 'Municipio' } } },
      uiSchema: { municipality: { 'ui:widget': 'providerSelect', 'ui:options': { call: { operation: 'municipalities', input: { department: '/form/department' } } } } },
    };
    await showStepFile(municipality, ['providerSelect']);
    await screen.findAllByText('Municipio');
    expect(screen.queryByText(/faltan datos de la venta/)).toBeNull();
  });
});
