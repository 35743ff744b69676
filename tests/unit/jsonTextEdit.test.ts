import { describe, expect, it } from 'vitest';
import { appendJsonItem, moveJsonProperty, setJsonValue } from '../../src/studio/server/edits/jsonTextEdit';

// The studio's edits change one value of a journey or step file and keep the rest as written:
// one-line objects and arrays stay on their line, key order and indentation as they were.
const step = `{
  "title": "Título",
  "schema": {
    "required": ["a", "b"],
    "properties": {
      "a": { "type": "string", "title": "A" },
      "b": { "type": "string", "title": "B", "maxLength": 5 },
      "c": {
        "type": "integer"
      }
    }
  }
}
`;

/** The lines of `after` that differ from `before`'s, as `-`/`+` lines (the texts have as many lines). */
function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  return a.flatMap((line, i) => (line === b[i] ? [] : [`-${line}`, `+${b[i] ?? ''}`]));
}

describe('setJsonValue', () => {
  it('replaces a value in its place', () => {
    expect(changedLines(step, setJsonValue(step, ['schema', 'properties', 'b', 'maxLength'], 12))).toEqual([
      '-      "b": { "type": "string", "title": "B", "maxLength": 5 },',
      '+      "b": { "type": "string", "title": "B", "maxLength": 12 },',
    ]);
    expect(setJsonValue(step, ['title'], 'Otro "título"')).toBe(step.replace('"Título"', '"Otro \\"título\\""'));
  });

  it('adds a key to a one-line object on its line, and to a multi-line one on a line of its own', () => {
    expect(setJsonValue(step, ['schema', 'properties', 'a', 'maxLength'], 10)).toBe(step.replace('"title": "A" }', '"title": "A", "maxLength": 10 }'));
    expect(setJsonValue(step, ['schema', 'properties', 'c', 'minimum'], 1)).toBe(step.replace('"type": "integer"\n', '"type": "integer",\n        "minimum": 1\n'));
  });

  it('removes a key or an item with its comma, the first, a middle or the last', () => {
    expect(setJsonValue(step, ['schema', 'properties', 'b', 'maxLength'], undefined)).toBe(step.replace(', "maxLength": 5', ''));
    expect(setJsonValue(step, ['schema', 'required', 1], undefined)).toBe(step.replace('["a", "b"]', '["a"]'));
    expect(setJsonValue(step, ['schema', 'required', 0], undefined)).toBe(step.replace('["a", "b"]', '["b"]'));
    expect(setJsonValue(setJsonValue(step, ['schema', 'required', 1], undefined), ['schema', 'required', 0], undefined)).toBe(step.replace('["a", "b"]', '[]'));
    expect(() => JSON.parse(setJsonValue(step, ['schema', 'properties', 'c', 'type'], undefined))).not.toThrow();
  });

  it('refuses a text that is not JSON', () => {
    expect(() => setJsonValue('{ "a": ', ['a'], 1)).toThrow(/not JSON/);
  });
});

describe('appendJsonItem', () => {
  it('adds to a one-line array on its line', () => {
    expect(appendJsonItem(step, ['schema', 'required'], 'c')).toBe(step.replace('["a", "b"]', '["a", "b", "c"]'));
    expect(appendJsonItem('{"r": []}', ['r'], 'c')).toBe('{"r": ["c"]}');
  });
});

describe('moveJsonProperty', () => {
  const states = `{
  "states": {
    "one": { "on": { "next": "two" } },
    "two": {
      "meta": { "route": "/dos" }
    },
    "three": {}
  }
}`;

  it('swaps a property with its neighbour, each text as written', () => {
    const down = moveJsonProperty(states, ['states'], 'one', 1);
    expect(down).toBe(`{
  "states": {
    "two": {
      "meta": { "route": "/dos" }
    },
    "one": { "on": { "next": "two" } },
    "three": {}
  }
}`);
    expect(moveJsonProperty(down, ['states'], 'one', -1)).toBe(states);
    expect(Object.keys((JSON.parse(moveJsonProperty(states, ['states'], 'three', -1)) as { states: object }).states)).toEqual(['one', 'three', 'two']);
  });

  it('refuses to move the first up or the last down', () => {
    expect(() => moveJsonProperty(states, ['states'], 'one', -1)).toThrow(/already the first/);
    expect(() => moveJsonProperty(states, ['states'], 'three', 1)).toThrow(/already the last/);
  });
});
