// @vitest-environment jsdom
import './jsdomShims';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepFile } from '../../src/pack/stepFile';
import { showStepFile } from './stepScreen';

afterEach(cleanup);

/** A list with a form under it whose button sends its own event: a report's cancel form. */
const cancelForm: StepFile = {
  $schema: '../../step.schema.json',
  step: 'cancelForm',
  title: 'Cancelar una solicitud',
  schema: {
    type: 'object',
    required: ['leadId', 'reason'],
    properties: {
      leadId: { type: 'string', title: 'Número de solicitud' },
      reason: { type: 'string', title: 'Motivo', oneOf: [{ const: 'CHANGED_MIND', title: 'Cambió de opinión' }] },
    },
  },
  uiSchema: { leadId: { 'ui:widget': 'text' }, reason: { 'ui:widget': 'select' } },
  buttons: [{ label: 'Cancelar solicitud', event: 'lead.cancel', primary: true, validate: true }],
};

describe('a button with its own event that validates the form', () => {
  it("sends the form's fields with its event (a report's cancel form sent no data, and the provider refused it)", async () => {
    const sent = await showStepFile(cancelForm, ['SelectWidget']);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: /Número de solicitud/ }), 'L-1502');
    await user.selectOptions(screen.getByRole('combobox', { name: /Motivo/ }), screen.getByRole('option', { name: 'Cambió de opinión' }));
    const button = screen.getByRole('button', { name: 'Cancelar solicitud' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await user.click(button);
    await waitFor(() => expect(sent).toContainEqual({ type: 'lead.cancel', data: { leadId: 'L-1502', reason: 'CHANGED_MIND' } }));
  });
});
