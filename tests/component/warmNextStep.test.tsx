// @vitest-environment jsdom
import './jsdomShims';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { StepScreen } from '../../src/screens/StepScreen';
import { loadStep } from '../../src/screens/stepLoader';
import type { SentEvent } from './stepScreen';

afterEach(cleanup);

describe('the next step drawn ahead', () => {
  it('is drawn off the page once the phone is idle, sends nothing, calls nothing, and leaves nothing in the page', async () => {
    await loadStep('clientInformation');
    const sent: SentEvent[] = [];
    const calls: string[] = [];
    const drawn: string[] = [];
    render(
      <MantineProvider env="test">
        <Profiler id="screens" onRender={() => drawn.push(document.body.textContent ?? '')}>
          <StepScreen
            stepName="home"
            saved={undefined}
            busy={false}
            next={['clientInformation']}
            call={(operation) => {
              calls.push(String(operation));
              return Promise.reject(new Error('no call here'));
            }}
            journeyData={{}}
            send={(event) => sent.push(event)}
          />
        </Profiler>
      </MantineProvider>,
    );
    await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
    const shown = drawn.length;
    // Nothing happens on the home screen once shown, but the next step's form being drawn off
    // the page, then dropped: two more commits.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(drawn.length - shown).toBeGreaterThanOrEqual(2);
    expect(document.body.textContent).not.toContain('Información del cliente');
    expect(document.querySelectorAll('form')).toHaveLength(0);
    expect(sent).toEqual([]);
    expect(calls).toEqual([]);
  });
});
