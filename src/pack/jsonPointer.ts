import type { JsonValue } from './journeyTypes';

/** Splits an RFC 6901 JSON Pointer into its unescaped segments: `"/a~1b/0"` → `["a/b", "0"]`. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`JSON Pointer must start with "/": ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map(unescapeSegment);
}

/** A segment as a pointer writes it: `~` and `/` escaped (`"a/b"` → `"a~1b"`). */
export const escapeSegment = (segment: string | number): string => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');

/** A segment as a pointer wrote it, unescaped (`"a~1b"` → `"a/b"`). */
export const unescapeSegment = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** Joins segments into a JSON Pointer, escaping `~` and `/`. */
export function toPointer(segments: ReadonlyArray<string | number>): string {
  return segments.map((s) => '/' + escapeSegment(s)).join('');
}

/** Reads the value at `pointer`, or `undefined` where any segment is missing. */
export function getAt(root: unknown, pointer: string): unknown {
  let node: unknown = root;
  for (const segment of pointerSegments(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/**
 * Returns a copy of `root` with `value` at `pointer`, creating objects on the way. Only the
 * objects along the pointer are copied, so snapshots stay cheap and earlier ones unchanged.
 */
export function setAt<T extends Record<string, unknown>>(root: T, pointer: string, value: unknown): T {
  const segments = pointerSegments(pointer);
  if (segments.length === 0) return (value ?? {}) as T;
  const write = (node: unknown, depth: number): unknown => {
    const key = segments[depth] as string;
    const base: Record<string, unknown> | unknown[] = Array.isArray(node)
      ? [...node]
      : node !== null && typeof node === 'object'
        ? { ...(node as Record<string, unknown>) }
        : {};
    const child = depth === segments.length - 1 ? value : write((base as Record<string, unknown>)[key], depth + 1);
    (base as Record<string, unknown>)[key] = child;
    return base;
  };
  return write(root, 0) as T;
}

/** Deep copy of plain JSON data (context values are JSON by construction). */
export function cloneJson<T extends JsonValue | Record<string, unknown>>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
