/**
 * A sale saved by one version of a journey, restored by the next (a build deployed while agents
 * sell): it resumes where its state still is, else where `formerStates` says, else at the nearest
 * parent's first step, with what was typed kept where the new version still has the field.
 * El Salvador's journey edited as issue 36 says (tests/support/journeyVersions.ts), and the
 * fixture country's.
 */
import { readFileSync } from 'node:fs';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { checkJourney } from '../../src/checker/checkJourney';
import { formatProblem } from '../../src/checker/problem';
import { countryActors } from '../../src/openapi/countryActors';
import { compileJourney, type CompiledJourney } from '../../src/runtime/compileJourney';
import { persistJourney, restoreJourney, DRAFT_TRIMMED, type DraftFit } from '../../src/runtime/persistence';
import { DEFAULT_MOVED, NEAREST_MOVED, STARTED_AGAIN } from '../../src/runtime/versionResume';
import { renamedAndAdded, reviewRemoved, REVIEW_MOVED_MESSAGE } from '../support/journeyVersions';

const svText = readFileSync('journeys/sv.json', 'utf8');

/** A journey's text checked (an edit that journeys:check refuses fails the test) and compiled; `packs`: the pack folder its provider's specs are in. */
function compiled(text: string, file = 'journeys/sv.json', packs?: string): CompiledJourney {
  const before = process.env.COUNTRY_PACKS;
  if (packs) process.env.COUNTRY_PACKS = packs;
  let checked;
  try {
    checked = checkJourney(file, text, countryActors);
  } finally {
    if (before === undefined) delete process.env.COUNTRY_PACKS;
    else process.env.COUNTRY_PACKS = before;
  }
  const { config, problems } = checked;
  if (!config || problems.length > 0) throw new Error(problems.map(formatProblem).join('\n'));
  return compileJourney(config, text);
}

const v1 = compiled(svText);
const typed = { cliFirstName: 'Ana', cliLastName: 'Pérez', cliDUINumber: '046448482' };

/** The text the app keeps for a sale at `value` of `journey`, a draft typed on its step: an actor's persisted snapshot, as the app saves it. */
function savedAt(journey: CompiledJourney, value: unknown, draft?: { stateId: string; data: unknown }): string {
  const context = structuredClone(journey.config.context ?? {}) as Record<string, Record<string, unknown>>;
  context.sale = { ...context.sale, id: { front: { id_number: '046448482' } } };
  context.ui = { ...context.ui, message: 'DUI incorrecto! Favor ingresa un DUI valido.', ...(draft ? { draft } : {}) };
  const snapshot = journey.machine.resolveState({ value: value as never, context: context as never });
  const actor = createActor(journey.machine, { snapshot }).start();
  const text = persistJourney(journey, actor.getPersistedSnapshot());
  actor.stop();
  return text;
}

/** The restored sale as the app starts it: where it is, and its context. */
function started(journey: CompiledJourney, restored: ReturnType<typeof restoreJourney>) {
  if (!restored.ok) throw new Error(`not restored: ${restored.reason}`);
  const actor = createActor(journey.machine, { snapshot: restored.snapshot as never }).start();
  const { value, context } = actor.getSnapshot();
  actor.stop();
  return { value, context: context as Record<string, Record<string, unknown>> };
}

const atReview = () => savedAt(v1, { signedIn: { sale: 'idReview' } }, { stateId: 'sv.signedIn.sale.idReview', data: typed });

describe('a sale saved by an older version of the journey', () => {
  it('resumes at its step when the new version renamed an earlier state and added a step after it, with what was typed', () => {
    const v2 = compiled(renamedAndAdded(svText));
    expect(v2.hash).not.toBe(v1.hash);
    const restored = restoreJourney(v2, atReview());
    expect(restored).toMatchObject({ ok: true, resumed: { kind: 'same', from: 'sv.signedIn.sale.idReview', to: 'sv.signedIn.sale.idReview', dropped: [] } });
    expect(restored.ok && restored.resumed?.notice).toBeUndefined();
    const { value, context } = started(v2, restored);
    expect(value).toEqual({ signedIn: { sale: 'idReview' } });
    expect(context.ui?.draft).toEqual({ stateId: 'sv.signedIn.sale.idReview', data: typed });
    expect((context.sale?.id as { front: unknown }).front).toEqual({ id_number: '046448482' });
    // The step's own message is the step's: it stays where the step does.
    expect(context.ui?.message).toBe('DUI incorrecto! Favor ingresa un DUI valido.');
  });

  it('resumes where formerStates says when its state was removed, with the message, the typed fields the new step has, and no message of the old step', () => {
    const v3 = compiled(reviewRemoved(svText));
    // The contract's screen has the client's first name and no DUI number, say.
    const fit: DraftFit = (step, data) => {
      expect(step).toBe('contract');
      const { cliFirstName } = data as typeof typed;
      return { data: { cliFirstName }, dropped: ['cliLastName', 'cliDUINumber'] };
    };
    const restored = restoreJourney(v3, atReview(), fit);
    expect(restored).toMatchObject({ ok: true, resumed: { kind: 'declared', from: 'sv.signedIn.sale.idReview', to: 'sv.signedIn.sale.contract', notice: REVIEW_MOVED_MESSAGE } });
    const { value, context } = started(v3, restored);
    expect(value).toEqual({ signedIn: { sale: 'contract' } });
    expect(context.ui?.draft).toEqual({ stateId: 'sv.signedIn.sale.contract', data: { cliFirstName: 'Ana' } });
    expect(context.ui?.message).toBeNull();
    // What was submitted before stays.
    expect((context.sale?.id as { front: unknown }).front).toEqual({ id_number: '046448482' });
  });

  it("says the default words when the file's entry has none", () => {
    const v3 = compiled(reviewRemoved(svText).replace(`, "message": "${REVIEW_MOVED_MESSAGE}"`, '').replace(`,\n      "message": "${REVIEW_MOVED_MESSAGE}"`, ''));
    const restored = restoreJourney(v3, atReview());
    expect(restored.ok && restored.resumed?.notice).toBe(DEFAULT_MOVED);
  });

  it("resumes at the first step of the nearest parent still there when no entry names the removed state, and says so", () => {
    const text = JSON.parse(reviewRemoved(svText)) as Record<string, unknown>;
    delete text.formerStates;
    const v3 = compiled(JSON.stringify(text, null, 2));
    const restored = restoreJourney(v3, atReview());
    expect(restored).toMatchObject({ ok: true, resumed: { kind: 'nearest', to: 'sv.signedIn.sale.clientInfo', notice: NEAREST_MOVED } });
    expect(started(v3, restored).value).toEqual({ signedIn: { sale: 'clientInfo' } });
  });

  it('resumes in place but drops, and says, what was typed that the step no longer takes', () => {
    const v2 = compiled(renamedAndAdded(svText));
    const fit: DraftFit = (_step, data) => ({ data: { ...(data as object), cliDUINumber: undefined }, dropped: ['cliDUINumber'] });
    const restored = restoreJourney(v2, atReview(), fit);
    expect(restored).toMatchObject({ ok: true, resumed: { kind: 'same', dropped: ['cliDUINumber'], notice: DRAFT_TRIMMED } });
  });

  it('starts afresh, saying so, when nothing of its place is left', () => {
    const v2 = compiled(renamedAndAdded(svText));
    // Saved in a part of the journey this version has none of: no parent left but the root.
    const record = JSON.parse(atReview()) as { snapshot: { value: unknown }; stateId: string };
    record.snapshot.value = { gone: { sale: 'idReview' } };
    record.stateId = 'sv.gone.sale.idReview';
    expect(restoreJourney(v2, JSON.stringify(record))).toEqual({ ok: false, reason: 'other-version', notice: STARTED_AGAIN });
  });

  it('finds the old state by its path when the saved record does not name it (saved before the id was kept)', () => {
    const v3 = compiled(reviewRemoved(svText));
    const record = JSON.parse(atReview()) as Record<string, unknown>;
    delete record.stateId;
    expect(restoreJourney(v3, JSON.stringify(record))).toMatchObject({ ok: true, resumed: { kind: 'declared', to: 'sv.signedIn.sale.contract' } });
  });

  it('resumes a sale of the same version as it was, saying nothing', () => {
    const restored = restoreJourney(v1, atReview());
    expect(restored.ok && restored.resumed).toBeUndefined();
    expect(started(v1, restored).value).toEqual({ signedIn: { sale: 'idReview' } });
  });
});

describe("the fixture country's journey across versions", () => {
  const zzFile = 'tests/fixtures/packs/zz/journeys/zz.json';
  const zzText = readFileSync(zzFile, 'utf8');
  const zz1 = compiled(zzText, zzFile, 'tests/fixtures/packs/zz');

  it('sends the sales of a removed step where its formerStates says', () => {
    const journey = JSON.parse(zzText) as { states: { dentro: { states: Record<string, unknown> } }; formerStates?: unknown };
    const { resumen } = journey.states.dentro.states as { resumen: unknown };
    expect(resumen).toBeDefined();
    const text = JSON.stringify(journey).replaceAll('"target":"resumen"', '"target":"pagando"').replace('"step.back":"resumen"', '"step.back":"cliente"');
    const edited = JSON.parse(text) as typeof journey;
    delete edited.states.dentro.states.resumen;
    edited.formerStates = { 'zz.dentro.resumen': { target: '#zz.dentro.cliente', message: 'El resumen ya no existe: revisa los datos del cliente.' } };
    const zz2 = compiled(JSON.stringify(edited, null, 2), zzFile, 'tests/fixtures/packs/zz');
    const restored = restoreJourney(zz2, savedAt(zz1, { dentro: 'resumen' }));
    expect(restored).toMatchObject({ ok: true, resumed: { kind: 'declared', to: 'zz.dentro.cliente', notice: 'El resumen ya no existe: revisa los datos del cliente.' } });
    expect(started(zz2, restored).value).toEqual({ dentro: 'cliente' });
  });
});
