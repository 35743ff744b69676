import { describe, expect, it } from 'vitest';
import { hashText } from '../../src/pack/hashText';
import { journeyForBrowser } from '../../src/runtime/journeyForBrowser';
import { createSessionRecorder, recordSession, SESSION_EVENT_LIMIT } from '../../src/app/sessionRecorder';
import { driveJourney } from '../support/driveJourney';
import { loadJourney } from '../support/journeyFiles';
import { journeyHashOf } from '../../src/tools/replay/sessionReplay';

// The agent's session as the app records it (src/app/sessionRecorder.ts): the events it sends,
// bounded, never the PIN or a one-time code, forgotten when the session ends.
const journey = loadJourney('journeys/sv.json');
const identity = { country: 'SV', journey: 'sv', journeyHash: 'h', appVersion: '1' };
const seller = { msisdn: '70000001', poaSellerCode: 'SV-POA-001', seller: { firstName: 'Carlos', lastName: 'Méndez' } };

async function recordedRun() {
  const run = driveJourney(journey);
  const recorder = createSessionRecorder({ ...identity, journeyHash: journey.hash });
  let changes = 0;
  recordSession(run.actor, journey, recorder, () => (changes += 1));
  run.answer({ actor: 'api.accessToken', output: { poa_msisdn: '70000001', uniqueIdentifier: 'U-1' } }, { actor: 'api.salesPersonDetails', output: seller });
  await run.send({ type: 'step.submit', data: { pin: '2580' } });
  return { run, recorder, changes: () => changes };
}

describe('the session recorder', () => {
  it('keeps the latest events only, counting those it let go', () => {
    let now = 1_000;
    const recorder = createSessionRecorder(identity, { now: () => (now += 10) });
    for (let i = 0; i < SESSION_EVENT_LIMIT + 20; i++) recorder.record({ type: 'offer.toggle', planId: `P-${i}` }, { stateId: 'sv.a', route: '/a', keepsData: true });
    const record = recorder.take();
    expect(record.events).toHaveLength(SESSION_EVENT_LIMIT);
    expect(record.dropped).toBe(20);
    expect(record.events[0]?.event).toEqual({ type: 'offer.toggle', planId: 'P-20' });
    // Times are offsets from the session's first event.
    expect(record.events.at(-1)?.at).toBe((SESSION_EVENT_LIMIT + 19) * 10);
  });

  it('records what is sent from outside with where it was sent from, not the journey’s own events, and never the PIN', async () => {
    const { run, recorder, changes } = await recordedRun();
    await run.send({ type: 'step.draft', data: { documentNumber: '04644848-2' } });
    run.answer({ actor: 'device.location', output: { latitude: 13.7, longitude: -89.2 } });
    await run.send({ type: 'menu.newClient' });
    await run.send({ type: 'step.submit', data: { documentType: 'DUI', documentNumber: '046448482' } });
    const record = recorder.take();
    expect(record.events.map((e) => [e.event.type, e.from, e.route ?? null])).toEqual([
      ['step.submit', 'sv.landing', '/'],
      ['menu.newClient', 'sv.signedIn.home', '/inicio'],
      ['step.submit', 'sv.signedIn.sale.clientInfo', '/información-del-cliente'],
    ]);
    // The sign-in's data is withheld: its step keeps no data (meta.data: false), the replay supplies it.
    expect(record.events[0]).toMatchObject({ event: { type: 'step.submit' }, withheld: true });
    expect(JSON.stringify(record)).not.toContain('2580');
    expect(record.events[2]?.event).toEqual({ type: 'step.submit', data: { documentType: 'DUI', documentNumber: '046448482' } });
    expect(changes()).toBeGreaterThanOrEqual(3);
  });

  // Copying the event and finding its state and route took a tenth of a step change's click at
  // 4x CPU; they are worked out when the record is read (a save, in idle time).
  it('works out where an event was sent from when the record is read, not as the agent taps', () => {
    const recorder = createSessionRecorder(identity);
    let asked = 0;
    recorder.record({ type: 'menu.newClient' }, () => {
      asked += 1;
      return { stateId: 'sv.signedIn.home', route: '/inicio', keepsData: true };
    });
    expect(asked).toBe(0);
    expect(recorder.take().events).toMatchObject([{ event: { type: 'menu.newClient' }, from: 'sv.signedIn.home', route: '/inicio' }]);
    expect(recorder.take().events).toHaveLength(1);
    expect(asked).toBe(1);
  });

  it('forgets the session when the journey wipes it (here a session-integrity mismatch)', async () => {
    const { run, recorder } = await recordedRun();
    expect(recorder.size).toBe(1);
    await run.send({ type: 'session.mismatch' });
    expect(run.route()).toBe('/');
    expect(recorder.size).toBe(0);
    expect(recorder.take()).toMatchObject({ events: [], dropped: 0, startedAt: null });
  });

  it('goes on after a reload from a record of the same journey only', () => {
    const recorder = createSessionRecorder(identity);
    recorder.record({ type: 'menu.newClient' }, { stateId: 'sv.signedIn.home', keepsData: true });
    const saved = JSON.parse(JSON.stringify(recorder.take()));
    const again = createSessionRecorder(identity);
    again.resume(saved);
    expect(again.take().events).toEqual(saved.events);
    const otherVersion = createSessionRecorder({ ...identity, journeyHash: 'another' });
    otherVersion.resume(saved);
    expect(otherVersion.size).toBe(0);
  });

  it('names the journey by the hash the app compiles it with (the browser’s journey, examples and descriptions left out)', () => {
    const config = journey.config;
    expect(journeyHashOf(config)).toBe(hashText(JSON.stringify(journeyForBrowser(config))));
    expect(journeyHashOf(config)).not.toBe(journey.hash);
  });
});
