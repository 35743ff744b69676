import { describe, expect, it } from 'vitest';
import { shapeOfSchema } from '../../src/checker/contextShape';
import { entryPointerProblems } from '../../src/checker/entryPointers';

/** The journey's data with a selection declared by what each entry holds. */
const root = shapeOfSchema({
  type: 'object',
  properties: { sale: { type: 'object', properties: { selection: { type: 'object', additionalProperties: { type: 'object', properties: { planId: { type: 'string' } } } } } } },
});

describe('entryPointerProblems', () => {
  it('locates an of that each entry does not have, with the key meant', () => {
    expect(entryPointerProblems({ planId: { first: '/context/sale/selection', of: '/plnId' } }, '/input', root)).toEqual([
      { pointer: '/input/planId/of', message: 'the journey\'s data has no "plnId" in /context/sale/selection/…; did you mean "planId"?' },
    ]);
    expect(entryPointerProblems({ planId: { first: '/context/sale/selection', of: '/planId' } }, '/input', root)).toEqual([]);
  });

  it("locates a where key that each entry does not have, with the keys it has", () => {
    expect(entryPointerProblems({ planId: { first: '/context/sale/selection', where: { plan: '/event/id' }, of: '/planId' } }, '/input', root)).toEqual([
      { pointer: '/input/planId/where/plan', message: 'the journey\'s data has no "plan" in /context/sale/selection/… (it has "planId")' },
    ]);
    expect(entryPointerProblems({ planId: { first: '/context/sale/selection', where: { planId: '/event/id' }, of: '/planId' } }, '/input', root)).toEqual([]);
  });

  // The checker's fuzz (seed 526072958) crashed journeys:check: an `of` that is no pointer
  // ("actions") went to the pointer parser, which throws. The input check reports it; this says nothing.
  it('leaves an of that is no pointer to the input check, without throwing', () => {
    expect(entryPointerProblems({ planId: { first: '/context/sale/selection', of: 'actions' } }, '/input', root)).toEqual([]);
    expect(entryPointerProblems({ planId: { sum: '/context/sale/selection', of: '' } }, '/input', root)).toEqual([]);
  });
});
