import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../src/app/sessionRecorder';
import { loadJourney } from '../support/journeyFiles';
import { replayDataOf } from '../../src/tools/replay/replayPath';
import { journeyHashOf, otherThan, sessionEvents, sessionPath, sessionWarnings } from '../../src/tools/replay/sessionReplay';

// How a recorded session is sent to a fresh sandbox (src/tools/replay/sessionReplay.ts): as the agent
// sent it, but for what only the recorded sandbox knew (its codes, its uploads) or what the app did
// not record (the PIN, the codes), which the seed's replay data and the journey's examples supply.
const journey = loadJourney('journeys/sv.json');
const data = replayDataOf('SV');
const sent = (from: string, event: Record<string, unknown> & { type: string }, withheld = false) => ({ event, from, at: 0, ...(withheld ? { withheld: true as const } : {}) });
const record = (events: SessionRecord['events'], end?: string): SessionRecord => ({
  version: 1,
  country: 'SV',
  journey: 'sv',
  journeyHash: journeyHashOf(journey.config),
  appVersion: '1.7.1',
  startedAt: 0,
  events,
  dropped: 0,
  ...(end ? { end: { stateId: end } } : {}),
});
const PHONE = 'sv.signedIn.sale.verifyPhone.waiting';
const tools = (index: number, at: string) => ({
  at,
  index,
  context: { sale: { contract: { phone: '70001234' } } },
  upload: async (operation: string, file: string) => ({ imageUrl: `/uploads/fresh-${file}`, operation }),
  outboxCode: async (to: string) => (to === '70001234' ? '482913' : ''),
});

describe('a recorded session replayed', () => {
  it('signs in with the journey’s example PIN, which the app never records', async () => {
    const session = record([sent('sv.landing', { type: 'step.submit' }, true)], 'sv.signedIn.home');
    const prepare = sessionEvents(journey, session, data);
    expect(await prepare({ type: 'step.submit' }, tools(0, 'sv.landing'))).toEqual({ type: 'step.submit', data: { pin: '2580' } });
    // A PIN the session did not get past (the next event from the landing again) is sent wrong.
    const twice = record([sent('sv.landing', { type: 'step.submit' }, true), sent('sv.landing', { type: 'step.submit' }, true)], 'sv.signedIn.home');
    expect(await sessionEvents(journey, twice, data)({ type: 'step.submit' }, tools(0, 'sv.landing'))).toEqual({ type: 'step.submit', data: { pin: '3691' } });
  });

  it('types the fresh sandbox’s code where the session went on, and a wrong one where it stayed', async () => {
    const session = record([sent(PHONE, { type: 'step.submit' }, true), sent(PHONE, { type: 'step.submit' }, true)], 'sv.signedIn.sale.verifyEmail.waiting');
    const prepare = sessionEvents(journey, session, data);
    expect(await prepare({ type: 'step.submit' }, tools(0, PHONE))).toEqual({ type: 'step.submit', data: { code: otherThan('482913') } });
    expect(await prepare({ type: 'step.submit' }, tools(1, PHONE))).toEqual({ type: 'step.submit', data: { code: '482913' } });
  });

  it('takes an uploaded photo’s answer from the fresh sandbox, and the rest as the agent sent it', async () => {
    const rear = 'sv.signedIn.sale.idRear';
    const session = record([sent(rear, { type: 'step.submit', data: { fileName: 'ana-perez-rear.png', imageUrl: '/uploads/old.png', reading: { old: true } } })], 'sv.signedIn.sale.idReview');
    const prepared = await sessionEvents(journey, session, data)(session.events[0]?.event as never, tools(0, rear));
    expect(prepared.data).toEqual({
      fileName: 'ana-perez-rear.png',
      imageUrl: '/uploads/fresh-ana-perez-rear.png',
      reading: { imageUrl: '/uploads/fresh-ana-perez-rear.png', operation: 'rearIdRecognition' },
    });
    // Where the seed's data marks nothing (the client's document number), the event is the agent's.
    const client = record([sent('sv.signedIn.sale.clientInfo', { type: 'step.submit', data: { documentType: 'DUI', documentNumber: '04644848-2' } })]);
    const event = client.events[0]?.event as never;
    expect(await sessionEvents(journey, client, data)(event, tools(0, 'sv.signedIn.sale.clientInfo'))).toBe(event);
  });

  it('ends where the export found the journey, and warns when the journey changed since or the record lost its start', () => {
    const session = record([sent('sv.landing', { type: 'step.submit' }, true)], 'sv.signedIn.home');
    expect(sessionPath(session).end).toEqual({ stateId: 'sv.signedIn.home', route: undefined });
    expect(sessionWarnings(journey, session)).toEqual([]);
    expect(sessionWarnings(journey, { ...session, journeyHash: 'older', dropped: 3 })).toEqual([
      expect.stringContaining('the journey changed since the session was recorded (hash older'),
      expect.stringContaining("the session's first 3 event(s) fell out"),
    ]);
  });
});
