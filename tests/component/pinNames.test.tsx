// @vitest-environment jsdom
import './jsdomShims';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { showStep } from './stepScreen';

// Issue 30, point 3: what a screen reader says of the boxes of the PIN and of the one-time codes,
// once the app draws them (the page's own first screen, before it, and the browser's own reading
// are in tests/e2e/accessibleNames.test.ts).

afterEach(cleanup);

/** The boxes of a code typed box by box (a PIN's are password inputs, which have no role). */
const boxes = () => Array.from(document.querySelectorAll<HTMLInputElement>('input[inputmode="numeric"]'));

/** Each box's name as an `aria-label` gives it. */
const names = () => boxes().map((box) => box.getAttribute('aria-label'));

const counted = (label: string, count: number) => Array.from({ length: count }, (_, i) => `${label}, ${i + 1} de ${count}`);

describe('the boxes of a code typed box by box', () => {
  it("are each named by the field's label and their place, as the PIN opens and with its error shown (Mantine named every box 'PinInput')", async () => {
    await showStep('landing');
    expect(names()).toEqual(counted('PIN', 8));
    // A PIN too short: the step's message shows, the boxes keep their names and say they are wrong.
    const user = userEvent.setup({ delay: null });
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('258');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    const error = await screen.findByText('El PIN debe tener de 4 a 8 dígitos');
    expect(names()).toEqual(counted('PIN', 8));
    for (const box of boxes()) {
      expect(box.getAttribute('aria-invalid')).toBe('true');
      expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    }
  });

  it.each(['verifyPhone', 'verifyEmail'])("are named 'Código de verificación, N de 6' on the one-time code of %s", async (step) => {
    await showStep(step);
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('aria-label'))).toEqual(counted('Código de verificación', 6));
    expect(screen.queryAllByLabelText('PinInput')).toEqual([]);
  });
});
