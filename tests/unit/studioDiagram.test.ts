import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildJourneyGraph } from '../../src/pack/journeyGraph';
import type { JourneyConfig } from '../../src/pack/journeyTypes';
import type { LocatedProblem } from '../../src/checker/problem';
import { diagramModel, liveStates, problemsByState, stateAt } from '../../src/studio/page/diagramModel';

// What the studio draws of a journey, read by the engine: boxes, lines, and the states that
// problems and the live app point at.
const sv = JSON.parse(readFileSync('journeys/sv.json', 'utf8')) as JourneyConfig;
const model = diagramModel(sv);

const problem = (pointer: string, file = 'journeys/sv.json'): LocatedProblem => ({ file, line: 1, column: 1, pointer, message: 'm' });

describe("the studio's diagram of a journey", () => {
  it('has a box per state the engine reads, each with its step, progress and back policy', () => {
    expect(model.states.map((s) => s.id)).toEqual(buildJourneyGraph(sv).nodes.map((n) => n.id));
    const idFront = model.states.find((s) => s.id === 'sv.signedIn.sale.idFront');
    expect(idFront).toMatchObject({ key: 'idFront', parentId: 'sv.signedIn.sale', route: '/id-escaneo-frontal', back: 'allow', compound: false });
    expect(idFront?.progress).toMatch(/^\d+\/\d+$/);
    expect(model.states.find((s) => s.id === 'sv.signedIn.sale')?.compound).toBe(true);
  });

  it('has a line per target of each transition, labelled with its event and guard', () => {
    const lines = model.transitions.filter((t) => t.source === 'sv.signedIn.sale.idFront');
    expect(lines).toContainEqual(expect.objectContaining({ target: 'sv.signedIn.sale.idFrontReading', event: 'step.submit', label: 'step.submit' }));
    const guarded = model.transitions.find((t) => t.guard !== undefined);
    expect(guarded?.label).toBe(`${guarded?.event} [${guarded?.guard}]`);
  });

  it('draws no line to a target that names no state (the checker reports it on its state)', () => {
    const broken = structuredClone(sv);
    const on = broken.states?.signedIn?.states?.sale?.states?.idFront?.on;
    if (!on) throw new Error('no idFront');
    on['step.submit'] = 'nowhere';
    expect(diagramModel(broken).transitions.filter((t) => t.source === 'sv.signedIn.sale.idFront' && t.event === 'step.submit')).toEqual([]);
  });

  it("puts each of the journey file's problems on the innermost state its pointer is in", () => {
    const graph = model.graph;
    expect(stateAt(graph, '/states/signedIn/states/sale/states/idFront/on/step.submit/target').id).toBe('sv.signedIn.sale.idFront');
    // A key that begins like a sibling's is not inside it.
    expect(stateAt(graph, '/states/signedIn/states/sale/states/idFrontReading').id).toBe('sv.signedIn.sale.idFrontReading');
    expect(stateAt(graph, '/meta/context').id).toBe('sv');
    const byState = problemsByState(graph, 'journeys/sv.json', [
      problem('/states/signedIn/states/sale/states/idFront/on/step.submit/target'),
      problem('/states/signedIn/states/sale/states/idFront/meta/route'),
      problem('/properties/x', 'schemas/steps/sv/idFront.json'),
    ]);
    expect([...byState].map(([id, list]) => [id, list.length])).toEqual([['sv.signedIn.sale.idFront', 2]]);
  });

  it("names the live app's current state and the ones around it", () => {
    expect(liveStates(model.graph, 'landing')).toEqual({ current: 'sv.landing', around: ['sv'] });
    expect(liveStates(model.graph, { signedIn: { sale: 'idFront' } })).toEqual({ current: 'sv.signedIn.sale.idFront', around: ['sv', 'sv.signedIn', 'sv.signedIn.sale'] });
  });
});
