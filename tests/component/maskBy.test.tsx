// @vitest-environment jsdom
import './jsdomShims';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepFile } from '../../src/pack/stepFile';
import { showStepFile, type SentEvent } from './stepScreen';

afterEach(cleanup);

/** A document number masked for the identity card only (Honduras's client information, reduced). */
const clientDocument: StepFile = {
  $schema: '../../step.schema.json',
  step: 'clientDocument',
  title: 'Documento del cliente',
  schema: {
    type: 'object',
    required: ['documentType', 'documentNumber'],
    properties: {
      documentType: {
        type: 'string',
        title: 'Tipo de documento',
        default: 'CC',
        oneOf: [
          { const: 'CC', title: 'Tarjeta de identidad' },
          { const: 'PA', title: 'Pasaporte' },
        ],
      },
      documentNumber: { type: 'string', title: 'Número de documento', maxLength: 30 },
    },
  },
  uiSchema: {
    documentType: { 'ui:widget': 'select' },
    documentNumber: { 'ui:widget': 'maskedInput', 'ui:options': { maskBy: { field: 'documentType', masks: { CC: '####-####-#####' } } } },
  },
  buttons: [{ label: 'Continuar', event: 'step.submit', primary: true, validate: true }],
};

/**
 * The last submit the screen sent: the draft of what was typed (sent a moment after the last
 * change) may come after it on a slow machine, and is not what the button sends.
 */
const lastSubmit = (sent: SentEvent[]) => sent.filter((event) => event.type === 'step.submit').at(-1);

describe('a mask that follows the document type', () => {
  it('masks an identity card and keeps its digits; a passport is typed as it is', async () => {
    const sent = await showStepFile(clientDocument, ['SelectWidget', 'maskedInput']);
    const user = userEvent.setup({ delay: null });
    const number = screen.getByRole('textbox', { name: /^Número de documento/ });
    await user.type(number, '0801199012345678');
    // The card's 13 digits, in its mask; the rest is not taken.
    expect(number).toHaveProperty('value', '0801-1990-12345');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(lastSubmit(sent)).toEqual({ type: 'step.submit', data: { documentType: 'CC', documentNumber: '0801199012345' } }));

    await user.selectOptions(screen.getByRole('combobox', { name: /Tipo de documento/ }), screen.getByRole('option', { name: 'Pasaporte' }));
    await user.clear(number);
    await user.type(number, 'E-1234567');
    expect(number).toHaveProperty('value', 'E-1234567');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(lastSubmit(sent)).toEqual({ type: 'step.submit', data: { documentType: 'PA', documentNumber: 'E-1234567' } }));
  });
});
