import { describe, expect, it } from 'vitest';
import { buildJourneyGraph } from '../../src/pack/journeyGraph';
import type { JourneyConfig, StateConfig } from '../../src/pack/journeyTypes';
import { lintEventPointers } from '../../src/checker/lintEventPointers';

// What each event carries (issue 30, point 10): an `assign` from "/event/outptu/..." in a call's
// onDone passed every check, since the answer's check looks below /event/output only, and kept null.
// Each case is a small journey: a step that submits, a call, and where its answer goes.

const assign = (from: string) => ({ type: 'assign', params: { to: '/context/x', from } });

/** A journey whose `form` step submits into `calling`, which calls `api.lookup` with `input`. */
function journey(parts: { input?: Record<string, unknown>; onDone?: object; onError?: object; formOn?: Record<string, unknown>; states?: Record<string, StateConfig> }): JourneyConfig {
  return {
    id: 'zz',
    meta: { country: 'ZZ' },
    context: { x: null },
    initial: 'form',
    states: {
      form: {
        meta: { route: '/', step: 'form', public: true },
        on: { 'step.submit': { target: 'calling', meta: { example: { data: { pin: '1' } } } }, ...(parts.formOn ?? {}) } as StateConfig['on'],
      },
      calling: {
        invoke: {
          src: 'api.lookup',
          input: (parts.input ?? {}) as never,
          onDone: (parts.onDone ?? { target: 'done' }) as never,
          onError: (parts.onError ?? { target: 'form' }) as never,
        },
      },
      done: { meta: { route: '/done', end: true } },
      ...(parts.states ?? {}),
    },
  } as JourneyConfig;
}

const lint = (config: JourneyConfig) => lintEventPointers(buildJourneyGraph(config)).map((p) => `${p.pointer}: ${p.message}`);

describe('lintEventPointers: what each event carries', () => {
  it.each<[string, JourneyConfig]>([
    ['an answer read at /event/output', journey({ onDone: { target: 'done', actions: [assign('/event/output/cost')] } })],
    ['the whole answer', journey({ onDone: { target: 'done', actions: [assign('/event/output')] } })],
    ['a failure read at /event/error, each of its keys', journey({ onError: { target: 'form', guard: { type: 'equals', params: { at: '/event/error/status', value: 504 } }, actions: [assign('/event/error/message'), assign('/event/error/code'), assign('/event/error')] } })],
    ['the form of a submit', journey({ input: { pin: '/event/data/pin' } })],
    ['what an agent\'s event carries by its example', journey({ formOn: { 'report.page': { actions: [assign('/event/page')], meta: { example: { page: 2 } } } } })],
    ['an event with no example (nothing is known of it)', journey({ formOn: { 'lead.open': { actions: [assign('/event/id')] } } })],
    ['the event\'s type, which every event has', journey({ onDone: { target: 'done', actions: [assign('/event/type')] } })],
    ['an eventless transition (it sees the event before it)', journey({ states: { later: { always: { target: 'done', actions: [assign('/event/anything')] } } } })],
    ['entry actions (the event that entered, not said here)', journey({ states: { later: { entry: [assign('/event/anything')], always: 'done' } } })],
  ])('passes %s', (_, config) => {
    expect(lint(config)).toEqual([]);
  });

  it.each<[string, JourneyConfig, string[]]>([
    [
      'an answer read at a misspelt root, with the pointer meant',
      journey({ onDone: { target: 'done', actions: [assign('/event/outptu/activationCost')] } }),
      ['/states/calling/invoke/onDone/actions/0/params/from: the event of "done api.lookup" has no "outptu": a call\'s answer is at /event/output; did you mean "/event/output/activationCost"?'],
    ],
    [
      'the form read in an onDone (the answer\'s event has none)',
      journey({ onDone: { target: 'done', guard: { type: 'exists', params: { at: '/event/data/pin' } }, meta: { example: { output: {} } } } }),
      ['/states/calling/invoke/onDone/guard/params/at: the event of "done api.lookup" has no "data": a call\'s answer is at /event/output'],
    ],
    [
      'an answer read in an onError',
      journey({ onError: { target: 'form', actions: [{ type: 'message', params: { from: '/event/output/message', fallback: 'No' } }] } }),
      ['/states/calling/invoke/onError/actions/0/params/from: the event of "error api.lookup" has no "output": a failed call\'s error is at /event/error'],
    ],
    [
      'a failure\'s key it does not have',
      journey({ onError: { target: 'form', actions: [{ type: 'message', params: { text: 'Error {m}', with: { m: '/event/error/mesage' } } }] } }),
      ['/states/calling/invoke/onError/actions/0/params/with/m: a failed call\'s error (/event/error) has no "mesage": it has "status", "message" and "code"; did you mean "message"?'],
    ],
    [
      'what an agent\'s event does not carry, in a toggle and a tracking record',
      journey({ formOn: { 'offer.toggle': { actions: [{ type: 'toggle', params: { at: '/context/x', key: '/event/planid' } }, { type: 'track', params: { name: 'add', fields: { plan: '/event/plan' } } }], meta: { example: { planId: 'P', offer: {} } } } } }),
      [
        '/states/form/on/offer.toggle/actions/0/params/key: the event "offer.toggle" has no "planid": its examples carry "planId" and "offer"; did you mean "/event/planId"?',
        '/states/form/on/offer.toggle/actions/1/params/fields/plan: the event "offer.toggle" has no "plan": its examples carry "planId" and "offer"',
      ],
    ],
    [
      'a save with no "from" in an onDone (it keeps /event/data)',
      journey({ onDone: { target: 'done', actions: [{ type: 'save', params: { to: '/context/x' } }] } }),
      ['/states/calling/invoke/onDone/actions/0/params/to: "save" with no "from" keeps /event/data, but the event of "done api.lookup" has no "data": a call\'s answer is at /event/output; say what to keep with "from"'],
    ],
    [
      'a call\'s input reading what the submit that starts it does not carry',
      journey({ input: { pin: '/event/dta/pin' } }),
      ['/states/calling/invoke/input/pin: the event that starts this call, "step.submit", has no "dta": a step\'s submit carries its form at /event/data; did you mean "/event/data/pin"?'],
    ],
  ])('reports %s', (_, config, expected) => {
    expect(lint(config)).toEqual(expected);
  });

  it('checks a call\'s input against every event that starts it, together', () => {
    const config = journey({ input: { pin: '/event/page' }, formOn: { 'report.page': { target: 'calling', meta: { example: { page: 2 } } } } });
    expect(lint(config)).toEqual([]);
    const typo = journey({ input: { pin: '/event/pgae' }, formOn: { 'report.page': { target: 'calling', meta: { example: { page: 2 } } } } });
    expect(lint(typo)).toEqual(['/states/calling/invoke/input/pin: the events that start this call ("step.submit", "report.page") have no "pgae": they carry "data" and "page"; did you mean "/event/page"?']);
  });

  it('says nothing of a call\'s input when the journey starts in its state (no transition enters it)', () => {
    const config = journey({});
    config.initial = 'calling';
    (config.states?.calling?.invoke as { input: unknown }).input = { pin: '/event/anything' };
    expect(lint(config)).toEqual([]);
  });
});
