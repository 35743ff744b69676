import { describe, expect, it } from 'vitest';
import { describeBrowserReplay, passes, type BrowserReplayResult } from '../../src/tools/replay/browserReplay';

// A replay in Chromium whose driver took a value of its own (the path's district not offered,
// another chosen) reached its end and counted as passed, though the screens took another branch's
// data: `--strict` fails it; without it, the note stays a warning printed beside a pass.
describe('journeys:replay --browser --strict', () => {
  const substituted: BrowserReplayResult = { ok: true, done: [{ place: '/direccion', event: 'step.submit' }], screenshots: ['01.png', '02.png'], notes: ['Distrito: "Escalón" is not offered, chose "San Benito"'] };
  const clean: BrowserReplayResult = { ...substituted, notes: [] };

  it('fails a path the driver replayed with a value not the path\'s', () => {
    expect(passes(substituted, true)).toBe(false);
    expect(describeBrowserReplay(substituted, true)).toBe("reached its end in Chromium with 1 value(s) not the path's (--strict: failed)");
  });

  it('passes it without --strict, the substitution said', () => {
    expect(passes(substituted, false)).toBe(true);
    expect(describeBrowserReplay(substituted)).toBe("reached its end in Chromium (2 screenshots, 1 value(s) not the path's)");
  });

  it('passes a path replayed with the path\'s own values either way', () => {
    expect(passes(clean, true)).toBe(true);
    expect(passes({ ...clean, ok: false }, false)).toBe(false);
  });
});
