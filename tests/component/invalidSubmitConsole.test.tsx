// @vitest-environment jsdom
import './jsdomShims';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitWrongDui } from './stepScreen';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// Issue 30, point 8: each invalid submit logged "Form validation failed" as a console error (rjsf's
// Form does so when it is given no onError). An invalid submit is the agent's slip, not the app's
// fault: the field says what is wrong, and the console stays quiet.
describe('an invalid submit', () => {
  it("shows the field's Spanish error, sends nothing and writes nothing to console.error (/información-del-cliente)", async () => {
    const errors = vi.spyOn(console, 'error');
    const { sent, user } = await submitWrongDui();
    expect((await screen.findAllByText('El DUI ingresado no es válido')).length).toBeGreaterThan(0);
    // Twice: the second press finds the error already showing and asks the form again.
    // The screen checks and sends within the click (no later task): once it is handled, what was sent and logged is all.
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(sent.filter((event) => event.type === 'step.submit')).toEqual([]);
    expect(errors.mock.calls).toEqual([]);
  });
});
