import { describe, expect, it } from 'vitest';
import { describeBrowserReplay, describeWarning, passes, statusOf, type BrowserReplayResult } from '../../src/tools/replay/browserReplay';
import { dateGoneBy, knownLimit, SEED_LIMITS } from '../../src/tools/replay/seedLimits';
import { replayStatus } from '../../src/tools/replay/replayStatus';

// A replay in Chromium whose driver took a value of its own (the path's district not offered,
// another chosen) reached its end and counted as passed, though the screens took another branch's
// data: it is a warning (⚠ warned, not ✓ passed), and `--strict` fails it.
describe('journeys:replay --browser: a substitution is a warning, --strict fails it', () => {
  const at = { stateId: 'sv.signedIn.sale.address', event: 'step.submit' };
  const substituted: BrowserReplayResult = {
    ok: true,
    done: [{ place: '/direccion', event: 'step.submit' }],
    screenshots: ['01.png', '02.png'],
    warnings: [{ ...at, text: 'Colonia: "Colonia Escalón" is not offered, chose "Barrio San Jacinto"' }],
  };
  const clean: BrowserReplayResult = { ...substituted, warnings: [] };

  it("fails a path the driver replayed with a value not the path's, in --strict", () => {
    expect(passes(substituted, true)).toBe(false);
    expect(statusOf(substituted, true)).toBe('failed');
    expect(describeBrowserReplay(substituted, true)).toBe("reached its end in Chromium with 1 warning(s): value(s) not the path's (--strict: failed)");
    expect(describeWarning(substituted.warnings[0] as BrowserReplayResult['warnings'][number], true)).toBe('warning (fails in --strict): Colonia: "Colonia Escalón" is not offered, chose "Barrio San Jacinto"');
  });

  it('counts it warned, not passed, without --strict, the substitution said', () => {
    expect(statusOf(substituted)).toBe('warned');
    expect(passes(substituted, false)).toBe(true);
    expect(describeBrowserReplay(substituted)).toBe("reached its end in Chromium (2 screenshots, 1 warning(s): value(s) not the path's)");
  });

  it("passes a path replayed with the path's own values either way", () => {
    expect(statusOf(clean, true)).toBe('passed');
    expect(passes({ ...clean, ok: false }, false)).toBe(false);
  });

  it('reports a known limit of the seed as expected with its reason, in --strict too', () => {
    const owner = 'sv.signedIn.sale.activation.polling.waiting';
    const text = `the 5000 ms timer of ${owner} did not fire: the journey had gone on (the provider answered otherwise than the path)`;
    const reason = knownLimit({ meets: 'warning', stateId: owner, event: `xstate.after.5000.${owner}`, text });
    expect(reason).toBe(SEED_LIMITS[0]?.reason);
    const timer: BrowserReplayResult = { ...clean, warnings: [{ stateId: owner, event: `xstate.after.5000.${owner}`, text, ...(reason ? { expected: reason } : {}) }] };
    expect(statusOf(timer, true)).toBe('expected');
    expect(describeWarning(timer.warnings[0] as BrowserReplayResult['warnings'][number])).toContain(`expected: ${text} (the seed's order is done at its first status check`);
    expect(describeBrowserReplay(timer)).toBe('reached its end in Chromium (2 screenshots, 1 expected (known limits of the seed))');
    // The substitution beside it is still a warning, and still fails --strict.
    expect(statusOf({ ...timer, warnings: [...timer.warnings, ...substituted.warnings] }, true)).toBe('failed');
  });

  it('matches a limit only at its states and events: the same words elsewhere are no limit', () => {
    expect(knownLimit({ meets: 'warning', stateId: 'sv.signedIn.sale.address', event: 'step.submit', text: 'the 5000 ms timer of x did not fire' })).toBeUndefined();
    expect(knownLimit({ meets: 'warning', ...at, text: 'Colonia: "Colonia Escalón" is not offered, chose "Barrio San Jacinto"' })).toBeUndefined();
    // A tour's limit is not a single path's: a path whose order ends otherwise than its example failed.
    const order = { meets: 'left' as const, stateId: 'py.signedIn.sale.orderFailed', event: 'xstate.done.actor.api.orderStatus' };
    expect(knownLimit(order)).toBeUndefined();
    expect(knownLimit({ ...order, tour: true })).toContain('the seed decides how an order ends');
    expect(replayStatus({ ok: false, expected: 'why' })).toBe('expected');
    expect(replayStatus({ ok: false })).toBe('failed');
  });

  it("takes a path's example date gone by as expected, and a day to come that is not offered as a warning", () => {
    const visit = { meets: 'warning' as const, stateId: 'sv.signedIn.sale.scheduleVisit', event: 'step.submit' };
    const today = new Date();
    const day = (days: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
    const iso = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    expect(knownLimit({ ...visit, text: `Fecha de visita: ${iso(day(-2))} is not offered, chose 4 diciembre 2026` })).toContain('it has gone by');
    expect(knownLimit({ ...visit, text: `Fecha de visita: ${iso(day(30))} is not offered, chose 4 diciembre 2026` })).toBeUndefined();
    expect(dateGoneBy(`${iso(day(0))} is not offered`)).toBe(false);
  });
});
