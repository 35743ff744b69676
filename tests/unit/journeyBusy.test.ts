import { createActor, createMachine, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { isBusy } from '../../src/app/journeyBusy';

// What makes the shell show a step as waiting (its buttons disabled, the loader): a call in
// flight, or a pause the journey tags `busy` (between two checks of an order's status).
describe('a step waits', () => {
  const machine = createMachine({
    initial: 'confirming',
    states: {
      confirming: { on: { submit: 'ordering' } },
      ordering: { invoke: { src: 'order', onDone: 'pausing' } },
      pausing: { tags: ['busy'], on: { tick: 'done' } },
      done: {},
    },
  });

  it('while a call is in flight and while the journey pauses in a state tagged busy, not before or after', async () => {
    let answer: (value: unknown) => void = () => {};
    const actor = createActor(machine.provide({ actors: { order: fromPromise(() => new Promise((resolve) => (answer = resolve))) } })).start();
    expect(isBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'submit' });
    expect(isBusy(actor.getSnapshot())).toBe(true);
    answer({});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('pausing');
    expect(isBusy(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'tick' });
    expect(isBusy(actor.getSnapshot())).toBe(false);
  });
});
