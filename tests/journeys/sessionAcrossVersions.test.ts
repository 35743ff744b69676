/**
 * A session recorded on one version of the journey (the sidebar's export) replayed against the
 * next, in Node against a fresh sandbox: the replay says where the versions part. The session is
 * El Salvador's sale through the ID review as the app records it (the agent's events, each with
 * the state it was sent from); the versions are tests/support/journeyVersions.ts's.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../src/app/sessionRecorder';
import { checkJourney } from '../../src/checker/checkJourney';
import { countryActors } from '../../src/openapi/countryActors';
import { compileJourney } from '../../src/runtime/compileJourney';
import { isCallEvent, journeyPaths } from '../../src/tools/paths/journeyPaths';
import { journeyHashOf, replaySession, whereVersionsPart } from '../../src/tools/replay/sessionReplay';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { renamedAndAdded, reviewRemoved } from '../support/journeyVersions';

const svText = readFileSync('journeys/sv.json', 'utf8');
const compiled = (text: string) => {
  const { config } = checkJourney('journeys/sv.json', text, countryActors);
  if (!config) throw new Error('the edited journey is not a journey');
  return compileJourney(config, text);
};
const v1 = compiled(svText);

/** The session an agent records selling a new client through the income and the ID review to the order, on the first version. */
function recordedSale(): SessionRecord {
  const sale = journeyPaths(v1)
    .paths.filter((p) => p.end.route === '/orden-exito' && ['income', 'idReview'].every((at) => p.steps.some((s) => s.stateId === `sv.signedIn.sale.${at}`)))
    .sort((a, b) => a.steps.length - b.steps.length)[0];
  if (!sale) throw new Error('no sale through the ID review');
  const events = sale.steps.filter((s) => !isCallEvent(s.event.type)).map((s) => ({ event: s.event, from: s.stateId, ...(s.route ? { route: s.route } : {}), at: 0 }));
  return { version: 1, country: 'SV', journey: 'sv', journeyHash: journeyHashOf(v1.config), appVersion: '1.7.1', startedAt: 0, events, dropped: 0, end: { stateId: sale.end.stateId, ...(sale.end.route ? { route: sale.end.route } : {}) } };
}

let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox();
});
afterAll(() => sandbox?.close());

describe('a session of an older version replayed against a newer one', () => {
  it('says the versions part at the event sent from the removed ID review, and where formerStates sends its sales', async () => {
    const record = recordedSale();
    const v3 = compiled(reviewRemoved(svText));
    const { result, warnings } = await replaySession(v3, record, sandbox);
    expect(warnings).toEqual([expect.stringContaining('the journey changed since the session was recorded')]);
    expect(result.ok).toBe(false);
    const left = result.left as NonNullable<typeof result.left>;
    expect(left).toMatchObject({ expected: 'sv.signedIn.sale.idReview', actual: 'sv.signedIn.sale.contract' });
    expect(whereVersionsPart(v3, record, left)).toBe(
      `the versions part at the session's event ${left.atStep + 1} (step.submit): it was sent from sv.signedIn.sale.idReview (/id-revisar), a state this version does not have; its formerStates entry sends the sales saved there to sv.signedIn.sale.contract; this version is at sv.signedIn.sale.contract`,
    );
  }, 60_000);

  it('says the versions part after the income, where the newer version shows its added step', async () => {
    const record = recordedSale();
    const v2 = compiled(renamedAndAdded(svText));
    const { result } = await replaySession(v2, record, sandbox);
    const left = result.left as NonNullable<typeof result.left>;
    expect(left).toMatchObject({ expected: 'sv.signedIn.sale.idFront', actual: 'sv.signedIn.sale.incomeNotice' });
    expect(whereVersionsPart(v2, record, left)).toBe(
      `the versions part after the session's event ${left.atStep} (step.submit from sv.signedIn.sale.income): the session went on to sv.signedIn.sale.idFront (/id-escaneo-frontal), this version to sv.signedIn.sale.incomeNotice`,
    );
    // The same session on its own version says nothing of versions.
    expect(whereVersionsPart(v1, record, left)).toBeUndefined();
  }, 60_000);
});
