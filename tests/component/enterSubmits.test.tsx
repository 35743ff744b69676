// @vitest-environment jsdom
import './jsdomShims';
import { cleanup, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { showStep } from './stepScreen';

afterEach(cleanup);

const submitted = (sent: Array<{ type: string } & Record<string, unknown>>) => sent.filter((e) => e.type === 'step.submit');

describe('Enter in a field presses the main button', () => {
  it('signs in from the PIN with Enter (Enter did nothing)', async () => {
    const sent = await showStep('landing');
    const user = userEvent.setup({ delay: null });
    const first = document.querySelector<HTMLInputElement>('input[inputmode="numeric"]');
    await user.click(first as HTMLElement);
    await user.keyboard('2580{Enter}');
    await waitFor(() => expect(submitted(sent).at(-1)?.data).toEqual({ pin: '2580' }));
  });

  it('sends nothing when the form does not pass (a PIN of two digits)', async () => {
    const sent = await showStep('landing');
    const user = userEvent.setup({ delay: null });
    await user.click(document.querySelector<HTMLInputElement>('input[inputmode="numeric"]') as HTMLElement);
    await user.keyboard('25{Enter}');
    expect(submitted(sent)).toEqual([]);
  });
});
