// @vitest-environment jsdom
import './jsdomShims';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { showStep } from './stepScreen';

afterEach(cleanup);

describe('a consent (a checkbox that must be ticked)', () => {
  it.each([
    ['terms', 6, 'Aceptar y continuar'],
    ['clauses', 1, 'Continuar'],
    ['confirmOrder', 2, 'Crear orden'],
  ])('on %s opens unticked and is required to go on', async (step, count, label) => {
    const sent = await showStep(step);
    const user = userEvent.setup({ delay: null });
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(count);
    for (const box of boxes) expect(box).toHaveProperty('checked', false);
    const go = screen.getByRole('button', { name: label });
    for (const box of boxes) {
      expect(go).toHaveProperty('disabled', true);
      await user.click(box);
    }
    await waitFor(() => expect(go).toHaveProperty('disabled', false));
    // Taken back, a consent is no answer: the step cannot go on, and no false is kept.
    await user.click(boxes[0] as HTMLElement);
    await waitFor(() => expect(go).toHaveProperty('disabled', true));
    await user.click(boxes[0] as HTMLElement);
    await waitFor(() => expect(go).toHaveProperty('disabled', false));
    await user.click(go);
    await waitFor(() => expect(sent.filter((e) => e.type === 'step.submit')).toHaveLength(1));
    const data = sent.find((e) => e.type === 'step.submit')?.data as Record<string, unknown>;
    expect(Object.values(data)).toEqual(Array.from({ length: count }, () => true));
  });
});
