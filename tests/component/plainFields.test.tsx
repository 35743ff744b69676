// @vitest-environment jsdom
import './jsdomShims';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepFile } from '../../src/pack/stepFile';
import { showStepFile, type SentEvent } from './stepScreen';

afterEach(cleanup);

// The fields a step's form draws as plain elements in Mantine's frame (src/screens/rjsf/
// inputFrame.tsx): what the agent reads and types must be what the Mantine theme gave.

const visit: StepFile = {
  $schema: '../../step.schema.json',
  step: 'visit',
  title: 'Datos de la visita',
  schema: {
    type: 'object',
    required: ['name', 'income', 'shift', 'accepted'],
    properties: {
      name: { type: 'string', title: 'Nombre', maxLength: 5 },
      income: { type: 'number', title: 'Ingreso mensual', minimum: 1 },
      node: { type: 'string', title: 'Nodo' },
      shift: { type: 'string', title: 'Turno', oneOf: [{ const: 'AM', title: 'Mañana' }, { const: 'PM', title: 'Tarde' }] },
      note: { type: 'string', title: 'Nota', maxLength: 255 },
      accepted: { type: 'boolean', title: 'Acepto', const: true },
    },
  },
  uiSchema: {
    'ui:order': ['name', 'income', 'node', 'shift', 'note', 'accepted'],
    income: { 'ui:widget': 'updown' },
    node: { 'ui:options': { withAsterisk: false } },
    shift: { 'ui:widget': 'radio' },
    note: { 'ui:widget': 'textarea', 'ui:options': { counter: true } },
    accepted: { 'ui:widget': 'checkbox' },
  },
  messages: { '/name': { maxLength: 'Máximo 5 letras' } },
  buttons: [{ label: 'Continuar', event: 'step.submit', primary: true, validate: true }],
};

/** Fills the visit with a name over its 5 letters, the rest valid, and presses Continuar. */
async function sendTooLongName() {
  const user = userEvent.setup({ delay: null });
  const name = screen.getByRole('textbox', { name: 'Nombre' });
  await user.type(name, 'Ana María');
  await user.type(screen.getByRole('textbox', { name: 'Ingreso mensual' }), '100');
  await user.click(screen.getByRole('radio', { name: 'Mañana' }));
  await user.click(screen.getByRole('checkbox', { name: 'Acepto' }));
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
  return { user, name };
}

const submitted = (sent: SentEvent[]) => sent.filter((e) => e.type === 'step.submit').at(-1)?.data;

describe("a step's fields", () => {
  it('are labelled as the theme labelled them, the asterisk of a required one not read aloud', async () => {
    await showStepFile(visit, []);
    // The accessible name is the label alone: the asterisk is aria-hidden.
    const name = screen.getByRole('textbox', { name: 'Nombre' });
    expect(name.closest('.mantine-InputWrapper-root')?.querySelector('label')?.textContent).toBe('Nombre *');
    expect(name.className).toContain('mantine-Input-input');
    expect(screen.getByRole('textbox', { name: 'Nodo' }).closest('.mantine-InputWrapper-root')?.querySelector('label')?.textContent).toBe('Nodo');
  });

  it('take what is typed, a number as a number, and send it', async () => {
    const sent = await showStepFile(visit, []);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana');
    const income = screen.getByRole('textbox', { name: 'Ingreso mensual' });
    expect(income.getAttribute('inputmode')).toBe('decimal');
    // Letters are not taken; the decimal mark is kept while the number is typed.
    await user.type(income, '12a.');
    expect(income).toHaveProperty('value', '12.');
    await user.type(income, '5');
    await user.click(screen.getByRole('radio', { name: 'Tarde' }));
    await user.type(screen.getByRole('textbox', { name: 'Nota' }), 'Casa azul');
    expect(screen.getByText('9 / 255')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Acepto' }));
    const go = screen.getByRole('button', { name: 'Continuar' });
    await waitFor(() => expect(go).toHaveProperty('disabled', false));
    await user.click(go);
    await waitFor(() => expect(submitted(sent)).toEqual({ name: 'Ana', income: 12.5, shift: 'PM', note: 'Casa azul', accepted: true }));
  });

  it("show a refusal in the field's frame, in the step file's words, and keep what was typed", async () => {
    await showStepFile(visit, []);
    const { name } = await sendTooLongName();
    const error = await screen.findByText('Máximo 5 letras');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(error.id);
    expect(name).toHaveProperty('value', 'Ana María');
  });

  it('go on once a refused field is put right, its refusal no longer shown', async () => {
    const sent = await showStepFile(visit, []);
    const { user, name } = await sendTooLongName();
    await screen.findByText('Máximo 5 letras');
    expect(submitted(sent)).toBeUndefined();
    await user.clear(name);
    await user.type(name, 'Ana');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(submitted(sent)).toEqual({ name: 'Ana', income: 100, shift: 'AM', accepted: true }));
    expect(screen.queryByText('Máximo 5 letras')).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  // Every element of a step is made, styled and laid out at each step change: a text field is its
  // frame in the form's column, with no box around it, and the frame's look comes from the
  // stylesheet's rules (src/screens/plainLook.css), not from variables written on each element,
  // which kept the browser from reusing one field's style for the next.
  it('are each their frame in the column, styled by rules, not inline', async () => {
    await showStepFile(visit, []);
    const frame = screen.getByRole('textbox', { name: 'Nombre' }).closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(frame.parentElement?.id).toBe('root');
    expect(frame.parentElement?.className).toBe('plain-fields');
    for (const element of [frame, ...Array.from(frame.querySelectorAll('*'))]) expect(element.getAttribute('style')).toBeNull();
    expect(frame.querySelector('label')?.className).toContain('plain-label');
    expect(frame.querySelector('.mantine-Input-wrapper')?.className).toContain('plain-box');
  });
});
