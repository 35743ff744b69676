// @vitest-environment jsdom
import './jsdomShims';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { showStep } from './stepScreen';

afterEach(cleanup);

const submitted = (sent: Array<{ type: string } & Record<string, unknown>>) => sent.filter((e) => e.type === 'step.submit').at(-1)?.data as Record<string, unknown> | undefined;

describe('typed inputs', () => {
  it('a masked phone shows the digits in the mask and keeps digits only (/contrato-formulario)', async () => {
    const sent = await showStep('contract', { sale: { id: { review: { cliFirstName: 'Ana', cliLastName: 'Pérez', cliEmail: 'ana@example.com' } } } });
    const user = userEvent.setup({ delay: null });
    const phone = screen.getByRole('textbox', { name: /^Teléfono de la referencia 1/ });
    await user.type(phone, '7000-5');
    expect(phone).toHaveProperty('value', '7000 5');
    // Pasted with other characters and a ninth digit: only the mask's 8 digits are taken.
    await user.clear(phone);
    await user.click(phone);
    await user.paste('7000-56x78 9');
    expect(phone).toHaveProperty('value', '7000 5678');
    const fill = async (label: RegExp, text: string) => {
      await user.click(screen.getByRole('textbox', { name: label }));
      await user.paste(text);
    };
    await fill(/^Teléfono$/, '70001234');
    await fill(/^Nombre de la referencia 1/, 'Luis Gómez');
    await fill(/^Nombre de la referencia 2/, 'Marta Ruiz');
    await fill(/^Teléfono de la referencia 2/, '7000 9876');
    const go = screen.getByRole('button', { name: 'Continuar' });
    await waitFor(() => expect(go).toHaveProperty('disabled', false));
    await user.click(go);
    await waitFor(() => expect(submitted(sent)).toMatchObject({ phone: '70001234', refPhoneA: '70005678', refPhoneB: '70009876' }));
  });

  it('a PIN is typed digit by digit, hidden, on a numeric keyboard (/)', async () => {
    const sent = await showStep('landing');
    const user = userEvent.setup({ delay: null });
    // Hidden digits are password inputs, which have no role: found by their group's label.
    const boxes = Array.from(document.querySelectorAll<HTMLInputElement>('input[inputmode="numeric"]'));
    expect(boxes).toHaveLength(8);
    for (const box of boxes) expect(box.getAttribute('inputmode')).toBe('numeric');
    await user.click(boxes[0] as HTMLElement);
    await user.keyboard('25a80');
    expect(boxes.slice(0, 4).map((box) => (box as HTMLInputElement).value)).toEqual(['2', '5', '8', '0']);
    expect(boxes[0]?.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(submitted(sent)).toEqual({ pin: '2580' }));
  });
});

describe('edit locks on /id-revisar', () => {
  const read = {
    sale: {
      id: {
        front: { id_number: '05129374-5', name: 'ANA MARIA', surname: 'PEREZ LOPEZ', dob: '15/03/1990', expiry_date: '01/01/2030', gender: 'F' },
        rear: { profession: { value: 'Contadora' } },
      },
    },
  };

  it('shows what the ID gave as text with an Editar beside each, until the agent unlocks that field, and leaves the rest open', async () => {
    const sent = await showStep('idReview', read);
    const user = userEvent.setup({ delay: null });
    const shownAs = (label: string) => screen.getByRole('group', { name: label }).querySelector('[data-readonly-value]')?.textContent;
    expect(shownAs('Nombres')).toBe('ANA MARIA');
    expect(shownAs('Número de documento')).toBe('05129374-5');
    expect(screen.queryByRole('textbox', { name: /^Nombres/ })).toBeNull();
    // Read but not locked (no `lock`): the profession stays open.
    expect(screen.getByRole('textbox', { name: /^Profesión/ })).toHaveProperty('disabled', false);
    await user.click(within(screen.getByRole('group', { name: 'Nombres' })).getByRole('button', { name: 'Editar nombres' }));
    const name = screen.getByRole('textbox', { name: /^Nombres/ });
    expect(name).toHaveProperty('value', 'ANA MARIA');
    expect(shownAs('Apellidos')).toBe('PEREZ LOPEZ');
    expect(screen.queryByRole('button', { name: 'Editar nombres' })).toBeNull();
    await user.clear(name);
    await user.click(name);
    await user.paste('Ana María');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(submitted(sent)).toMatchObject({ cliFirstName: 'Ana María', cliLastName: 'PEREZ LOPEZ', editLocks: { cliFirstName: false, cliLastName: true } }));
  });

  it('locks nothing after manual entry (unlockWhen)', async () => {
    await showStep('idReview', { sale: { id: { ...read.sale.id, manualEntry: true } } });
    expect(screen.getByRole('textbox', { name: /^Nombres/ })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('button', { name: /^Editar / })).toBeNull();
  });
});
