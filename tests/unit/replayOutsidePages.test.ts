import { describe, expect, it } from 'vitest';
import { CUSTOMER_IDLE, IDLE_END_MS } from '../../src/app/IdleGuard';
import { journeyPaths, type JourneyPath } from '../../src/tools/paths/journeyPaths';
import { leftBeforeEvent } from '../../src/tools/replay/outsidePages';
import { idleEndOf, leavingEvent } from '../../src/tools/replay/shellSending';
import { loadJourney } from '../support/journeyFiles';

// The pure parts of how the browser replay drives Costa Rica's outside pages and shell events
// (tests/e2e/browserReplay.test.ts replays the paths themselves in Chromium).
describe("the browser replay's outside pages and shell events, Costa Rica", () => {
  const journey = loadJourney('journeys/cr.json');
  const { paths } = journeyPaths(journey);
  const named = (name: string) => paths.find((p) => p.name === name) as JourneyPath;
  const indexOf = (path: JourneyPath, stateId: string, event: string) => path.steps.findIndex((s) => s.stateId === stateId && s.event.type === event);

  // The replay read "left for an outside page" off the agent's event before (a `step.submit`,
  // which never leaves: the call it starts does), so it never waited for the hosted page.
  it("knows the journey left for the hosted page after createPayment's answer, and not before", () => {
    const away = named('orderSuccess/payment.away.submit.opening');
    expect(leftBeforeEvent(journey, away, indexOf(away, 'cr.customer.payment.away', 'step.submit'))).toBe(true);
    expect(leftBeforeEvent(journey, away, indexOf(away, 'cr.customer.payment.away', 'link.paymentReturn'))).toBe(true);
    expect(leftBeforeEvent(journey, away, indexOf(away, 'cr.customer.payment.ready', 'step.submit'))).toBe(false);
  });

  // "nothing on /pago sends app.leaveRefused": the event that leaves there, and the call whose
  // answer names the page (the one the sandbox's http-page fault is armed for).
  it('finds the event that leaves for the payment page, and the call that names it', () => {
    expect(leavingEvent(journey, 'cr.customer.payment.ready')).toEqual({ event: 'step.submit', operationId: 'createPayment' });
    expect(leavingEvent(journey, 'cr.customer.confirmOrder.reviewing')).toBeUndefined();
  });

  // The replay moved the page's clock past an agent's 15 minutes, and a customer-facing build
  // ends a customer's session after 30: the browser stayed on /pago.
  it("moves the clock past a customer's idle time in a customer-facing build, an agent's elsewhere", () => {
    expect(idleEndOf('cr')).toBe(CUSTOMER_IDLE.endAfterMs);
    expect(idleEndOf('sv')).toBe(IDLE_END_MS);
  });
});
