// @vitest-environment jsdom
import './jsdomShims';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepFile } from '../../src/pack/stepFile';
import { showStepFile, type SentEvent } from './stepScreen';

afterEach(cleanup);

// A check box that copies values of earlier steps into the form (issue 34, Guatemala's contract:
// 'Usar nombre y NIT del paso 1', 'Usar dirección de instalación'): `ui:options.copies` names
// each field and the journey's value it takes (src/screens/checkboxCopies.ts).

const contractInfo: StepFile = {
  $schema: '../../step.schema.json',
  step: 'contractInfo',
  title: 'Datos del contrato',
  schema: {
    type: 'object',
    required: ['billingName', 'billingNit'],
    properties: {
      useClient: { type: 'boolean', title: 'Usar nombre y NIT del paso 1' },
      billingName: { type: 'string', title: 'Nombre de facturación' },
      billingNit: { type: 'string', title: 'NIT de facturación' },
      useInstallation: { type: 'boolean', title: 'Usar dirección de instalación' },
      department: { type: 'string', title: 'Departamento' },
      city: { type: 'string', title: 'Municipio' },
      zone: { type: 'string', title: 'Zona' },
      legalAddress: { type: 'string', title: 'Dirección legal' },
    },
  },
  uiSchema: {
    'ui:order': ['useClient', 'billingName', 'billingNit', 'useInstallation', 'department', 'city', 'zone', 'legalAddress'],
    useClient: { 'ui:widget': 'checkbox', 'ui:options': { copies: { billingName: '/context/sale/client/cliFirstName', billingNit: '/context/sale/client/cliNit' } } },
    useInstallation: {
      'ui:widget': 'checkbox',
      'ui:options': {
        copies: {
          department: '/context/sale/installation/department',
          city: '/context/sale/installation/city',
          zone: '/context/sale/installation/zone',
          legalAddress: '/context/sale/installation/address',
        },
      },
    },
  },
  buttons: [{ label: 'Continuar', event: 'step.submit', primary: true, validate: true }],
};

// The installation address has no zone: that field stays empty.
const journeyData = { sale: { client: { cliFirstName: 'Ana López', cliNit: 12345678 }, installation: { department: 'Guatemala', city: 'Mixco', address: '5a avenida 3-20' } } };

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const values = (...names: string[]) => names.map((name) => field(name).value);
const submitted = (sent: SentEvent[]) => sent.filter((e) => e.type === 'step.submit').at(-1)?.data;

describe('a check box that copies values of earlier steps', () => {
  it("fills its fields with the journey's values, shown and editable, and a value the journey lacks leaves its field empty", async () => {
    const sent = await showStepFile(contractInfo, [], journeyData);
    const user = userEvent.setup({ delay: null });
    expect(values('Nombre de facturación', 'NIT de facturación')).toEqual(['', '']);
    await user.click(screen.getByRole('checkbox', { name: 'Usar nombre y NIT del paso 1' }));
    // A number kept by the journey is written in a text field as its digits.
    expect(values('Nombre de facturación', 'NIT de facturación')).toEqual(['Ana López', '12345678']);
    await user.click(screen.getByRole('checkbox', { name: 'Usar dirección de instalación' }));
    expect(values('Departamento', 'Municipio', 'Zona', 'Dirección legal')).toEqual(['Guatemala', 'Mixco', '', '5a avenida 3-20']);
    // Editable after the copy: the agent's words are what goes.
    await user.clear(field('Nombre de facturación'));
    await user.type(field('Nombre de facturación'), 'Ana María López');
    await user.type(field('Zona'), '11');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(submitted(sent)).toEqual({
      useClient: true,
      billingName: 'Ana María López',
      billingNit: '12345678',
      useInstallation: true,
      department: 'Guatemala',
      city: 'Mixco',
      zone: '11',
      legalAddress: '5a avenida 3-20',
    });
  });

  it('unticked, empties the fields that still hold the copy and keeps what the agent changed', async () => {
    const sent = await showStepFile(contractInfo, [], journeyData);
    const user = userEvent.setup({ delay: null });
    const box = screen.getByRole('checkbox', { name: 'Usar nombre y NIT del paso 1' });
    await user.click(box);
    await user.type(field('Nombre de facturación'), ' de Pérez');
    await user.click(box);
    expect(values('Nombre de facturación', 'NIT de facturación')).toEqual(['Ana López de Pérez', '']);
    // Ticked again: the copy replaces what is there.
    await user.click(box);
    expect(values('Nombre de facturación', 'NIT de facturación')).toEqual(['Ana López', '12345678']);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(submitted(sent)).toMatchObject({ useClient: true, billingName: 'Ana López', billingNit: '12345678' });
  });

  it('copies nothing the journey does not hold: the fields stay empty, never "undefined"', async () => {
    await showStepFile(contractInfo, [], { sale: {} });
    const user = userEvent.setup({ delay: null });
    await user.type(field('Zona'), '4');
    await user.click(screen.getByRole('checkbox', { name: 'Usar dirección de instalación' }));
    expect(values('Departamento', 'Municipio', 'Zona', 'Dirección legal')).toEqual(['', '', '', '']);
    expect(document.body.textContent).not.toContain('undefined');
  });
});
