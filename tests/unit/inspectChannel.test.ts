import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { channelInspector, type InspectMessage, type InspectPort } from '../../src/app/inspectChannel';

/** A channel that keeps what is posted, and lets a test post to the inspector as another tab would. */
function fakeChannel(): InspectPort & { posted: InspectMessage[]; receive: (data: InspectMessage) => void } {
  const posted: InspectMessage[] = [];
  const listeners: Array<(event: MessageEvent<InspectMessage>) => void> = [];
  return {
    posted,
    postMessage: (message) => void posted.push(structuredClone(message)),
    addEventListener: (_type, listener) => void listeners.push(listener),
    receive: (data) => listeners.forEach((l) => l(new MessageEvent('message', { data }))),
  };
}

// ?inspect posts where the journey is for the studio: never the journey's data, nor an event's fields.
describe("the tester's inspection channel", () => {
  const machine = createMachine({
    id: 'j',
    initial: 'a',
    context: { customer: { name: 'Ana Pérez', dui: '01234567-8' } },
    states: {
      a: { on: { 'step.submit': 'b' } },
      b: { invoke: { src: fromPromise(async () => 'ok'), onDone: 'c' } },
      c: { type: 'final' },
    },
  });

  it("posts each of the journey's snapshots as its state value and event type, nothing of its data", async () => {
    const channel = fakeChannel();
    const actor = createActor(machine, { inspect: channelInspector(channel) });
    actor.start();
    actor.send({ type: 'step.submit', data: { name: 'Ana Pérez' } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The invoked call's own snapshots are not the journey's.
    expect(channel.posted.map((m) => (m.kind === 'snapshot' ? [m.journey, m.value, m.event, m.status] : m))).toEqual([
      ['j', 'a', 'xstate.init', 'active'],
      ['j', 'b', 'step.submit', 'active'],
      ['j', 'c', expect.stringMatching(/^xstate\.done\.actor\./), 'done'],
    ]);
    expect(JSON.stringify(channel.posted)).not.toMatch(/Ana|01234567/);
  });

  it('tells a studio opened later where the journey is now', () => {
    const channel = fakeChannel();
    createActor(machine, { inspect: channelInspector(channel) }).start();
    channel.posted.length = 0;
    channel.receive({ kind: 'hello' });
    expect(channel.posted).toEqual([expect.objectContaining({ kind: 'snapshot', value: 'a' })]);
  });
});
