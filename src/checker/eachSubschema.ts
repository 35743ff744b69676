import { toPointer } from '../pack/jsonPointer';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Walks every subschema of a data schema (a step's fields, a journey's declared data) with its
 * JSON Pointer in the file and the path of the data it describes: a property's name, `0` for a
 * list's items (each item, as the first one stands for them); the branches of `oneOf`, `anyOf`,
 * `allOf`, `if`, `then` and `else` describe the same data as the schema they are in.
 *
 * @example eachSubschema({ properties: { pin: { type: 'string' } } }, '/schema', visit) // visit(schema, '/schema', []), visit(pin, '/schema/properties/pin', ['pin'])
 */
export function eachSubschema(schema: unknown, pointer: string, visit: (s: Schema, at: string, path: string[]) => void, path: string[] = []): void {
  if (!isSchema(schema)) return;
  visit(schema, pointer, path);
  for (const [name, child] of Object.entries(isSchema(schema.properties) ? schema.properties : {})) eachSubschema(child, `${pointer}/properties${toPointer([name])}`, visit, [...path, name]);
  eachSubschema(schema.items, `${pointer}/items`, visit, [...path, '0']);
  for (const key of ['if', 'then', 'else']) eachSubschema(schema[key], `${pointer}/${key}`, visit, path);
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    const branches = schema[key];
    if (Array.isArray(branches)) branches.forEach((child, i) => eachSubschema(child, `${pointer}/${key}/${i}`, visit, path));
  }
}
