import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JourneyConfig, StateConfig } from '../../src/pack/journeyTypes';
import { changedStates, formatChange } from '../../src/tools/diff/changeLines';
import { diffJourneys } from '../../src/tools/diff/journeyDiff';
import { incomeRenamed, termsMoved } from '../support/journeyIntentEdits';

// What journeys:diff reads as a rename or a move (src/tools/diff/stateMatches.ts, stepMoves.ts),
// and what it does not: each rule on an edit of El Salvador's journey. Paths left out (the
// command's test, tests/journeys/journeyDiffIntents.test.ts, has them).
const sv = readFileSync('journeys/sv.json', 'utf8');
const parse = (text: string) => JSON.parse(text) as JourneyConfig;
const lines = (after: string) => diffJourneys(parse(sv), parse(after), { paths: false }).map(formatChange);

/** `text` with `find` replaced where it is found once. */
function once(text: string, find: string, replace: string): string {
  expect(text.split(find), find).toHaveLength(2);
  return text.replace(find, replace);
}

type States = Record<string, StateConfig>;
const saleOf = (journey: JourneyConfig) => ((journey.states as States).signedIn?.states as States).sale?.states as States;

describe('journeys:diff: renames and moves', () => {
  it('reads a state under another key as renamed, its transitions retargeted with it', () => {
    expect(lines(incomeRenamed(sv))).toEqual([
      'renamed sv.signedIn.sale.income → sv.signedIn.sale.customerIncome',
      expect.stringMatching(/^! sales in progress at sv\.signedIn\.sale\.income /),
    ]);
  });

  it('reads a renamed step whose route changed too as renamed, and the route as changed', () => {
    const after = once(incomeRenamed(sv), '"route": "/ingresos-del-cliente"', '"route": "/ingresos"');
    expect(lines(after).slice(0, 2)).toEqual(['renamed sv.signedIn.sale.income → sv.signedIn.sale.customerIncome', '~ step sv.signedIn.sale.customerIncome: route "/ingresos-del-cliente" → "/ingresos"']);
  });

  it('reads a step met at another point of the sale as moved, its transitions said with it', () => {
    const changes = diffJourneys(parse(sv), parse(termsMoved(sv)), { paths: false });
    expect(changes.map(formatChange)).toEqual(['moved sv.signedIn.sale.terms: now after clauses, before clientSignature (was after verifyEmail, before authorizations)']);
    expect(changes[0]?.effects?.transitions).toHaveLength(3);
  });

  it('reads two steps swapped as one move', () => {
    let after = once(sv, '"target": "authorizations"', '"target": "clauses"');
    after = once(after, '"target": "clientSignature"', '"target": "authorizations"');
    after = once(after, '"on": {"step.submit": "clauses"}', '"on": {"step.submit": "clientSignature"}');
    expect(lines(after)).toEqual(['moved sv.signedIn.sale.clauses: now after terms, before authorizations (was after authorizations, before clientSignature)']);
  });

  it('moves nothing when a step is added between two others', () => {
    const journey = parse(sv);
    const sale = saleOf(journey);
    const summary = sale.packageSummary as StateConfig;
    summary.on = { 'step.submit': 'notice' };
    sale.notice = { meta: { route: '/aviso', progress: 'auto', step: 'notice' }, on: { 'step.submit': 'checkout' } };
    const changes = lines(JSON.stringify(journey));
    expect(changes.filter((line) => /^(moved|renamed)/.test(line))).toEqual([]);
    expect(changes).toContain('+ state sv.signedIn.sale.notice: route /aviso');
  });

  it('reads a state under another parent as moved, and where it is now', () => {
    const journey = parse(once(sv, '"target": "pendingDebt"', '"target": "#sv.signedIn.pendingDebt"'));
    const sale = saleOf(journey);
    const signedIn = (journey.states as States).signedIn?.states as States;
    signedIn.pendingDebt = sale.pendingDebt as StateConfig;
    delete sale.pendingDebt;
    const moved = lines(JSON.stringify(journey)).filter((line) => line.startsWith('moved'));
    expect(moved).toEqual([expect.stringMatching(/^moved sv\.signedIn\.sale\.pendingDebt → sv\.signedIn\.pendingDebt: now in sv\.signedIn, after clientInfo \(was in sv\.signedIn\.sale, after clientInfo\)$/)]);
  });

  it('reads two states alike as removed and added, not as a guess', () => {
    const journey = parse(sv);
    const sale = saleOf(journey);
    // Two copies of the same step under new keys: either could be the old one.
    sale.termsA = sale.terms as StateConfig;
    sale.termsB = sale.terms as StateConfig;
    delete sale.terms;
    const changes = lines(JSON.stringify(journey).replaceAll('sv.signedIn.sale.terms"', 'sv.signedIn.sale.termsA"'));
    expect(changes.filter((line) => /^(moved|renamed)/.test(line))).toEqual([]);
    expect(changes).toContain('- state sv.signedIn.sale.terms');
  });

  it('gives the states a diff changes, each with its mark, for the diagram', () => {
    const after = once(termsMoved(incomeRenamed(sv)), '"route": "/id-escaneo-frontal"', '"route": "/id-frente"');
    const marks = changedStates(diffJourneys(parse(sv), parse(after), { paths: false }));
    expect(Object.fromEntries(marks)).toEqual({
      'sv.signedIn.sale.customerIncome': 'renamed',
      'sv.signedIn.sale.terms': 'moved',
      'sv.signedIn.sale.idFront': 'changed',
    });
  });
});
