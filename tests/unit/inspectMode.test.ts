import { describe, expect, it } from 'vitest';
import { inspecting, withInspect } from '../../src/app/inspectMode';

// A tester's `?inspect` was dropped from the URL at the first step change, so a reload lost the
// inspector; and it worked in any build, the agents' too.
describe("the tester's inspector", () => {
  it('keeps ?inspect on every URL the app shows once the page has it, in a build that allows it', () => {
    expect(withInspect('/ingresa-direccion', '?inspect', true)).toBe('/ingresa-direccion?inspect');
    expect(withInspect('/ingresa-direccion', '?inspect&x=1', true)).toBe('/ingresa-direccion?inspect');
    expect(withInspect('/ingresa-direccion', '', true)).toBe('/ingresa-direccion');
  });

  it('is never on in a build made for agents (no dev server, no VITE_INSPECT)', () => {
    expect(inspecting('?inspect', false)).toBe(false);
    expect(withInspect('/inicio', '?inspect', false)).toBe('/inicio');
    expect(inspecting('?inspect', true)).toBe(true);
    expect(inspecting('', true)).toBe(false);
  });
});
