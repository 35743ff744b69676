// @vitest-environment jsdom
import './jsdomShims';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepFile } from '../../src/pack/stepFile';
import { showStepFile } from './stepScreen';

// Issue 30, point 5: what a screen reader says of the calendar's buttons, in Spanish (the browser's
// own reading is in tests/e2e/accessibleNames.test.ts).

afterEach(cleanup);

/** A step with a calendar of the dates the provider offered, either way it opens. */
const schedule = (buttons: boolean): StepFile => ({
  $schema: '../../step.schema.json',
  step: 'schedule',
  title: 'Agenda la visita',
  schema: { type: 'object', properties: { installationDate: { type: 'string', title: 'Fecha de instalación' } } },
  uiSchema: {
    installationDate: {
      'ui:widget': 'datePicker',
      'ui:options': { datesAt: '/context/dates', ...(buttons ? { buttons: { cancel: 'CANCELAR', save: 'GUARDAR' } } : {}) },
    },
  },
});

const dates = { dates: ['2026-12-03', '2026-12-04', '2027-01-05'] };

describe("the calendar's buttons", () => {
  it.each([
    ['asks to confirm (Honduras: CANCELAR, GUARDAR)', true],
    ['keeps the tapped date (El Salvador)', false],
  ])('are each named in Spanish when it %s (the close button and the month arrows had no name)', async (_name, buttons) => {
    await showStepFile(schedule(buttons), ['datePicker'], dates);
    const user = userEvent.setup({ delay: null });
    const field = buttons ? screen.getByRole('textbox', { name: /Fecha de instalación/ }) : screen.getByRole('button', { name: /Fecha de instalación/ });
    await user.click(field);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getAllByRole('button').length).toBeGreaterThan(10));
    const named = within(dialog)
      .getAllByRole('button')
      .map((button) => (button.getAttribute('aria-label') ?? button.textContent ?? '').trim());
    expect(named.filter((name) => name === '')).toEqual([]);
    if (buttons) within(dialog).getByRole('button', { name: 'Cerrar' });
    within(dialog).getByRole('button', { name: 'Mes anterior' });
    within(dialog).getByRole('button', { name: 'Mes siguiente' });
    within(dialog).getByRole('button', { name: 'diciembre 2026, elegir mes y año' });
    // Each day by its whole date, in Spanish (Mantine's own names, in the calendar's language).
    within(dialog).getByRole('button', { name: '3 diciembre 2026' });
    // A month later, the level button says so.
    await user.click(within(dialog).getByRole('button', { name: 'Mes siguiente' }));
    within(dialog).getByRole('button', { name: 'enero 2027, elegir mes y año' });
    // One level up (the months of a year): its buttons too.
    await user.click(within(dialog).getByRole('button', { name: 'enero 2027, elegir mes y año' }));
    within(dialog).getByRole('button', { name: '2027, elegir año' });
    within(dialog).getByRole('button', { name: 'Año anterior' });
    within(dialog).getByRole('button', { name: 'Año siguiente' });
    // Its months, written short, are each named whole.
    within(dialog).getByRole('button', { name: 'enero de 2027' });
    expect(within(dialog).getAllByRole('button').filter((button) => (button.getAttribute('aria-label') ?? button.textContent ?? '').trim() === '')).toEqual([]);
  });
});
