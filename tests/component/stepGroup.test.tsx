// @vitest-environment jsdom
import './jsdomShims';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepFile } from '../../src/pack/stepFile';
import { StepForm, withDefaults } from '../../src/screens/rjsf/StepForm';
import { LoadedStepScreen } from '../../src/screens/StepScreen';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { personName } from '../../src/validation/rules/personName';
import type { SentEvent } from './stepScreen';

afterEach(cleanup);

// A repeatable group of fields (issue 34, Guatemala's address type/value pairs): a list of
// objects drawn by the step's plain array templates (src/screens/rjsf/groupTemplates.tsx), each
// row's fields checked with the project's rules and their messages shown on that row.

const addresses: StepFile = {
  $schema: '../../step.schema.json',
  step: 'inputAddress',
  title: 'Dirección',
  schema: {
    type: 'object',
    required: ['addresses'],
    properties: {
      addresses: {
        type: 'array',
        title: 'Direcciones',
        minItems: 1,
        items: {
          type: 'object',
          required: ['addressType', 'addressValue'],
          properties: {
            addressType: { type: 'string', title: 'Tipo de dirección', format: 'person-name', maxLength: 40 },
            addressValue: { type: 'string', title: 'Dirección', maxLength: 120 },
          },
        },
      },
    },
  },
  uiSchema: { addresses: { 'ui:widget': 'group', 'ui:options': { addLabel: 'Agregar dirección', itemLabel: 'Dirección' } } },
  messages: { '/addresses/addressValue': { maxLength: 'La dirección tiene 120 caracteres como máximo' } },
  buttons: [{ label: 'Continuar', event: 'step.submit', primary: true, validate: true }],
};

/** The rule the rows name, compiled at run time (the app's validators are precompiled; the registry reads files, which jsdom cannot). */
const validator = customizeValidator({ customFormats: { [personName.format]: personName.test } });

/** The step on its screen. */
function showGroup(step: StepFile = addresses) {
  const sent: SentEvent[] = [];
  render(
    <MantineProvider env="test">
      <LoadedStepScreen
        stepName={step.step}
        loaded={{ step, validator, form: { Form: StepForm, widgets: {}, withDefaults } }}
        saved={undefined}
        busy={false}
        call={() => Promise.reject(new Error('no provider in a component test'))}
        journeyData={{}}
        send={(event) => sent.push(event)}
      />
    </MantineProvider>,
  );
  return { sent, user: userEvent.setup({ delay: null }) };
}

const row = (n: number) => screen.getByRole('group', { name: `Dirección ${n}` });
const typeOf = (n: number) => within(row(n)).getByRole('textbox', { name: /^Tipo de dirección/ });
const valueOf = (n: number) => within(row(n)).getByRole('textbox', { name: /^Dirección/ });
const submitted = (sent: SentEvent[]) => sent.filter((e) => e.type === 'step.submit').at(-1)?.data;

describe('a repeatable group of fields', () => {
  it('opens with its minItems rows, labelled in Spanish from the items, with no remove button while only those remain', () => {
    showGroup();
    expect(screen.getByRole('group', { name: 'Direcciones' })).toBeTruthy();
    expect(screen.getAllByRole('group', { name: /^Dirección \d$/ })).toHaveLength(1);
    expect(typeOf(1)).toBeTruthy();
    expect(valueOf(1)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Quitar/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Agregar dirección' })).toBeTruthy();
  });

  it('adds a row with the focus on its first field, each row removable by a button naming it, and keeps what was typed in each row', async () => {
    const { user, sent } = showGroup();
    await user.type(typeOf(1), 'Casa');
    await user.type(valueOf(1), 'Zona 10, 5a avenida');
    await user.click(screen.getByRole('button', { name: 'Agregar dirección' }));
    expect(document.activeElement).toBe(typeOf(2));
    await user.type(typeOf(2), 'Oficina');
    await user.type(valueOf(2), 'Zona 4, 7a calle');
    await user.click(screen.getByRole('button', { name: 'Agregar dirección' }));
    await user.type(typeOf(3), 'Bodega');
    expect(screen.getAllByRole('button', { name: /^Quitar dirección \d$/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Quitar dirección 1', 'Quitar dirección 2', 'Quitar dirección 3']);
    // The visible words are "Quitar" (WCAG 2.5.3: the name starts with them).
    expect(screen.getByRole('button', { name: 'Quitar dirección 2' }).textContent).toBe('Quitar');

    // The middle row goes: the others keep their values, the focus goes to the row before.
    await user.click(screen.getByRole('button', { name: 'Quitar dirección 2' }));
    expect(screen.getAllByRole('group', { name: /^Dirección \d$/ })).toHaveLength(2);
    expect([(typeOf(1) as HTMLInputElement).value, (valueOf(1) as HTMLInputElement).value]).toEqual(['Casa', 'Zona 10, 5a avenida']);
    expect([(typeOf(2) as HTMLInputElement).value, (valueOf(2) as HTMLInputElement).value]).toEqual(['Bodega', '']);
    expect(document.activeElement).toBe(typeOf(1));

    // The first row goes: the focus goes to the add button; one row left, it cannot be removed.
    await user.click(screen.getByRole('button', { name: 'Quitar dirección 1' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Agregar dirección' }));
    expect((typeOf(1) as HTMLInputElement).value).toBe('Bodega');
    expect(screen.queryByRole('button', { name: /^Quitar/ })).toBeNull();
    await user.type(valueOf(1), 'Zona 12');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(submitted(sent)).toEqual({ addresses: [{ addressType: 'Bodega', addressValue: 'Zona 12' }] });
  });

  it("shows each row's messages on that row (the format's, the step's own for every row), and holds the button back while a row's required field is empty", async () => {
    const { user, sent } = showGroup();
    await user.type(typeOf(1), 'Casa');
    await user.type(valueOf(1), 'Zona 10');
    await user.click(screen.getByRole('button', { name: 'Agregar dirección' }));
    await user.type(typeOf(2), 'Casa 2');
    await user.click(valueOf(2));
    await user.paste('x'.repeat(121));
    await user.click(screen.getByRole('button', { name: 'Agregar dirección' }));
    await user.type(typeOf(3), 'Oficina');
    // A row's empty required field holds the button back, as any required field does ("Campo
    // requerido" is the message the rule gives it: tests/unit/groupRowMessages.test.ts).
    expect(screen.getByRole('button', { name: 'Continuar' }).hasAttribute('disabled')).toBe(true);
    await user.type(valueOf(3), 'Zona 1');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(submitted(sent)).toBeUndefined();
    const messages = (n: number) => Array.from(row(n).querySelectorAll('.plain-error'), (p) => p.textContent);
    expect(messages(1)).toEqual([]);
    expect(messages(2)).toEqual(['Solo se permiten letras y espacios', 'La dirección tiene 120 caracteres como máximo']);
    expect(messages(3)).toEqual([]);
    // Each message belongs to its field.
    expect(typeOf(2).getAttribute('aria-invalid')).toBe('true');
    expect(typeOf(2).getAttribute('aria-describedby')).toContain('-error');
    expect(typeOf(1).getAttribute('aria-invalid')).toBeNull();

    // A row removed: no message is left on a row it is not about (a change hides the messages
    // until the next press, as on every step); the next press shows them where the row now is.
    await user.click(screen.getByRole('button', { name: 'Quitar dirección 1' }));
    expect([messages(1), messages(2)]).toEqual([[], []]);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(messages(1)).toEqual(['Solo se permiten letras y espacios', 'La dirección tiene 120 caracteres como máximo']);
    expect(messages(2)).toEqual([]);
    expect((typeOf(2) as HTMLInputElement).value).toBe('Oficina');
  });
});
