// @vitest-environment jsdom
import './jsdomShims';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepStage } from '../../src/screens/StepStage';
import type { StepScreenProps } from '../../src/screens/StepScreen';
import { loadStep } from '../../src/screens/stepLoader';
import type { SentEvent } from './stepScreen';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const CLIENT = 'sv.signedIn.sale.client';
const ahead = [{ stateId: CLIENT, step: 'clientInformation' }];

/** The stage on the home screen, the client's step next, with what each call and event records. */
function stage(savedAhead: () => Record<string, unknown> | undefined) {
  const sent: SentEvent[] = [];
  const calls: string[] = [];
  const screenOf = (stepName: string, saved?: Record<string, unknown>): StepScreenProps => ({
    stepName,
    saved,
    busy: false,
    call: (operation) => {
      calls.push(String(operation));
      return Promise.reject(new Error('no call here'));
    },
    journeyData: {},
    send: (event) => sent.push(event),
  });
  const at = (stateId: string, screenProps: StepScreenProps) => (
    <MantineProvider env="test">
      <StepStage stateId={stateId} screen={screenProps} ahead={stateId === 'sv.signedIn.home' ? ahead : []} aheadData={() => ({ saved: savedAhead(), journeyData: {} })} />
    </MantineProvider>
  );
  const view = render(at('sv.signedIn.home', screenOf('home')));
  return { sent, calls, goTo: (stateId: string, stepName: string, saved?: Record<string, unknown>) => view.rerender(at(stateId, screenOf(stepName, saved))) };
}

/** Counts the elements of each tag made from now on (the spy calls through). */
function elementsMade() {
  const made: string[] = [];
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation((tag: string, options?: ElementCreationOptions) => {
    made.push(tag.toLowerCase());
    return create(tag, options);
  });
  return (tag: string) => made.filter((t) => t === tag).length;
}

describe('the next step drawn ahead', () => {
  it('is drawn outside the page once the phone is idle: it shows nothing, sends nothing and calls nothing', async () => {
    await loadStep('clientInformation');
    const made = elementsMade();
    const { sent, calls } = stage(() => undefined);
    await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
    await waitFor(() => expect(made('form')).toBe(1), { timeout: 5000 });
    expect(document.body.textContent).not.toContain('Información del cliente');
    expect(document.querySelectorAll('form, input')).toHaveLength(0);
    expect(sent).toEqual([]);
    expect(calls).toEqual([]);
  });

  // The click that went to the next step built its whole form, and that was most of what the agent waited for.
  it('shows as drawn when the journey gets there: the step change builds no form and no field', async () => {
    await loadStep('clientInformation');
    const made = elementsMade();
    const { goTo } = stage(() => ({ documentNumber: '01234567-8' }));
    await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
    await waitFor(() => expect(made('form')).toBe(1), { timeout: 5000 });
    const inputsBefore = made('input');
    goTo(CLIENT, 'clientInformation', { documentNumber: '01234567-8' });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Información del cliente');
    expect(screen.getByLabelText(/Número de documento/)).toHaveProperty('value', '01234567-8');
    expect(made('form')).toBe(1);
    expect(made('input')).toBe(inputsBefore);
    expect(document.querySelectorAll('form')).toHaveLength(1);
  });

  it('is drawn anew when what the step would open with changed since (it would show the old data)', async () => {
    await loadStep('clientInformation');
    const made = elementsMade();
    const { goTo, sent } = stage(() => ({ documentNumber: '01234567-8' }));
    await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
    await waitFor(() => expect(made('form')).toBe(1), { timeout: 5000 });
    goTo(CLIENT, 'clientInformation', { documentNumber: '05129374-5' });
    expect(screen.getByLabelText(/Número de documento/)).toHaveProperty('value', '05129374-5');
    expect(made('form')).toBe(2);
    expect(document.querySelectorAll('form')).toHaveLength(1);
    expect(sent).toEqual([]);
  });
});
