import { pointerSegments, toPointer } from '../pack/jsonPointer';

/**
 * What is known of the journey's data at one place: the keys an object has, the shape of any
 * key (a map keyed by data, like the selection by planId), a list's items, or nothing at all
 * (`open`: a schema that says nothing of what is below, an event's free data). Pointers are
 * checked against it: a key that no declaration gives is a typo.
 */
export interface Shape {
  props?: Map<string, Shape>;
  anyKey?: Shape;
  items?: Shape;
  open?: boolean;
  /** JSON types seen here, to say "this is text" when a pointer goes below a value. */
  types: Set<string>;
}

type Schema = Record<string, unknown>;

export const openShape = (): Shape => ({ open: true, types: new Set() });

/** A copy of a shape's own node, its children shared: what is copied before it changes. */
function copyNode(shape: Shape): Shape {
  const copy: Shape = { types: new Set(shape.types) };
  if (shape.open) copy.open = true;
  if (shape.props) copy.props = new Map(shape.props);
  if (shape.anyKey) copy.anyKey = shape.anyKey;
  if (shape.items) copy.items = shape.items;
  return copy;
}

/**
 * Merges `from` into `into` (both sides' keys, types and openness: declarations add up). `into`
 * is the caller's to change; the nodes below it may be shared with other shapes (a schema's
 * shape is made once and read by many), so `own` gives a node that may be changed (a copy
 * unless it is already the caller's) before anything is merged into it.
 */
function mergeInto(into: Shape, from: Shape, own: (shape: Shape) => Shape): void {
  for (const t of from.types) into.types.add(t);
  if (from.open) into.open = true;
  if (from.props) {
    into.props ??= new Map();
    for (const [key, theirs] of from.props) {
      const mine = into.props.get(key);
      if (!mine) into.props.set(key, theirs);
      else if (mine !== theirs) {
        const changed = own(mine);
        into.props.set(key, changed);
        mergeInto(changed, theirs, own);
      }
    }
  }
  for (const slot of ['anyKey', 'items'] as const) {
    const theirs = from[slot];
    const mine = into[slot];
    if (!theirs || mine === theirs) continue;
    if (!mine) into[slot] = theirs;
    else {
      const changed = own(mine);
      into[slot] = changed;
      mergeInto(changed, theirs, own);
    }
  }
}

/** The shape two declarations give together; neither is changed. */
export function mergeShape(a: Shape, b: Shape): Shape {
  const merged = copyNode(a);
  mergeInto(merged, b, copyNode);
  return merged;
}

const typeOfValue = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value);

/** The shape of a literal value (the journey's initial `context`): its keys are all it has. */
export function shapeOfValue(value: unknown): Shape {
  const shape: Shape = { types: new Set([typeOfValue(value)]) };
  if (Array.isArray(value)) {
    shape.items = value.length === 0 ? openShape() : value.map(shapeOfValue).reduce(mergeShape);
  } else if (value !== null && typeof value === 'object') {
    shape.props = new Map(Object.entries(value).map(([k, v]) => [k, shapeOfValue(v)]));
  }
  return shape;
}

/** True when a schema says something of the data's structure (a type, keys, items, values). */
function structural(schema: Schema): boolean {
  return ['type', 'properties', 'additionalProperties', 'patternProperties', 'items', 'prefixItems', 'const', 'enum', 'allOf', 'anyOf', 'oneOf', 'then', 'else', 'dependencies', 'dependentSchemas'].some(
    (k) => k in schema,
  );
}

/**
 * The shape a JSON Schema gives (a step's fields, a call's answer). Declared `properties` are
 * taken as all the keys (a schema that lists its keys is their contract, even where JSON
 * Schema would let others through); a schema without them says nothing, so anything goes.
 * Compositions (`oneOf`, `then`/`else`, rjsf's `dependencies`) add their keys up.
 */
export function shapeOfSchema(schema: unknown): Shape {
  if (schema === false) return { types: new Set() };
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return openShape();
  // Shapes are never changed once made (a tree copies what it changes), so each schema object
  // is turned into one once: the provider's answers are read by many assigns and many runs.
  let shape = madeFrom.get(schema);
  if (!shape) madeFrom.set(schema, (shape = buildShapeOfSchema(schema as Schema)));
  return shape;
}

const madeFrom = new WeakMap<object, Shape>();

function buildShapeOfSchema(s: Schema): Shape {
  if (!structural(s)) return openShape();
  const shape: Shape = { types: new Set() };
  const types = Array.isArray(s.type) ? s.type : typeof s.type === 'string' ? [s.type] : [];
  for (const t of types) shape.types.add(t === 'integer' ? 'number' : String(t));
  if ('const' in s) shape.types.add(typeOfValue(s.const));
  if (Array.isArray(s.enum)) for (const v of s.enum) shape.types.add(typeOfValue(v));
  const objectLike = types.length === 0 || types.includes('object');
  if (s.properties && typeof s.properties === 'object') {
    shape.props = new Map(Object.entries(s.properties as Schema).map(([k, v]) => [k, shapeOfSchema(v)]));
  }
  const extra = [s.additionalProperties, ...Object.values((s.patternProperties as Schema | undefined) ?? {})].filter((v) => v !== undefined && v !== false);
  for (const v of extra) {
    const keyed = v === true ? openShape() : shapeOfSchema(v);
    shape.anyKey = shape.anyKey ? mergeShape(shape.anyKey, keyed) : keyed;
  }
  const itemSchemas = [...(s.items !== undefined && typeof s.items === 'object' ? [s.items] : []), ...((s.prefixItems as unknown[] | undefined) ?? [])];
  if (itemSchemas.length > 0) shape.items = itemSchemas.map(shapeOfSchema).reduce(mergeShape);
  else if (types.includes('array')) shape.items = openShape();
  const branches: unknown[] = [
    ...((s.allOf as unknown[] | undefined) ?? []),
    ...((s.anyOf as unknown[] | undefined) ?? []),
    ...((s.oneOf as unknown[] | undefined) ?? []),
    s.then,
    s.else,
    ...Object.values((s.dependentSchemas as Schema | undefined) ?? {}),
    ...Object.values((s.dependencies as Schema | undefined) ?? {}).filter((d) => !Array.isArray(d)),
  ];
  for (const branch of branches) {
    if (branch && typeof branch === 'object' && structural(branch as Schema)) mergeInto(shape, shapeOfSchema(branch), copyNode);
  }
  const saysKeys = shape.props !== undefined || shape.anyKey !== undefined;
  if (objectLike && !saysKeys && shape.items === undefined && (types.includes('object') || shape.types.size === 0)) shape.open = true;
  return shape;
}

/** The part of a schema at a pointer below it (a call's answer at `/leads`), if it says. */
export function schemaShapeAt(shape: Shape, pointer: string): Shape | undefined {
  const found = resolveShape(shape, pointerSegments(pointer));
  return found.ok ? found.shape : undefined;
}

/**
 * The shape of a journey's data as declarations add up. Declared shapes (a call's answer, a
 * step's schema) are shared, not copied: a node is copied only where a later declaration
 * changes it, so a large answer kept in several places costs nothing more.
 */
export interface ShapeTree {
  root: Shape;
  /** Declares `shape` at `pointer` (below `/context`): objects on the way are made, shapes merged. */
  declare: (pointer: string, shape: Shape) => void;
}

export function shapeTree(initial: Shape): ShapeTree {
  const owned = new WeakSet<Shape>();
  const fresh = (): Shape => {
    const s: Shape = { types: new Set() };
    owned.add(s);
    return s;
  };
  // A node the tree made or copied is its own to change; any other is shared, copied first.
  const own = (s: Shape): Shape => {
    if (owned.has(s)) return s;
    const c = copyNode(s);
    owned.add(c);
    return c;
  };
  const root = own(initial);
  const declare = (pointer: string, shape: Shape) => {
    let node = root;
    for (const segment of pointerSegments(pointer)) {
      if (node.open) return;
      if (node.items && /^(\d+|-)$/.test(segment) && !node.props?.has(segment)) {
        node = node.items = own(node.items);
        continue;
      }
      node.types.add('object');
      node.props ??= new Map();
      const existing = node.props.get(segment);
      const child = existing ? own(existing) : fresh();
      node.props.set(segment, child);
      node = child;
    }
    mergeInto(node, shape, own);
  };
  return { root, declare };
}

export type Resolved = { ok: true; shape: Shape } | { ok: false; depth: number; at: Shape };

/** Follows segments down a shape; where one is not declared, says how deep it got. */
export function resolveShape(root: Shape, segments: string[]): Resolved {
  let node = root;
  for (let depth = 0; depth < segments.length; depth++) {
    const segment = segments[depth] as string;
    if (node.open) return { ok: true, shape: openShape() };
    const next = node.props?.get(segment) ?? node.anyKey ?? (/^(\d+|-)$/.test(segment) ? node.items : undefined);
    if (!next) return { ok: false, depth, at: node };
    node = next;
  }
  return { ok: true, shape: node };
}

const TYPE_WORDS: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false', null: 'empty (null)', array: 'a list' };

/**
 * Why a pointer does not resolve, in words: the missing key and the keys that exist there
 * (`missing`), or the plain value it goes below (`value`).
 */
export function unresolvedWords(
  base: string,
  segments: string[],
  failure: { depth: number; at: Shape },
  suggest: (name: string, keys: string[]) => string,
): { kind: 'missing' | 'value'; words: string } {
  const missing = segments[failure.depth] as string;
  const where = base + toPointer(segments.slice(0, failure.depth));
  const keys = [...(failure.at.props?.keys() ?? [])];
  if (keys.length === 0 && !failure.at.types.has('object')) {
    const kinds = [...failure.at.types].map((t) => TYPE_WORDS[t] ?? t);
    return { kind: 'value', words: `${where} is ${kinds.length > 0 ? kinds.join(' or ') : 'not declared as an object'}: it has no "${missing}"` };
  }
  const hint = suggest(missing, keys);
  const listed = hint === '' && keys.length > 0 && keys.length <= 12 ? ` (it has ${keys.map((k) => `"${k}"`).join(', ')})` : '';
  return { kind: 'missing', words: `no "${missing}" in ${where}${hint}${listed}` };
}
