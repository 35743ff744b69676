import { describe, expect, it } from 'vitest';
import { actions } from '../../src/runtime/actions';
import { evaluateGuard } from '../../src/runtime/guards';
import type { Scope } from '../../src/runtime/scope';

const scope = (context: Record<string, unknown>, event: Record<string, unknown> = {}): Scope => ({
  context,
  event: { type: 'x', ...event },
});
const env = { journey: 'sv', initialContext: { sale: { selection: {} }, session: { signedIn: false } } };

describe('guards', () => {
  const s = scope({ sale: { count: 2, selection: {} } }, { output: { action: 'otp correcto', node: 'N1', list: [] } });

  it('compare by pointer, ignoring case only when asked', () => {
    expect(evaluateGuard({ type: 'equals', params: { at: '/event/output/action', value: 'OTP Correcto', ignoreCase: true } }, s)).toBe(true);
    expect(evaluateGuard({ type: 'equals', params: { at: '/event/output/action', value: 'OTP Correcto' } }, s)).toBe(false);
    expect(evaluateGuard({ type: 'atLeast', params: { at: '/context/sale/count', value: 3 } }, s)).toBe(false);
    expect(evaluateGuard({ type: 'atLeast', params: { at: '/context/sale/missing', value: 0 } }, s)).toBe(true);
  });

  it('compare two values of the journey with `from` (a document read against the one typed), two missing ones never equal', () => {
    const read = scope({ customer: { documentNumber: '112340567' } }, { output: { id_number: '112340567', other: '203450678' } });
    expect(evaluateGuard({ type: 'equals', params: { at: '/event/output/id_number', from: '/context/customer/documentNumber' } }, read)).toBe(true);
    expect(evaluateGuard({ type: 'equals', params: { at: '/event/output/other', from: '/context/customer/documentNumber' } }, read)).toBe(false);
    expect(evaluateGuard({ type: 'equals', params: { at: '/event/output/missing', from: '/context/customer/absent' } }, read)).toBe(false);
  });

  it('treat missing, empty text, lists and objects as absent', () => {
    expect(evaluateGuard({ type: 'exists', params: { at: '/event/output/node' } }, s)).toBe(true);
    expect(evaluateGuard({ type: 'exists', params: { at: '/event/output/list' } }, s)).toBe(false);
    expect(evaluateGuard({ type: 'exists', params: { at: '/context/sale/selection' } }, s)).toBe(false);
    expect(evaluateGuard({ type: 'exists', params: { at: '/context/nothing' } }, s)).toBe(false);
  });

  it('combine with all, any and not', () => {
    const node = { type: 'exists', params: { at: '/event/output/node' } };
    const many = { type: 'atLeast', params: { at: '/context/sale/count', value: 5 } };
    expect(evaluateGuard({ type: 'all', params: { of: [node, many] } }, s)).toBe(false);
    expect(evaluateGuard({ type: 'any', params: { of: [node, many] } }, s)).toBe(true);
    expect(evaluateGuard({ type: 'not', params: { guard: many } }, s)).toBe(true);
    expect(evaluateGuard({ type: 'matches', params: { at: '/event/output/node', pattern: '^N\\d$' } }, s)).toBe(true);
  });

  it('compare the rear and front numbers within an edit distance', () => {
    const ids = scope({ front: '046448482' }, { rear: '04644848-2' });
    expect(evaluateGuard({ type: 'withinEditDistance', params: { a: '/event/rear', b: '/context/front', max: 2 } }, ids)).toBe(true);
    expect(evaluateGuard({ type: 'withinEditDistance', params: { a: '/event/rear', b: '/context/front', max: 0 } }, ids)).toBe(false);
    expect(evaluateGuard({ type: 'withinEditDistance', params: { a: '/event/none', b: '/context/front', max: 9 } }, ids)).toBe(false);
  });
});

describe('actions', () => {
  it('save form data, count, and write messages with placeholders filled', () => {
    const saved = actions.save?.update?.(scope({}, { data: { a: 1 } }), { to: '/context/sale/form' }, env);
    expect(saved).toEqual({ sale: { form: { a: 1 } } });
    const counted = actions.count?.update?.(scope({ r: { n: 1 } }), { at: '/context/r/n' }, env);
    expect(counted).toEqual({ r: { n: 2 } });
    const shown = actions.message?.update?.(scope({ r: { n: 2 } }), { text: 'Reintentar ({n}/3)', with: { n: '/context/r/n' } }, env);
    expect(shown).toEqual({ r: { n: 2 }, ui: { message: 'Reintentar (2/3)' } });
    const fallback = actions.message?.update?.(scope({}, { error: {} }), { from: '/event/error/message', fallback: 'Algo salió mal' }, env);
    expect(fallback).toEqual({ ui: { message: 'Algo salió mal' } });
  });

  it('reset to the initial data, keeping what it is told to keep', () => {
    const now = { sale: { selection: { p: true }, client: { n: '1' } }, session: { signedIn: true } };
    expect(actions.reset?.update?.(scope(now), { keep: ['/context/session'] }, env)).toEqual({ sale: { selection: {} }, session: { signedIn: true } });
    expect(actions.wipeSession?.update?.(scope(now), {}, env)).toEqual(env.initialContext);
  });

  it('track literal names and outcomes, and only the fields the journey names', () => {
    expect(actions.track?.emit?.(scope({ secret: 'x' }), { name: 'otp_sms', outcome: 'verified' }, env)).toEqual([
      { type: 'track', journey: 'sv', name: 'otp_sms', outcome: 'verified' },
    ]);
    const sale = { secret: 'x', sale: { selection: { P1: { planId: 'P1', priceList: [{ value: 39.99 }] } } } };
    const fields = { lead_id: '/event/output/leadId', channel: { value: 'D2D' }, price: { sum: '/context/sale/selection', of: '/priceList/0/value' }, none: '/context/missing' };
    expect(actions.track?.emit?.(scope(sale, { output: { leadId: 'L-2001' } }), { name: 'agent_tracking', fields }, env)).toEqual([
      { type: 'track', journey: 'sv', name: 'agent_tracking', fields: { lead_id: 'L-2001', channel: 'D2D', price: 39.99 } },
    ]);
  });

  it('emit the message shown, with the failed call\'s error id (its code, else its status)', () => {
    const failed = scope({}, { error: { status: 500, code: 'INTERNAL', message: 'Error de servidor interno' } });
    expect(actions.message?.emit?.(failed, { from: '/event/error/message' }, env)).toEqual([{ type: 'message.shown', journey: 'sv', text: 'Error de servidor interno', errorId: 'INTERNAL' }]);
    expect(actions.message?.emit?.(scope({}, { error: { status: 404 } }), { from: '/event/error/message', fallback: 'No hay resultados' }, env)).toEqual([
      { type: 'message.shown', journey: 'sv', text: 'No hay resultados', errorId: 'HTTP_404' },
    ]);
    expect(actions.message?.emit?.(scope({}), { text: 'Selecciona un paquete para continuar' }, env)).toEqual([{ type: 'message.shown', journey: 'sv', text: 'Selecciona un paquete para continuar' }]);
  });

  it('assign an object built key by key, leaving out what the journey does not hold', () => {
    const lead = { report: { lead: { actAddress: { street: 'Calle Vieja', house: '12' } } } };
    const object = { street: '/context/report/lead/actAddress/street', house: '/context/report/lead/actAddress/house', actAddressRef: '/context/report/lead/actAddress/actAddressRef' };
    expect(actions.assign?.update?.(scope(lead), { to: '/context/sale/address', object }, env)).toEqual({ ...lead, sale: { address: { street: 'Calle Vieja', house: '12' } } });
  });
});
