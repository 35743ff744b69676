import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildJourneyGraph } from '../../src/pack/journeyGraph';
import type { JourneyConfig } from '../../src/pack/journeyTypes';
import type { LocatedProblem } from '../../src/checker/problem';
import { diagramModel, liveStates, problemsByState, stateAt } from '../../src/studio/page/diagramModel';
import { defaultExpanded, diagramView } from '../../src/studio/page/diagramView';
import { eventName, liveLines, stateName } from '../../src/studio/page/liveEventNames';
import { fitLayout } from '../../src/studio/page/readingLayout';

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

describe("the studio's view of a journey: folded steps, the sale's order, legends", () => {
  const view = diagramView(model, defaultExpanded(model));
  const order = (parent: string) => view.order.get(parent) ?? [];
  const at = (parent: string, id: string) => order(parent).indexOf(id);

  it('opens the containers of steps and folds a step with inner states into one box', () => {
    expect([...defaultExpanded(model)].sort()).toEqual(['sv', 'sv.signedIn', 'sv.signedIn.sale']);
    expect(view.shown.some((s) => s.id === 'sv.signedIn.sale.checkout')).toBe(true);
    expect(view.shown.some((s) => s.id === 'sv.signedIn.sale.checkout.pricing')).toBe(false);
    expect(view.boxOf.get('sv.signedIn.sale.checkout.pricing')).toBe('sv.signedIn.sale.checkout');
  });

  it('puts each container’s states in the order the sale meets them, from its initial state', () => {
    expect(order('sv')[0]).toBe('sv.landing');
    expect(order('sv.signedIn.sale')[0]).toBe('sv.signedIn.sale.clientInfo');
    expect(at('sv.signedIn.sale', 'sv.signedIn.sale.income')).toBeLessThan(at('sv.signedIn.sale', 'sv.signedIn.sale.incomeChecking'));
    expect(at('sv.signedIn.sale', 'sv.signedIn.sale.confirmOrder')).toBeLessThan(at('sv.signedIn.sale', 'sv.signedIn.sale.orderSuccess'));
    // Reached only through the journey's own transitions (maintenance, redirect): after the rest.
    expect(order('sv').slice(-2)).toEqual(['sv.redirect', 'sv.maintenance']);
  });

  it("lists a container's transitions from anywhere inside it in its legend, not as lines", () => {
    expect(view.legends.get('sv.signedIn')?.map((e) => `${e.label} → ${e.targetKey}`)).toContain('menu.logout → logout');
    expect(view.lines.some((l) => l.source === 'sv.signedIn')).toBe(false);
    // A folded step's lines start at its box; its inner lines are not drawn.
    expect(view.lines.some((l) => l.source === 'sv.signedIn.sale.checkout' && l.target === 'sv.signedIn.sale.income')).toBe(true);
    expect(view.lines.every((l) => l.source !== l.target)).toBe(true);
  });

  it('lays boxes out without any two overlapping, and fits the whole journey at 11 px or more in the studio at 1440 x 900', () => {
    const laid = fitLayout(view, { width: 1440 - 400 - 16, height: 900 - 56 - 36 - 16 });
    const leaves = [...laid.boxes].filter(([, b]) => !b.frame);
    for (const [i, [a, boxA]] of leaves.entries()) {
      for (const [b, boxB] of leaves.slice(i + 1)) {
        const apart = boxA.absX + boxA.width <= boxB.absX || boxB.absX + boxB.width <= boxA.absX || boxA.absY + boxA.height <= boxB.absY || boxB.absY + boxB.height <= boxA.absY;
        expect(apart, `${a} and ${b}`).toBe(true);
      }
    }
    // The smallest text is 12 px: at this scale it shows at 11 px or more.
    expect(laid.scale * 12).toBeGreaterThanOrEqual(11);
    // A frame holds its boxes.
    const sale = laid.boxes.get('sv.signedIn.sale');
    const inSale = laid.boxes.get('sv.signedIn.sale.orderSuccess');
    expect(sale && inSale && inSale.absY + inSale.height <= sale.absY + sale.height).toBe(true);
  });
});

describe("the live app's events as the studio lists them", () => {
  it("names XState's events in the journey file's words and folds a run of drafts into one line", () => {
    expect(eventName('xstate.done.actor.api.salesPersonDetails')).toBe('done api.salesPersonDetails');
    expect(eventName('xstate.error.actor.api.users')).toBe('error api.users');
    expect(eventName('xstate.after.5000.sv.signedIn.sale.activating')).toBe('after 5000 ms');
    expect(stateName({ signedIn: { sale: 'idFront' } })).toBe('signedIn.sale.idFront');
    const snap = (event: string, at: number) => ({ kind: 'snapshot' as const, journey: 'sv', value: { signedIn: { sale: 'contract' } }, event, status: 'active', at });
    expect(liveLines([snap('step.draft', 3), snap('step.draft', 2), snap('step.draft', 1), snap('step.submit', 0)]).map((l) => `${l.event} ×${l.times}`)).toEqual(['step.draft ×3', 'step.submit ×1']);
  });
});
