import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { longestFunctions } from '../../src/tools/functionLengths';

// The count behind CI's "no function over 60 lines" (npm run functions:longest).
describe('function lengths', () => {
  const root = mkdtempSync(join(tmpdir(), 'lengths-'));
  mkdirSync(join(root, 'room', 'generated'), { recursive: true });
  writeFileSync(
    join(root, 'room', 'probe.tsx'),
    ['export function outer() {', '  const inner = () => {', '    return 1;', '  };', '  return inner();', '}', 'export const Widget = () => <p>hi</p>;', ''].join('\n'),
  );
  writeFileSync(join(root, 'room', 'generated', 'big.ts'), `export function generated() {\n${'  1;\n'.repeat(100)}}\n`);

  it('counts a function from its first line to its last, a nested one inside its holder too, longest first', () => {
    const found = longestFunctions(['room'], root);
    expect(found.map((f) => [f.name, f.lines, f.line])).toEqual([
      ['outer', 6, 1],
      ['inner', 3, 2],
      ['Widget', 1, 7],
    ]);
    expect(found[0]?.file).toBe(join('room', 'probe.tsx'));
  });

  it('leaves generated code out', () => {
    expect(longestFunctions(['room'], root).map((f) => f.name)).not.toContain('generated');
  });
});
