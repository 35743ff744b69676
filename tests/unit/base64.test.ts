import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from '../../src/api/aesGcm';

// The app's base64 (src/api/aesGcm.ts): the browser's own codec where it has one (Chromium's,
// in the browser tests), else the code here, which Node 20 runs: both must write and read what
// the sandbox's node:crypto twin does.
describe('base64', () => {
  it("writes and reads what Node's Buffer does, at every length up to a sealed snapshot's", () => {
    for (const length of [0, 1, 2, 3, 4, 5, 0x8000 - 1, 0x8000, 0x8000 + 1, 150_000]) {
      const bytes = new Uint8Array(randomBytes(length));
      const text = Buffer.from(bytes).toString('base64');
      expect(toBase64(bytes)).toBe(text);
      expect(fromBase64(text)).toEqual(bytes);
    }
  });

  it('reads across whitespace, and refuses what is not base64', () => {
    expect(fromBase64('aGVs\nbG8=')).toEqual(new Uint8Array(Buffer.from('hello')));
    expect(() => fromBase64('no base64 at all!')).toThrow();
  });
});
