import { describe, expect, it } from 'vitest';
import type { JourneyPath, PathStep } from '../../src/tools/paths/journeyPaths';
import { failuresAfter } from '../../src/tools/replay/pathCalls';

/** A step of a path at `stateId` sending `event`. */
const step = (stateId: string, event: PathStep['event']): PathStep => ({ stateId, route: '/activacion', label: stateId, event });

// An order's activation as Nicaragua's tour has it: the agent confirms, the order is placed, its
// status asked after 5 s (still processing), again after 5 s (a 500), again (activated).
const waiting = 'ni.signedIn.sale.activation.polling.waiting';
const checking = 'ni.signedIn.sale.activation.polling.checking';
const timer = { type: `xstate.after.5000.${waiting}` };
const path: JourneyPath = {
  name: 'home/tour-8',
  steps: [
    step('ni.signedIn.sale.activation.confirming', { type: 'step.submit' }),
    step('ni.signedIn.sale.activation.ordering', { type: 'xstate.done.actor.api.activation', output: { orderId: 'L-2001' } }),
    step(waiting, timer),
    step(checking, { type: 'xstate.done.actor.api.orderStatus', output: { status: 'PROCESSING' } }),
    step(waiting, timer),
    step(checking, { type: 'xstate.error.actor.api.orderStatus', error: { status: 500, message: 'Error de servidor interno' } }),
    step(waiting, timer),
    step(checking, { type: 'xstate.done.actor.api.orderStatus', output: { status: 'ACTIVATED' } }),
  ],
  end: { stateId: 'ni.signedIn.sale.successfulTransaction', route: '/transaccion-exitosa' },
};

describe('the failures a replay arms for the calls after an event', () => {
  it('are all the calls until the agent acts again, in Node, where the timers run on a simulated clock', () => {
    expect(failuresAfter(path, 0).map((f) => [f.actor, f.fault])).toEqual([['api.orderStatus', '500']]);
  });

  it("stop at the journey's next timer for the browser, which fires each itself: the second status check's 500 is armed at its timer, not at the agent's confirm (where the first check would take it)", () => {
    expect(failuresAfter(path, 0, { toTimer: true })).toEqual([]);
    expect(failuresAfter(path, 2, { toTimer: true })).toEqual([]);
    expect(failuresAfter(path, 4, { toTimer: true }).map((f) => [f.actor, f.fault])).toEqual([['api.orderStatus', '500']]);
    expect(failuresAfter(path, 6, { toTimer: true })).toEqual([]);
  });
});
