import { describe, expect, it } from 'vitest';
import { actions } from '../../src/engine/actions';
import { evaluateGuard } from '../../src/engine/guards';
import type { Scope } from '../../src/engine/scope';

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

  it('track only literal names and outcomes', () => {
    expect(actions.track?.emit?.(scope({ secret: 'x' }), { name: 'otp_sms', outcome: 'verified' }, env)).toEqual([
      { type: 'track', journey: 'sv', name: 'otp_sms', outcome: 'verified' },
    ]);
  });
});
