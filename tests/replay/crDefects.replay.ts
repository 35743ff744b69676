import { expect, it, describe } from 'vitest';
import type { BrowserReplayResult } from '../../src/tools/replay/browserReplay';
import { describeBrowserReplay } from '../../src/tools/replay/browserReplay';
import { replaysOf } from '../support/browserReplays';

// Costa Rica's paths that stopped in Chromium, each replayed again (npm run test:replay). In
// `npm test` Costa Rica's tours take each of these branches in Chromium (tests/e2e/crTours.test.ts);
// these name what broke.

/** The result as the command prints it, for a failed expectation to say where and why. */
const said = (result: BrowserReplayResult) => describeBrowserReplay(result);

describe('journeys:replay --browser, Costa Rica', () => {
  const { paths, replay } = replaysOf('cr');
  const named = (name: string) => {
    const path = paths.find((p) => p.name === name);
    if (!path) throw new Error(`no path ${name} in journeys/cr.json`);
    return path;
  };
  /** The routes the browser showed when it did the path's events. */
  const places = (result: BrowserReplayResult) => result.done.map((d) => d.place);

  // The return link was opened with the example's values (a payment the sandbox never had), so
  // confirmPayment answered 422 "No pudimos verificar el pago" and the browser stayed on /pago:
  // the customer now pays on the sandbox's hosted page, as the path's example says, and the
  // page's own redirect brings the browser back at the return link.
  it("pays on the sandbox's hosted page as each path's example says (approved, declined, abandoned), not at a return link of the example's values", async () => {
    for (const name of ['orderSuccess/payment.ready.submit.opening', 'existingDebt/paymentReturn.done.paymentFailed', 'existingDebt/paymentReturn.done.payment']) {
      const result = await replay(named(name));
      expect(result.ok, `${name}: ${said(result)}`).toBe(true);
      expect(places(result).filter((place) => place.startsWith('/__payments/cr/')), name).toHaveLength(1);
    }
  }, 240_000);

  // Back from the hosted page without paying (the payment's `away`), the replay stayed on the
  // hosted page: the customer comes back by the browser's back, then pays again.
  it("comes back from the hosted page by the browser's back when the path pays again (it stopped on the hosted page)", async () => {
    const result = await replay(named('orderSuccess/payment.away.submit.opening'));
    expect(result.ok, said(result)).toBe(true);
    expect(places(result).filter((place) => place.startsWith('/__payments/cr/'))).toHaveLength(1);
  }, 120_000);

  // "nothing on /pago sends app.leaveRefused": the shell sends it when the journey leaves for a
  // page it may not open; the provider's payment page is now answered on plain http elsewhere
  // (the sandbox's fault), and the shell refuses it for real.
  it('makes the shell send app.leaveRefused: the payment page the provider answers is on plain http elsewhere', async () => {
    const result = await replay(named('existingDebt/cr.app.leaveRefused.stay'));
    expect(result.ok, said(result)).toBe(true);
    expect(result.done.find((d) => d.event === 'app.leaveRefused')?.place).toBe('/pago');
  }, 120_000);

  // The replay moved the page's clock past an agent's 15 idle minutes, and the customer's
  // session ends after 30 (a customer-facing build): the browser stayed on /pago.
  it("ends a customer's session after a customer's idle time, not an agent's (the browser stayed on /pago)", async () => {
    const result = await replay(named('existingDebt/customer.session.idle.idleEnd'));
    expect(result.ok, said(result)).toBe(true);
  }, 120_000);

  // resumeLead answered 404: the link's values were the example's uid (the seed's entry, which
  // reads the journey's data, went into the event's data, not its values); the customer now
  // opens the link of the SMS the provider sent.
  it("resumes the lead at the link of the SMS the provider sent, not the example's uid (resumeLead answered 404)", async () => {
    const result = await replay(named('noCoverage/resuming.done.verifyPhone'));
    expect(result.ok, said(result)).toBe(true);
  }, 180_000);
});
