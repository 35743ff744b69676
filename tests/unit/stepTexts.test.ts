import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setJsonValue, type JsonPath } from '../../src/studio/server/edits/jsonTextEdit';
import { stepTexts } from '../../src/studio/server/edits/stepTexts';

// The texts the studio's editor lists of a step file (src/studio/server/edits/stepTexts.ts), over
// every step file of every country: each is a string where the file has one, and written by the
// studio's text edit it changes that one value, on its one line, the rest of the file as it was.
const STEPS = join('schemas', 'steps');
const filesOf = (country: string) =>
  readdirSync(join(STEPS, country))
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(STEPS, country, name));
const countries = readdirSync(STEPS);
const files = countries.flatMap(filesOf);
const PLACES = { description: ['title'], text: ['description', 'title'], uiSchema: ['schema'] };

/** `value` with `text` at `path`, the objects and lists it lacks on the way made. */
function withValue(value: unknown, path: JsonPath, text: string | undefined): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  path.slice(0, -1).forEach((key, i) => {
    node[key] ??= typeof path[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  const last = path.at(-1) as string | number;
  if (text !== undefined) node[last] = text;
  else if (Array.isArray(node)) node.splice(Number(last), 1);
  else Reflect.deleteProperty(node, last);
  return copy;
}

describe("a step file's texts", () => {
  it.each(countries)('%s: each written in place, alone', (country) => {
    for (const file of filesOf(country)) {
      const text = readFileSync(file, 'utf8');
      const value = JSON.parse(text) as unknown;
      for (const found of stepTexts(value)) {
        const where = `${file} ${found.pointer}`;
        const after = setJsonValue(text, found.path, 'Nuevo "texto"', PLACES);
        expect(JSON.parse(after), where).toEqual(withValue(value, found.path, 'Nuevo "texto"'));
        if (found.value === undefined) continue;
        const lines = text.split('\n');
        expect(after.split('\n').filter((line, i) => line !== lines[i]), where).toHaveLength(1);
        if (found.optional) expect(JSON.parse(setJsonValue(text, found.path, undefined)), where).toEqual(withValue(value, found.path, undefined));
      }
    }
  });

  it('names no key that holds data rather than words', () => {
    const pointers = files.flatMap((file) => stepTexts(JSON.parse(readFileSync(file, 'utf8'))).map((t) => t.pointer));
    const data = /\/(reference|titlesFrom|call|sends)\/|\/(event|from|when|unless|const|type|format|ui:widget)$/;
    expect(pointers.filter((p) => !p.startsWith('/messages/') && data.test(p))).toEqual([]);
    // Some of each kind, so that a rename in the files does not leave the editor blind.
    for (const kind of [/^\/description$/, /^\/text\/\d+$/, /\/ui:help$/, /\/ui:placeholder$/, /\/oneOf\/\d+\/title$/, /^\/messages\//, /^\/links\/\d+\/label$/, /^\/uiSchema\/ui:options\/lines\/\d+\/label$/, /statusLabels/]) {
      expect(pointers.some((p) => kind.test(p)), String(kind)).toBe(true);
    }
  });
});

describe('setJsonValue, adding what the file lacks', () => {
  const step = `{
  "title": "Título",
  "schema": { "properties": { "a": { "type": "string", "title": "A" } } },
  "uiSchema": {
    "a": { "ui:widget": "text" }
  }
}
`;

  it('adds a key after the sibling named for it, else at its object end', () => {
    expect(setJsonValue(step, ['description'], 'Una línea', PLACES)).toBe(step.replace('"Título",\n', '"Título",\n  "description": "Una línea",\n'));
    expect(setJsonValue(step, ['schema', 'properties', 'a', 'description'], 'D', PLACES)).toBe(step.replace('"title": "A" }', '"title": "A", "description": "D" }'));
  });

  it('adds the objects and the list above it that the file lacks, on one line', () => {
    expect(setJsonValue(step, ['uiSchema', 'b', 'ui:help'], 'Ayuda')).toBe(step.replace('"text" }\n', '"text" },\n    "b": { "ui:help": "Ayuda" }\n'));
    expect(setJsonValue(step, ['text', 0], 'Párrafo', PLACES)).toBe(step.replace('"Título",\n', '"Título",\n  "text": ["Párrafo"],\n'));
    expect(setJsonValue(setJsonValue(step, ['text', 0], 'Uno', PLACES), ['text', 1], 'Dos')).toContain('"text": ["Uno", "Dos"],');
    expect(() => setJsonValue(step, ['title', 'x'], 'y')).toThrow(/cannot add/);
  });
});
