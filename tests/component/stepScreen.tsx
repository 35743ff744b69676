import { MantineProvider } from '@mantine/core';
import validator from '@rjsf/validator-ajv8';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StepFile } from '../../src/pack/stepFile';
import { StepForm, withDefaults } from '../../src/screens/rjsf/StepForm';
import { LoadedStepScreen, StepScreen } from '../../src/screens/StepScreen';
import type { StepFormContext } from '../../src/screens/stepFormContext';
import { fieldWidgets } from '../../src/screens/widgets/index';

/** A journey event as a step screen sends it. */
export type SentEvent = { type: string } & Record<string, unknown>;

// Component tests show no step that calls the provider: a call is a mistake in the test.
const noProvider: StepFormContext['call'] = (operationId) => Promise.reject(new Error(`a component test called the provider (${String(operationId)})`));

/**
 * Shows one El Salvador step as the app does (its file, precompiled validator and widgets
 * through the step loader), with the journey's data given, and records the events it sends.
 */
export async function showStep(stepName: string, journeyData: Record<string, unknown> = {}, saved?: Record<string, unknown>) {
  const sent: SentEvent[] = [];
  render(
    <MantineProvider env="test">
      <StepScreen stepName={stepName} saved={saved} busy={false} call={noProvider} journeyData={journeyData} send={(event) => sent.push(event)} />
    </MantineProvider>,
  );
  // The step's modules load on first use: on a busy 2-core machine that is more than the default second.
  await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
  return sent;
}

/**
 * Shows El Salvador's client information step and presses 'Continuar' with a DUI whose check
 * digit is wrong (04644848-8): the events the screen sent, and the user to go on with.
 */
export async function submitWrongDui() {
  const sent = await showStep('clientInformation');
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('textbox', { name: /^Número de documento/ }));
  await user.paste('04644848-8');
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
  return { sent, user };
}

/**
 * Shows a step file that no country has (a field the test needs), with rjsf's own validator
 * compiled at run time in place of a precompiled one, and the app's registered widgets.
 */
export async function showStepFile(step: StepFile, widgets: string[], journeyData: Record<string, unknown> = {}) {
  const sent: SentEvent[] = [];
  const loaded = await Promise.all(widgets.map(async (name) => [name, await (fieldWidgets[name] as () => Promise<unknown>)()] as const));
  render(
    <MantineProvider env="test">
      <LoadedStepScreen
        stepName={step.step}
        loaded={{ step, validator, form: { Form: StepForm, widgets: Object.fromEntries(loaded) as never, withDefaults } }}
        saved={undefined}
        busy={false}
        call={noProvider}
        journeyData={journeyData}
        send={(event) => sent.push(event)}
      />
    </MantineProvider>,
  );
  return sent;
}
