import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { getAt } from '../pack/jsonPointer';

/** A spec file's content, or any object in it, as YAML parses it. */
export type Json = Record<string, unknown>;

/** The folder of the provider's OpenAPI specs: one folder per country, `openapi/<cc>/`. */
export const OPENAPI_ROOT = 'openapi';

/** The spec files' names of one folder (a country's, `openapi/<cc>/`), sorted. */
export const specFileNames = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();

/** The countries that have a provider API: every folder of `openapi/` with a spec in it, sorted. */
export function countryCodes(root = OPENAPI_ROOT): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => statSync(join(root, name)).isDirectory() && readdirSync(join(root, name)).some((f) => f.endsWith('.yaml')))
    .sort();
}

/**
 * Every spec file of one folder (a country's, `openapi/<cc>/`) parsed, by file name. `lenient`:
 * a file that is not YAML is left out rather than thrown (its problem is reported on its own,
 * with its line: specProblems.ts), so the checks that read the rest still run.
 */
export function loadSpecFiles(dir: string, { lenient = false } = {}): Map<string, Json> {
  const files = new Map<string, Json>();
  for (const name of specFileNames(dir)) {
    try {
      files.set(name, parse(readFileSync(join(dir, name), 'utf8')) as Json);
    } catch (error) {
      if (!lenient) throw error;
    }
  }
  return files;
}

/**
 * Inlines `$ref`s (`#/components/...` within a file, `./common.yaml#/...` across the files of
 * the same folder), so each operation's schemas stand alone. Cycles are not expected in
 * provider schemas.
 */
export function resolveRefs(value: unknown, file: string, files: Map<string, Json>, depth = 0): unknown {
  if (depth > 40) throw new Error(`$ref nesting too deep in ${file}`);
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, file, files, depth + 1));
  if (!value || typeof value !== 'object') return value;
  const record = value as Json;
  if (typeof record.$ref === 'string') {
    const [target, pointer = ''] = record.$ref.split('#');
    const targetFile = target ? target.replace(/^\.\//, '') : file;
    const doc = files.get(targetFile);
    if (!doc) throw new Error(`${file}: $ref to unknown file ${record.$ref}`);
    const found = getAt(doc, pointer);
    if (found === undefined) throw new Error(`${file}: $ref ${record.$ref} does not resolve`);
    const { $ref: _ref, ...siblings } = record;
    void _ref;
    const resolved = resolveRefs(found, targetFile, files, depth + 1) as Json;
    return Object.keys(siblings).length > 0 ? { ...resolved, ...(resolveRefs(siblings, file, files, depth + 1) as Json) } : resolved;
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, resolveRefs(v, file, files, depth + 1)]));
}
