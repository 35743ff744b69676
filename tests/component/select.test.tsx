// @vitest-environment jsdom
import './jsdomShims';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepFile } from '../../src/pack/stepFile';
import { showStep, showStepFile } from './stepScreen';

afterEach(cleanup);

/** A step with a select and no default: the nationality, "Salvadoreña" first. */
const nationality: StepFile = {
  $schema: '../../step.schema.json',
  step: 'nationality',
  title: 'Nacionalidad del cliente',
  schema: {
    type: 'object',
    required: ['nationality'],
    properties: {
      nationality: {
        type: 'string',
        title: 'Nacionalidad',
        oneOf: [
          { const: 'SV', title: 'Salvadoreña' },
          { const: 'GT', title: 'Guatemalteca' },
          { const: 'HN', title: 'Hondureña' },
        ],
      },
    },
  },
  uiSchema: { nationality: { 'ui:widget': 'select', 'ui:placeholder': 'Elige una' } },
  buttons: [{ label: 'Continuar', event: 'step.submit', primary: true, validate: true }],
};

async function pick(label: RegExp, option: string) {
  const user = userEvent.setup({ delay: null });
  await user.selectOptions(screen.getByRole('combobox', { name: label }), screen.getByRole('option', { name: option }));
}

/** What a select shows: its chosen option's text ('' with none chosen). */
const shown = (label: RegExp) => {
  const select = screen.getByRole('combobox', { name: label }) as HTMLSelectElement;
  return select.value === '' ? '' : (select.selectedOptions[0]?.textContent ?? '');
};

/** A step with one long select: 300 suburbs. */
const suburbs: StepFile = {
  ...nationality,
  step: 'suburbs',
  schema: {
    type: 'object',
    properties: { suburb: { type: 'string', title: 'Colonia', oneOf: Array.from({ length: 300 }, (_, i) => ({ const: `C-${i}`, title: `Colonia ${i + 1}` })) } },
  },
  uiSchema: { suburb: { 'ui:widget': 'select' } },
};

describe('a select', () => {
  // The theme's select drew its 300 options into the page as a list of Mantine elements while
  // closed (slow step changes on a phone): the phone's own select puts its 300 plain options in
  // the page when the agent reaches for it, before the phone opens its picker.
  it("is the phone's own select, a long list's options put in the page when it is reached", async () => {
    await showStepFile(suburbs, ['SelectWidget']);
    const select = await screen.findByRole('combobox', { name: /Colonia/ });
    expect(select.tagName).toBe('SELECT');
    expect(select.querySelectorAll('option:not([disabled])')).toHaveLength(0);
    expect(document.querySelectorAll('[role="option"], .mantine-Combobox-option')).toHaveLength(0);
    const user = userEvent.setup({ delay: null });
    await user.click(select);
    expect(select.querySelectorAll('option:not([disabled])')).toHaveLength(300);
    await pick(/Colonia/, 'Colonia 300');
    expect(shown(/Colonia/)).toBe('Colonia 300');
    // Chosen, it shows its choice when the screen is drawn again.
    cleanup();
    await showStepFile({ ...suburbs, schema: { ...suburbs.schema, properties: { suburb: { ...(suburbs.schema as { properties: { suburb: object } }).properties.suburb, default: 'C-41' } } } }, ['SelectWidget']);
    expect(shown(/Colonia/)).toBe('Colonia 42');
  });

  it('with no default opens empty and takes its first option', async () => {
    await showStepFile(nationality, ['SelectWidget']);
    expect(shown(/Nacionalidad/)).toBe('');
    // Its placeholder shows until a choice is made, and cannot be chosen back.
    expect(screen.getByRole('option', { name: 'Elige una' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Continuar' })).toHaveProperty('disabled', true);
    await pick(/Nacionalidad/, 'Salvadoreña');
    expect(shown(/Nacionalidad/)).toBe('Salvadoreña');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continuar' })).toHaveProperty('disabled', false));
  });

  it('keeps an option chosen again (it does not empty the field)', async () => {
    await showStepFile(nationality, ['SelectWidget']);
    await pick(/Nacionalidad/, 'Guatemalteca');
    await pick(/Nacionalidad/, 'Guatemalteca');
    expect(shown(/Nacionalidad/)).toBe('Guatemalteca');
    expect(screen.getByRole('button', { name: 'Continuar' })).toHaveProperty('disabled', false);
  });

  it('on /proceder-pago sends checkout.months with the months chosen, and keeps its handler', async () => {
    const sent = await showStep('checkout', { sale: { checkout: { activationCost: 60 } } });
    const months = () => sent.filter((e) => e.type === 'checkout.months');
    expect(shown(/Meses de contrato/)).toBe('0 meses');
    // The default (0) is the first value the field takes: the journey prices it as the step opens.
    await waitFor(() => expect(months()).toEqual([{ type: 'checkout.months', months: 0 }]));
    await pick(/Meses de contrato/, '12 meses');
    expect(shown(/Meses de contrato/)).toBe('12 meses');
    await waitFor(() => expect(months()).toEqual([{ type: 'checkout.months', months: 0 }, { type: 'checkout.months', months: 12 }]));
    await pick(/Meses de contrato/, '0 meses');
    await waitFor(() => expect(months().at(-1)).toEqual({ type: 'checkout.months', months: 0 }));
  });
});
