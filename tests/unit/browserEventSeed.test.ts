import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventWithSeed } from '../../src/tools/replay/browserEventData';

// Nicaragua's and Guatemala's tours in Chromium: at the ID review the replay data asks for the
// client's number typed at the client information (`$journey:/context/sale/client/...`), the
// customer whose agreement the provider refuses. The browser replay left it to the screen, which
// shows the number read from the photo, and the sale went on with another customer.
describe("the browser replay's event, the replay data laid over it", () => {
  // No `$outbox:` value here: the page is not read.
  const page = undefined as unknown as Page;
  const review = { type: 'step.submit', data: { documentNumber: '0012309750001M', cliFirstName: 'María' } };

  it('types at a step a `$journey:` value the replay typed before in a field of that name', async () => {
    const typed = new Map<string, unknown>([['documentNumber', '0012112910005E']]);
    const event = await eventWithSeed(page, 'http://sandbox', review, { documentNumber: '$journey:/context/sale/client/documentNumber' }, typed);
    expect(event).toEqual({ type: 'step.submit', data: { documentNumber: '0012112910005E', cliFirstName: 'María' } });
  });

  it('leaves to the screen a `$journey:` value it never typed: the first date the provider offered', async () => {
    const visit = { type: 'step.submit', data: { installationDate: '2026-12-01' } };
    // Typed before under the field's own name, but the pointer names the offered dates.
    const typed = new Map<string, unknown>([['installationDate', '2026-11-30']]);
    const event = await eventWithSeed(page, 'http://sandbox', visit, { installationDate: '$journey:/context/sale/schedule/suggestedDates/0' }, typed);
    expect(event).toEqual({ type: 'step.submit', data: { installationDate: '2026-12-01' } });
  });

  it("does not type over the step's own field a `$journey:` value it never typed: the review's number stays the photo's (the rejected order went to another customer)", async () => {
    const event = await eventWithSeed(page, 'http://sandbox', review, { documentNumber: '$journey:/context/sale/id/review/documentNumber' });
    expect(event).toEqual({ type: 'step.submit', data: { cliFirstName: 'María' } });
  });
});
