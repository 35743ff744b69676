// @vitest-environment jsdom
import './jsdomShims';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { showStep, submitWrongDui } from './stepScreen';

afterEach(cleanup);

// A field that breaks its rule shows the rule's message: the step's precompiled validator calls
// the rule it imports, and the screen reads the message from the country's own (virtual:country/formats).

describe("a rule's message on a step", () => {
  it('says "El DUI ingresado no es válido" for a DUI with a wrong check digit, and does not go on (/información-del-cliente)', async () => {
    const { sent } = await submitWrongDui();
    expect((await screen.findAllByText('El DUI ingresado no es válido')).length).toBeGreaterThan(0);
    expect(sent.filter((event) => event.type === 'step.submit')).toEqual([]);
  });

  it('says "El número de teléfono debe tener 8 dígitos" for a short phone (/contrato-formulario)', async () => {
    const sent = await showStep('contract', { sale: { id: { review: { cliFirstName: 'Ana', cliLastName: 'Pérez', cliEmail: 'ana@example.com' } } } });
    const user = userEvent.setup({ delay: null });
    const fill = async (label: RegExp, text: string) => {
      await user.click(screen.getByRole('textbox', { name: label }));
      await user.paste(text);
    };
    await fill(/^Teléfono$/, '7000123');
    await fill(/^Nombre de la referencia 1/, 'Luis Gómez');
    await fill(/^Teléfono de la referencia 1/, '70005678');
    await fill(/^Nombre de la referencia 2/, 'Marta Ruiz');
    await fill(/^Teléfono de la referencia 2/, '70009876');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect((await screen.findAllByText('El número de teléfono debe tener 8 dígitos')).length).toBeGreaterThan(0);
    expect(sent.filter((event) => event.type === 'step.submit')).toEqual([]);
  });
});
