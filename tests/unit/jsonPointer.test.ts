import { describe, expect, it } from 'vitest';
import { getAt, pointerSegments, setAt, toPointer } from '../../src/pack/jsonPointer';

describe('jsonPointer', () => {
  it('reads nested values and list items, and undefined where a segment is missing', () => {
    const data = { sale: { list: [{ id: 'a' }], 'a/b': 1, 'm~n': 2 } };
    expect(getAt(data, '/sale/list/0/id')).toBe('a');
    expect(getAt(data, '/sale/a~1b')).toBe(1);
    expect(getAt(data, '/sale/m~0n')).toBe(2);
    expect(getAt(data, '/sale/missing/deeper')).toBeUndefined();
    expect(getAt(data, '')).toBe(data);
  });

  it('writes a copy, creating objects on the way and leaving the original untouched', () => {
    const before = { sale: { client: { name: 'x' } }, other: { kept: true } };
    const after = setAt(before, '/sale/address/street', 'Calle 1');
    expect(after).toEqual({ sale: { client: { name: 'x' }, address: { street: 'Calle 1' } }, other: { kept: true } });
    expect(before).toEqual({ sale: { client: { name: 'x' } }, other: { kept: true } });
    expect(after.other).toBe(before.other);
  });

  it('escapes and unescapes segments symmetrically', () => {
    expect(toPointer(['on', 'a/b', 'x~y', 0])).toBe('/on/a~1b/x~0y/0');
    expect(pointerSegments('/on/a~1b/x~0y/0')).toEqual(['on', 'a/b', 'x~y', '0']);
    expect(() => pointerSegments('no-slash')).toThrow(/must start with/);
  });
});
