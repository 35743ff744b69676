import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { checkJourney } from '../../src/checker/checkJourney';
import { compileJourney } from '../../src/runtime/compileJourney';
import { journeyPaths } from '../../src/tools/paths/journeyPaths';
import { countryActors } from '../../src/openapi/countryActors';

// A tester names a path to replay it: its name must not change when the product owner edits
// another part of the journey (they were numbered by position before).
const text = readFileSync('journeys/sv.json', 'utf8');
const namesOf = (source: string) => {
  const { config, problems } = checkJourney('journeys/sv.json', source, countryActors);
  if (!config || problems.length > 0) throw new Error(JSON.stringify(problems));
  return journeyPaths(compileJourney(config, source)).paths.map((p) => p.name);
};
const names = namesOf(text);

/** The journey file with one edit, applied once exactly. */
function edited(find: string, replace: string): string {
  expect(text.split(find)).toHaveLength(2);
  return text.replace(find, replace);
}

describe('SV path names', () => {
  it('name each path once, after its end and the branch it takes', () => {
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('orderSuccess/emailChecking.error.registering');
    expect(names).toContain('pendingDebt/landing.submit.signingIn');
    expect(names).toContain('orderSuccess/leadDetail.lead.editAddress.leadEdit');
    expect(names).toContain('orderTimeout/activating.error.orderTimeout');
  });

  it('stay the same when the states are reordered in the file', () => {
    const { states } = JSON.parse(text) as { states: { signedIn: { states: Record<string, unknown> } } };
    const reordered = JSON.parse(text) as { states: { signedIn: { states: Record<string, unknown> } } };
    reordered.states.signedIn.states = Object.fromEntries(Object.entries(states.signedIn.states).reverse());
    expect(namesOf(JSON.stringify(reordered, null, 2)).sort()).toEqual([...names].sort());
  });

  it('stay the same when a branch is added before others of the same event', () => {
    const more = edited(
      '"onDone": [\n                  {\n                    "guard": {"type": "equals", "params": {"at": "/event/output/status", "value": "passed"}},',
      '"onDone": [\n                  {\n                    "guard": {"type": "equals", "params": {"at": "/event/output/status", "value": "unknown"}},\n                    "target": "registering",\n                    "meta": {"example": {"output": {"status": "unknown"}}}\n                  },\n                  {\n                    "guard": {"type": "equals", "params": {"at": "/event/output/status", "value": "passed"}},',
    );
    const after = namesOf(more);
    for (const name of names) expect(after).toContain(name);
  });
});
