/**
 * One value of a JSON file's text changed, the rest of the text kept as written: its formatting,
 * key order, one-line objects and arrays. jsonc-parser's `modify` replaces a value in place, but
 * when it adds or removes it reformats the container (a one-line `"required": [...]` becomes one
 * item a line), and it leaves `["a""]` when the last item of an array goes (3.3.1), so adding and
 * removing are done here, by the parse tree's offsets.
 */
import { applyEdits, findNodeAtLocation, modify, parseTree, type Node, type ParseError } from 'jsonc-parser';

export type JsonPath = Array<string | number>;

/** The parse tree of a JSON text, or an Error when the text is not JSON. */
function jsonTree(text: string): Node {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (!tree || errors.length > 0) throw new Error('the file is not JSON at the moment: fix it in an editor first');
  return tree;
}

/** A value written as a one-line JSON, spaced as the files write one-line arrays and objects. */
function inlineJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inlineJson(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** The indentation of the line `offset` is on. */
function indentAt(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

const splice = (text: string, from: number, to: number, insert: string) => text.slice(0, from) + insert + text.slice(to);

/**
 * Adds an item (an object's property text, or an array's value text) to a container, spaced as its
 * items are: after the child `after` when given, else at the end.
 */
function insert(text: string, container: Node, item: string, after?: Node): string {
  const children = container.children ?? [];
  const last = after ?? children.at(-1);
  const close = container.offset + container.length - 1;
  if (!last) return splice(text, container.offset + 1, close, container.type === 'object' ? ` ${item} ` : item);
  const end = last.offset + last.length;
  const multiline = text.slice(container.offset, container.offset + container.length).includes('\n');
  return splice(text, end, end, multiline ? `,\n${indentAt(text, last.offset)}${item}` : `, ${item}`);
}

/** Removes one child (an object's property node, or an array's item), with the comma that joins it to a neighbour. */
function remove(text: string, container: Node, child: Node): string {
  const children = container.children ?? [];
  const i = children.indexOf(child);
  const previous = children[i - 1];
  const next = children[i + 1];
  if (previous) return splice(text, previous.offset + previous.length, child.offset + child.length, '');
  if (next) return splice(text, child.offset, next.offset, '');
  return splice(text, container.offset + 1, container.offset + container.length - 1, '');
}

/** Where a key the file lacks is added: after the first of these keys its object has, else at the object's end. */
export type KeyPlaces = Readonly<Record<string, readonly string[]>>;

/**
 * The text with the value at `path` set to `value`, or removed when `value` is undefined. A key
 * the file lacks is added with the objects above it that it lacks too, written on one line (a
 * field's first `ui:help`: `"email": { "ui:help": "..." }`), at its object's end or after the
 * sibling `places` names for it (a step's `description` after its `title`).
 *
 * @example setJsonValue('{ "a": 1 }', ['b'], 2) // '{ "a": 1, "b": 2 }'
 * @example setJsonValue('{ "t": "T", "b": 1 }', ['d'], 'D', { d: ['t'] }) // '{ "t": "T", "d": "D", "b": 1 }'
 */
export function setJsonValue(text: string, path: JsonPath, value: unknown, places: KeyPlaces = {}): string {
  const tree = jsonTree(text);
  const node = findNodeAtLocation(tree, path);
  if (node && value !== undefined) return applyEdits(text, modify(text, path, value, {}));
  if (node) {
    const parent = node.parent?.type === 'property' ? node.parent.parent : node.parent;
    // A property's value node sits in a property node; an array's item is the item itself.
    return parent ? remove(text, parent, parent.type === 'object' ? (node.parent as Node) : node) : text;
  }
  if (value === undefined) return text;
  // The deepest object the path reaches, and what is missing below it, built inside out.
  let depth = path.length - 1;
  while (depth > 0 && !findNodeAtLocation(tree, path.slice(0, depth))) depth--;
  const parent = depth === 0 ? tree : findNodeAtLocation(tree, path.slice(0, depth));
  const key = path[depth];
  const added = path.slice(depth + 1).reduceRight<unknown>((inner, segment) => (typeof segment === 'number' ? [inner] : { [segment]: inner }), value);
  // An array grows at its end only: an index past it would leave a hole JSON cannot write.
  if (parent?.type === 'array' && key === (parent.children ?? []).length) return insert(text, parent, inlineJson(added));
  if (parent?.type !== 'object' || typeof key !== 'string') throw new Error(`cannot add at ${path.join('/')}`);
  const after = (places[key] ?? []).map((sibling) => parent.children?.find((p) => p.children?.[0]?.value === sibling)).find((p) => p !== undefined);
  return insert(text, parent, `${JSON.stringify(key)}: ${inlineJson(added)}`, after);
}

/** The text with `value` added at the end of the array at `path`. */
export function appendJsonItem(text: string, path: JsonPath, value: unknown): string {
  const array = findNodeAtLocation(jsonTree(text), path);
  if (array?.type !== 'array') throw new Error(`no list at ${path.join('/')}`);
  return insert(text, array, inlineJson(value));
}

/**
 * The text with the property `key` of the object at `path` swapped with its neighbour before
 * (`-1`) or after (`1`) it: each property's text kept as written, the separators between them too.
 */
export function moveJsonProperty(text: string, path: JsonPath, key: string, by: -1 | 1): string {
  const object = findNodeAtLocation(jsonTree(text), path);
  if (object?.type !== 'object') throw new Error(`no object at ${path.join('/')}`);
  const properties = object.children ?? [];
  const i = properties.findIndex((p) => p.children?.[0]?.value === key);
  const [first, second] = by === -1 ? [properties[i - 1], properties[i]] : [properties[i], properties[i + 1]];
  if (i < 0 || !first || !second) throw new Error(by === -1 ? `${key} is already the first` : `${key} is already the last`);
  const part = (n: Node) => text.slice(n.offset, n.offset + n.length);
  const between = text.slice(first.offset + first.length, second.offset);
  return splice(text, first.offset, second.offset + second.length, part(second) + between + part(first));
}
