import { readFileSync } from 'node:fs';
import { createActor } from 'xstate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openingEvents } from '../../src/app/openingEvents';
import { leaveTarget } from '../../src/app/leavePage';
import { compileJourney } from '../../src/runtime/compileJourney';
import { persistJourney, restoreJourney } from '../../src/runtime/persistence';
import { driveJourney } from '../support/driveJourney';

// The test country (tests/fixtures/packs/zz) has a public link (/zz/retomar/:ticket?) and, on its
// summary, a payment page it leaves for (`leave`) whose return link (/zz/pago/retorno?recibo=..)
// brings the receipt: the journey as the shell runs it, with stand-in calls, saved and restored
// as the tab's sealed snapshot is across the outside page.

const ZZ = 'tests/fixtures/packs/zz';
const text = readFileSync(`${ZZ}/journeys/zz.json`, 'utf8');
const journey = compileJourney(JSON.parse(text), text);
const links = journey.config.links;
const seller = { msisdn: '99900001', poaSellerCode: 'ZZ-POA-001', seller: { firstName: 'Zoe', lastName: 'Zamora' } };

beforeAll(() => {
  vi.stubEnv('COUNTRY_PACKS', ZZ);
});
afterAll(() => {
  vi.unstubAllEnvs();
});

async function atSummary() {
  const run = driveJourney(journey);
  run.answer({ actor: 'api.accessToken', output: { poa_msisdn: '99900001', uniqueIdentifier: 'U-ZZ-1' } }, { actor: 'api.salesPersonDetails', output: seller });
  await run.send({ type: 'step.submit', data: { pin: '4321' } });
  await run.send({ type: 'step.next' });
  await run.send({ type: 'step.submit', data: { documentType: 'CIZ', documentNumber: '123456789', phone: '999123456' } });
  expect(run.route()).toBe('/zz-resumen');
  return run;
}

describe('deep links and leaving for an outside page (zz)', () => {
  it('a fresh journey opened at a link goes to the step it shows, with the link\'s value', async () => {
    const run = driveJourney(journey);
    for (const event of openingEvents({ pathname: '/zz/retomar/T%2F42', search: '?x=1' }, links)) await run.send(event);
    expect(run.route()).toBe('/zz-retomar');
    expect(run.context()).toMatchObject({ retomar: { ticket: 'T/42' } });
  });

  it('leaves from the summary for the payment page, and a restored snapshot sent the return link goes on from where it was', async () => {
    const run = await atSummary();
    await run.send({ type: 'pago.abrir' });
    expect(run.route()).toBe('/zz-pagando');
    expect(run.emitted).toContainEqual({ type: 'app.leave', journey: 'zz', url: '/zz-pasarela.html' });
    expect(leaveTarget('/zz-pasarela.html', { href: 'http://127.0.0.1:8787/zz-resumen', origin: 'http://127.0.0.1:8787' })).toBe('http://127.0.0.1:8787/zz-pasarela.html');
    // What the shell seals before the page goes; the tab comes back to it.
    const saved = persistJourney(journey, run.actor.getPersistedSnapshot());
    run.actor.stop();

    const restored = restoreJourney(journey, saved);
    expect(restored.ok).toBe(true);
    if (!restored.ok) return;
    const back = createActor(journey.machine, { snapshot: restored.snapshot }).start();
    expect(back.getSnapshot().value).toEqual({ dentro: 'pagando' });
    for (const event of openingEvents({ pathname: '/zz/pago/retorno', search: '?recibo=R-7&otro=no' }, links)) back.send(event);
    expect(back.getSnapshot().value).toEqual({ dentro: 'pagado' });
    expect(back.getSnapshot().context).toMatchObject({ pago: { recibo: 'R-7' }, visit: { customer: { documentNumber: '123456789' } }, session: { signedIn: true } });
  });

  it('asks to leave for a plain http page elsewhere, which the shell refuses; the journey says so and stays', async () => {
    const run = await atSummary();
    await run.send({ type: 'pago.peligro' });
    expect(run.emitted).toContainEqual({ type: 'app.leave', journey: 'zz', url: 'http://evil.example/pago' });
    expect(leaveTarget('http://evil.example/pago', { href: 'http://127.0.0.1:8787/zz-resumen', origin: 'http://127.0.0.1:8787' })).toBeUndefined();
    await run.send({ type: 'app.leaveRefused' });
    expect(run.route()).toBe('/zz-resumen');
    expect(run.message()).toBe('No se pudo abrir la página de pago.');
  });
});
