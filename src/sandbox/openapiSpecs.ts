import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

type Json = Record<string, unknown>;

/** One provider call as its OpenAPI spec describes it, with every `$ref` resolved. */
export interface Operation {
  operationId: string;
  family: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path below the server URL, `/sv/leadInfo/{msisdn}/{id}`. */
  path: string;
  parameters: Array<{ name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: Json }>;
  /** The request body's media type and schema, when it has one. */
  body: { mediaType: string; schema: Json; required: boolean } | undefined;
  /** Private calls need the session cookie. */
  private: boolean;
  responses: Record<string, { schema: Json | undefined }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every spec file of `openapi/` parsed, by file name. */
export function loadSpecFiles(dir = 'openapi'): Map<string, Json> {
  const files = new Map<string, Json>();
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) {
    files.set(name, parse(readFileSync(join(dir, name), 'utf8')) as Json);
  }
  return files;
}

function pointerGet(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.split('/').filter((s) => s !== '')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Json | undefined)?.[key];
  }
  return node;
}

/**
 * Inlines `$ref`s (`#/components/...` within a file, `./common.yaml#/...` across files),
 * so each operation's schemas stand alone. Cycles are not expected in provider schemas.
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
    const found = pointerGet(doc, pointer);
    if (found === undefined) throw new Error(`${file}: $ref ${record.$ref} does not resolve`);
    const { $ref: _ref, ...siblings } = record;
    void _ref;
    const resolved = resolveRefs(found, targetFile, files, depth + 1) as Json;
    return Object.keys(siblings).length > 0 ? { ...resolved, ...(resolveRefs(siblings, file, files, depth + 1) as Json) } : resolved;
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, resolveRefs(v, file, files, depth + 1)]));
}

/** Every operation of every spec file, resolved. */
export function loadOperations(dir = 'openapi'): Operation[] {
  const files = loadSpecFiles(dir);
  const operations: Operation[] = [];
  for (const [file, doc] of files) {
    for (const [path, item] of Object.entries((doc.paths as Json | undefined) ?? {})) {
      const pathItem = resolveRefs(item, file, files) as Json;
      for (const method of METHODS) {
        const op = pathItem[method] as Json | undefined;
        if (!op) continue;
        const parameters = [...((pathItem.parameters as Operation['parameters']) ?? []), ...((op.parameters as Operation['parameters']) ?? [])];
        const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, { schema?: Json }>;
        const mediaType = Object.keys(content)[0];
        const responses = Object.fromEntries(
          Object.entries((op.responses as Record<string, Json> | undefined) ?? {}).map(([status, response]) => {
            const media = (response.content ?? {}) as Record<string, { schema?: Json }>;
            return [status, { schema: media['application/json']?.schema ?? Object.values(media)[0]?.schema }];
          }),
        );
        const security = (op.security ?? doc.security) as unknown[] | undefined;
        operations.push({
          operationId: String(op.operationId),
          family: file.replace(/\.yaml$/, ''),
          method,
          path,
          parameters,
          body: mediaType ? { mediaType, schema: content[mediaType]?.schema ?? {}, required: (op.requestBody as Json).required === true } : undefined,
          private: Array.isArray(security) && security.length > 0,
          responses,
        });
      }
    }
  }
  return operations;
}
