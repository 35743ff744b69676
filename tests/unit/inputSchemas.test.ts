import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INPUT_TERMS } from '../../src/runtime/inputMap';

// The input vocabulary is described twice, so that each meta-schema stands alone (an editor
// completes a step file's widget call as it completes a journey's invoke input): the two must
// say the same, but for where pointers may read (the event in a journey, the form in a step).
const defs = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { $defs: Record<string, Record<string, unknown>> }).$defs;
const journey = defs('schemas/journey.schema.json');
const step = defs('schemas/step.schema.json');

describe('the input vocabulary in the meta-schemas', () => {
  it('is the same in journeys and step files, but for what pointers read', () => {
    for (const name of ['inputValue', 'inputTerm']) expect(step[name], name).toEqual(journey[name]);
    const { $comment: _comment, ...stepMap } = step.inputMap ?? {};
    void _comment;
    expect(stepMap).toEqual(journey.inputMap);
    expect(journey.inputPointer?.pattern).toBe('^/(context|event)(/|$)');
    expect(step.inputPointer?.pattern).toBe('^/(context|form)(/|$)');
  });

  it('lists every term the engine evaluates', () => {
    const keywords = Object.keys((journey.inputTerm?.properties ?? {}) as object);
    for (const term of INPUT_TERMS) expect(keywords).toContain(term);
  });
});
