import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJourney } from '../support/journeyFiles';
import { runningSandbox } from '../support/runningSandbox';
import { driveOverSandbox } from '../support/sandboxJourney';

// The Honduras journey with its real provider calls: the api layer's actors against a running
// sandbox that serves Honduras's API (openapi/hn/) over its own seed (src/sandbox/seed/hn/),
// signed and sealed as its country file says.
const journey = loadJourney('journeys/hn.json');
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox();
});
afterAll(() => sandbox.close());

describe('the Honduras journey against the sandbox', () => {
  it("signs in with Honduras's seller and opens the sales report", async () => {
    const { actor, context, step } = driveOverSandbox(journey, sandbox, [50, 100, 200], { latitude: 14.0818, longitude: -87.2068 });
    await step({ type: 'step.submit', data: { pin: '2580' } }, '/inicio');
    expect(context().seller.poaSellerCode).toBe('HN-POA-001');
    await step({ type: 'menu.salesReport' }, '/ventas-reporte');
    expect(context().report.leads).toEqual([]);
    actor.stop();
  }, 30_000);

  it('refuses a PIN that is not a Honduran seller\'s, and stays on the landing with the message', async () => {
    const { actor, context, step } = driveOverSandbox(journey, sandbox, [50]);
    await step({ type: 'step.submit', data: { pin: '1111' } }, '/');
    expect(context().ui.message).toEqual(expect.any(String));
    expect(context().seller).toBeNull();
    actor.stop();
  }, 30_000);
});
