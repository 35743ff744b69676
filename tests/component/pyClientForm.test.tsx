// @vitest-environment jsdom
import './jsdomShims';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepFile } from '../../src/pack/stepFile';
import { StepForm, withDefaults } from '../../src/screens/rjsf/StepForm';
import { LoadedStepScreen } from '../../src/screens/StepScreen';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { RJSFSchema } from '@rjsf/utils';
import { fieldWidgets } from '../../src/screens/widgets/index';
import type { SentEvent } from './stepScreen';
import clientInformation from '../../schemas/steps/py/clientInformation.json';
import { stepValidators } from '../../src/screens/generated/steps/py/index.js';

afterEach(cleanup);

// Paraguay's client form as the app draws it (its step file, the project's rules): the
// nationality only while the document is a DE, and two buttons, each starting one technology's
// sale with the form's data.
const step = clientInformation as unknown as StepFile;

async function showClientForm() {
  const sent: SentEvent[] = [];
  // The validator the app's build compiles for this step (npm run steps:compile), with Paraguay's rules.
  const functions = await (stepValidators.clientInformation as () => ReturnType<(typeof stepValidators)[string]>)();
  const validator = createPrecompiledValidator(functions.default, step.schema as RJSFSchema);
  const widgets = Object.fromEntries(await Promise.all(['SelectWidget', 'maskedInput'].map(async (name) => [name, await (fieldWidgets[name] as () => Promise<unknown>)()] as const)));
  render(
    <MantineProvider env="test">
      <LoadedStepScreen
        stepName={step.step}
        loaded={{ step, validator, form: { Form: StepForm, widgets: widgets as never, withDefaults } }}
        saved={undefined}
        busy={false}
        call={() => Promise.reject(new Error('a component test called the provider'))}
        journeyData={{}}
        send={(event) => sent.push(event)}
      />
    </MantineProvider>,
  );
  await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
  return sent;
}

async function fillClient(user: ReturnType<typeof userEvent.setup>, documentNumber: string) {
  await user.type(screen.getByRole('textbox', { name: /^Número de documento/ }), documentNumber);
  await user.type(screen.getByRole('textbox', { name: /^Nombres/ }), 'Martín');
  await user.type(screen.getByRole('textbox', { name: /^Apellidos/ }), 'Sosa');
  await user.type(screen.getByRole('textbox', { name: /^Teléfono/ }), '82345678');
  await user.type(screen.getByRole('textbox', { name: /^Correo electrónico/ }), 'martin.sosa@example.com');
}

describe("Paraguay's client form", () => {
  it('asks the nationality only once the document is a DE, and "Venta DTH" sends it with the form', async () => {
    const sent = await showClientForm();
    const user = userEvent.setup({ delay: null });
    expect(screen.queryByRole('combobox', { name: /^Nacionalidad/ })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: /^Tipo de documento/ }), screen.getByRole('option', { name: 'Documento extranjero' }));
    const nationality = await screen.findByRole('combobox', { name: /^Nacionalidad/ });
    await fillClient(user, 'AR30123456');
    const dth = screen.getByRole('button', { name: 'Venta DTH' });
    // The nationality is required for a DE: both buttons wait for it.
    expect(dth).toHaveProperty('disabled', true);
    await user.selectOptions(nationality, screen.getByRole('option', { name: 'Argentina' }));
    await waitFor(() => expect(dth).toHaveProperty('disabled', false));
    await user.click(dth);
    await waitFor(() => expect(sent).toContainEqual({ type: 'sale.dth', data: expect.objectContaining({ documentType: 'DE', documentNumber: 'AR30123456', cliNationality: 'Argentina', cliTelephone: '82345678' }) }));
  }, 30_000);

  it('shows no nationality for a CI, and "Venta HFC" sends the form as it is', async () => {
    const sent = await showClientForm();
    const user = userEvent.setup({ delay: null });
    await fillClient(user, '4567890');
    expect(screen.queryByRole('combobox', { name: /^Nacionalidad/ })).toBeNull();
    const hfc = screen.getByRole('button', { name: 'Venta HFC' });
    await waitFor(() => expect(hfc).toHaveProperty('disabled', false));
    await user.click(hfc);
    await waitFor(() => expect(sent).toContainEqual({ type: 'sale.hfc', data: expect.objectContaining({ documentType: 'CI', documentNumber: '4567890' }) }));
    expect(sent.some((event) => event.type === 'sale.dth')).toBe(false);
  }, 30_000);
});
