import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { checkJourney } from '../../src/checker/checkJourney';
import { formatProblem } from '../../src/checker/problem';
import { compileJourney } from '../../src/runtime/compileJourney';
import { journeyPaths, type JourneyPath } from '../../src/tools/paths/journeyPaths';
import { countryActors } from '../../src/openapi/countryActors';

// A tester names a path to replay it: its name must say where the path ends and which branch it
// takes, and must not change when the product owner edits another part of the journey or moves
// states and transitions in the file (they were numbered by position before: `#2`, `#3`).

type StateJson = { states?: Record<string, StateJson>; on?: Record<string, unknown>; [key: string]: unknown };

const pathsOf = (file: string, source: string): JourneyPath[] => {
  const { config, problems } = checkJourney(file, source, countryActors);
  if (!config || problems.length > 0) throw new Error(problems.map(formatProblem).join('\n'));
  return journeyPaths(compileJourney(config, source)).paths;
};

/** What a path does, whatever its name: each step's state and event, and where it ends. */
const walkOf = (path: JourneyPath) => JSON.stringify([path.steps.map((s) => [s.stateId, s.event]), path.end.stateId]);

/** Each path's walk by its name. */
const byName = (paths: JourneyPath[]) => new Map(paths.map((p) => [p.name, walkOf(p)]));

/** Every state's children in the reverse of the file's order, and, with `events`, every state's events too: the same journey, moved about. */
function reversedEverywhere(state: StateJson, events = false): StateJson {
  const out: StateJson = { ...state };
  if (state.states) out.states = Object.fromEntries(Object.entries(state.states).reverse().map(([key, child]) => [key, reversedEverywhere(child, events)]));
  if (state.on && events) out.on = Object.fromEntries(Object.entries(state.on).reverse());
  return out;
}

describe.each(['sv', 'hn', 'gt', 'py', 'ni', 'cr'])('%s path names', (country) => {
  const file = `journeys/${country}.json`;
  const text = readFileSync(file, 'utf8');
  const paths = pathsOf(file, text);

  it('are each one path, with no number after them, each beginning with the state the path ends at', () => {
    const names = paths.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => /#\d/.test(name))).toEqual([]);
    for (const path of paths) {
      // `orderSuccess/...`: the state's key, or its place in its step (`coverageStatus.none/...`).
      const end = path.name.slice(0, path.name.indexOf('/'));
      expect(end.length, path.name).toBeGreaterThan(0);
      expect(`.${path.end.stateId}`.endsWith(`.${end}`), `${path.name} ends at ${path.end.stateId}`).toBe(true);
    }
  });

  it('stay on the same paths when every state\'s children are moved about in the file', () => {
    const moved = JSON.stringify(reversedEverywhere(JSON.parse(text) as StateJson), null, 2);
    expect(byName(pathsOf(file, moved))).toEqual(byName(paths));
  });
});

/** Every state of a journey that has two events or more, by its keys from the root (`[]` for the root). */
function statesWithEvents(state: StateJson, at: string[] = []): string[][] {
  const own = Object.keys(state.on ?? {}).length > 1 ? [at] : [];
  return [...own, ...Object.entries(state.states ?? {}).flatMap(([key, child]) => statesWithEvents(child, [...at, key]))];
}

/** The journey with one state's events in the reverse of the file's order (two events: swapped). */
function eventsReversedAt(journey: StateJson, at: string[]): StateJson {
  const copy = structuredClone(journey);
  const state = at.reduce<StateJson>((s, key) => (s.states as Record<string, StateJson>)[key] as StateJson, copy);
  state.on = Object.fromEntries(Object.entries(state.on ?? {}).reverse());
  return copy;
}

// A state's events in another order leave every name and every path as they were: where two ways
// to a branch (or from it on to an end) are as short, the tie is broken by what the moves are
// (src/tools/paths/moveOrder.ts), not by which event the file lists first. Before, a swap of two
// events of one state renamed Costa Rica's `existingDebt/customer.session.mismatch.clientInformation`
// (`…session.unauthorized…`), gave El Salvador a path more (`pendingDebt/salesReport.listing.retry.loading`)
// and sent Paraguay's and El Salvador's paths other ways (`sale.hfc` for `sale.dth`).
describe.each(['sv', 'hn', 'gt', 'py', 'ni', 'cr'])('%s path names', (country) => {
  const file = `journeys/${country}.json`;
  const text = readFileSync(file, 'utf8');
  const journey = JSON.parse(text) as StateJson;
  const before = byName(pathsOf(file, text));

  it.each(statesWithEvents(journey).map((at) => [at.join('.') || '(root)', at] as const))('stay on the same paths when the events of %s change places in the file', (_, at) => {
    expect(byName(pathsOf(file, JSON.stringify(eventsReversedAt(journey, at), null, 2)))).toEqual(before);
  });

  it('stay on the same paths when every state\'s children and events are moved about in the file', () => {
    const moved = JSON.stringify(reversedEverywhere(journey, true), null, 2);
    expect(byName(pathsOf(file, moved))).toEqual(before);
  });
});

describe('path names', () => {
  it('stay on the same paths when two sibling steps change places in the file (Honduras: `#2` went to the other step)', () => {
    const file = 'journeys/hn.json';
    const text = readFileSync(file, 'utf8');
    const journey = JSON.parse(text) as { states: { signedIn: { states: { sale: { states: Record<string, unknown> } } } } };
    const sale = journey.states.signedIn.states.sale;
    const keys = Object.keys(sale.states);
    const [phone, email] = [keys.indexOf('verifyPhone'), keys.indexOf('verifyEmail')];
    expect(phone).toBeGreaterThanOrEqual(0);
    expect(email).toBeGreaterThan(phone);
    [keys[phone], keys[email]] = [keys[email] as string, keys[phone] as string];
    sale.states = Object.fromEntries(keys.map((key) => [key, sale.states[key]]));
    const before = byName(pathsOf(file, text));
    expect([...before.keys()]).toContain('orderSuccess/verifyEmail.verifying.done[action=OTP Incorrecto].waiting');
    expect(byName(pathsOf(file, JSON.stringify(journey, null, 2)))).toEqual(before);
  });

  it('say the branch a path takes, by its step, its event, its guard or example and its target', () => {
    const names = pathsOf('journeys/sv.json', readFileSync('journeys/sv.json', 'utf8')).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'orderSuccess/emailChecking.error.registering',
        'orderSuccess/leadDetail.lead.editAddress.leadEdit',
        'orderTimeout/activating.error.orderTimeout',
        // The straight way to the client who owes, named after the first branch on it.
        'pendingDebt/landing.submit.signingIn',
        // An error and the retry after it, named after the error.
        'pendingDebt/clientChecking.error.clientInfoFailed',
        // Two steps' `verifying` told apart by their step, two answers alike by what the answer says.
        'orderSuccess/verifyPhone.verifying.done[action=OTP Expirado].waiting',
        'orderSuccess/verifyEmail.verifying.done[action=OTP Incorrecto].waiting',
        'orderSuccess/checkout.pricing.done[output=null].choosing',
      ]),
    );
  });

  it('stay the same when a branch is added before others of the same event', () => {
    const svText = readFileSync('journeys/sv.json', 'utf8');
    const names = pathsOf('journeys/sv.json', svText).map((p) => p.name);
    const find = '"onDone": [\n                  {\n                    "guard": {"type": "equals", "params": {"at": "/event/output/status", "value": "passed"}},';
    expect(svText.split(find)).toHaveLength(2);
    const more = svText.replace(
      find,
      '"onDone": [\n                  {\n                    "guard": {"type": "equals", "params": {"at": "/event/output/status", "value": "unknown"}},\n                    "target": "registering",\n                    "meta": {"example": {"output": {"status": "unknown"}}}\n                  },\n                  {\n                    "guard": {"type": "equals", "params": {"at": "/event/output/status", "value": "passed"}},',
    );
    const after = pathsOf('journeys/sv.json', more).map((p) => p.name);
    for (const name of names) expect(after).toContain(name);
  });
});
