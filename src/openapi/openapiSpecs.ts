import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LineCounter, parse, parseDocument, type Node as YamlNode } from 'yaml';
import { escapeSegment, unescapeSegment } from '../pack/jsonPointer';

type Json = Record<string, unknown>;

/** The folder of the provider's OpenAPI specs: one folder per country, `openapi/<cc>/`. */
export const OPENAPI_ROOT = 'openapi';

/**
 * What a country's spec says about its part in signing calls (`x-signing` on an operation):
 * `publishes-keys` is the call that publishes the provider's keys (never signed, asked before
 * sign-in), `sign-in` the call that agrees the session's call keys. A country whose spec marks
 * neither has unsigned calls.
 */
export type SigningRole = 'publishes-keys' | 'sign-in';

/**
 * What a 404 of an operation means (`x-not-found`, spec 7.1): `quiet`, an empty result the
 * journey goes on with (no data); `{ message }`, an error with the country's own words for it.
 * Without the mark a 404 is an error with section 8's "No hay resultados".
 */
export type NotFound = 'quiet' | { message: string };

/**
 * The operation's part in the seller's session (`x-session`): `sign-out` is the call that ends
 * it at the provider, which the shell makes itself when an answer is not the session's;
 * `keep-alive` the call the shell makes while the agent works without calls, so that the
 * provider's idle expiry follows the agent, not the calls.
 */
export type SessionRole = 'sign-out' | 'keep-alive';

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
  /** Its part in signing calls, when it has one (`x-signing`). */
  signing: SigningRole | undefined;
  /** What its 404 means, when not an error with the usual message (`x-not-found`). */
  notFound: NotFound | undefined;
  /** Its part in the seller's session, when it has one (`x-session`). */
  session: SessionRole | undefined;
  responses: Record<string, { schema: Json | undefined }>;
}

/**
 * A problem in a spec file, placed like every problem `journeys:check` prints
 * (`file:line:column pointer: words`).
 */
export interface SpecProblem {
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const SIGNING_ROLES: readonly string[] = ['publishes-keys', 'sign-in'] satisfies SigningRole[];
const SESSION_ROLES: readonly string[] = ['sign-out', 'keep-alive'] satisfies SessionRole[];

/** An `x-not-found` as written, when it is one (`quiet`, or `{message: <text>}`). */
function notFoundOf(value: unknown): NotFound | undefined {
  if (value === 'quiet') return 'quiet';
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const { message, ...rest } = value as Json;
    if (typeof message === 'string' && message.trim() !== '' && Object.keys(rest).length === 0) return { message };
  }
  return undefined;
}

/** The countries that have a provider API: every folder of `openapi/` with a spec in it, sorted. */
export function countryCodes(root = OPENAPI_ROOT): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => statSync(join(root, name)).isDirectory() && readdirSync(join(root, name)).some((f) => f.endsWith('.yaml')))
    .sort();
}

/** Every spec file of one folder (a country's, `openapi/<cc>/`) parsed, by file name. */
export function loadSpecFiles(dir: string): Map<string, Json> {
  const files = new Map<string, Json>();
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) {
    files.set(name, parse(readFileSync(join(dir, name), 'utf8')) as Json);
  }
  return files;
}

function pointerGet(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.split('/').filter((s) => s !== '')) {
    const key = unescapeSegment(raw);
    node = (node as Json | undefined)?.[key];
  }
  return node;
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
    const found = pointerGet(doc, pointer);
    if (found === undefined) throw new Error(`${file}: $ref ${record.$ref} does not resolve`);
    const { $ref: _ref, ...siblings } = record;
    void _ref;
    const resolved = resolveRefs(found, targetFile, files, depth + 1) as Json;
    return Object.keys(siblings).length > 0 ? { ...resolved, ...(resolveRefs(siblings, file, files, depth + 1) as Json) } : resolved;
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, resolveRefs(v, file, files, depth + 1)]));
}

/** Where an operation is written: its file and the JSON Pointer of its `operationId`. */
interface OperationPlace {
  operationId: string;
  method: string;
  path: string;
  file: string;
  pointer: string;
  /** What its `x-signing`, `x-not-found` and `x-session` say, as written. */
  signing: unknown;
  notFound: unknown;
  session: unknown;
}

function operationPlaces(dir: string, files: Map<string, Json>): OperationPlace[] {
  const places: OperationPlace[] = [];
  for (const [name, doc] of files) {
    for (const [path, item] of Object.entries((doc.paths as Json | undefined) ?? {})) {
      for (const method of METHODS) {
        const op = (item as Json | undefined)?.[method] as Json | undefined;
        if (!op) continue;
        places.push({ operationId: String(op.operationId), method, path, file: join(dir, name), pointer: `/paths/${escapeSegment(path)}/${method}/operationId`, signing: op['x-signing'], notFound: op['x-not-found'], session: op['x-session'] });
      }
    }
  }
  return places;
}

/** Where an operation of a country is written: its spec file and the JSON Pointer of its `operationId`. */
export function operationPlace(cc: string, operationId: string, root = OPENAPI_ROOT): { file: string; pointer: string } | undefined {
  const dir = join(root, cc);
  const place = operationPlaces(dir, loadSpecFiles(dir)).find((p) => p.operationId === operationId);
  return place && { file: place.file, pointer: place.pointer };
}

/** Line and column (1-based) of a JSON Pointer's value in a YAML file; the file's start when absent. */
export function locateInYaml(file: string, pointer: string): { line: number; column: number } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter });
  const keys = pointer.split('/').slice(1).map(unescapeSegment);
  const node = doc.getIn(keys, true) as YamlNode | undefined;
  const offset = node?.range?.[0];
  if (offset === undefined) return { line: 1, column: 1 };
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

/** YAML that does not parse, at the place of its first error in each file. */
function syntaxProblems(dir: string): SpecProblem[] {
  const problems: SpecProblem[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) {
    const lineCounter = new LineCounter();
    const error = parseDocument(readFileSync(join(dir, name), 'utf8'), { lineCounter }).errors[0];
    if (!error) continue;
    const { line, col } = lineCounter.linePos(error.pos[0]);
    problems.push({ file: join(dir, name), line, column: col, pointer: '', message: `not valid YAML: ${error.message.split('\n')[0]}` });
  }
  return problems;
}

function placed(place: OperationPlace, message: string): SpecProblem {
  return { file: place.file, ...locateInYaml(place.file, place.pointer), pointer: place.pointer, message };
}

/**
 * What makes a country's API ambiguous, each placed in its spec file: an operation id used twice
 * in the country (a journey's `api.<operationId>` would not say which call it means), a
 * `x-signing` or `x-session` role that is not one, or given to two calls, an `x-not-found` that
 * is not one. Ids are scoped per country: the same
 * id in two countries is no problem.
 */
export function countrySpecProblems(cc: string, root = OPENAPI_ROOT): SpecProblem[] {
  const dir = join(root, cc);
  if (!existsSync(dir)) return [];
  const unreadable = syntaxProblems(dir);
  if (unreadable.length > 0) return unreadable;
  const files = loadSpecFiles(dir);
  const problems: SpecProblem[] = [];
  const first = new Map<string, OperationPlace>();
  for (const place of operationPlaces(dir, files)) {
    const before = first.get(place.operationId);
    if (!before) first.set(place.operationId, place);
    else {
      const at = locateInYaml(before.file, before.pointer);
      problems.push(
        placed(place, `operation id "${place.operationId}" is used twice in country ${cc} (first for ${before.method.toUpperCase()} ${before.path} at ${before.file}:${at.line}:${at.column}): a journey's "api.${place.operationId}" must name one call; rename one of them`),
      );
    }
  }
  const roles = new Map<string, OperationPlace>();
  for (const place of operationPlaces(dir, files)) {
    const value = place.signing;
    if (value === undefined) continue;
    const pointer = place.pointer.replace(/operationId$/, 'x-signing');
    if (typeof value !== 'string' || !SIGNING_ROLES.includes(value)) {
      problems.push(placed({ ...place, pointer }, `x-signing must be one of ${SIGNING_ROLES.map((r) => `"${r}"`).join(', ')}`));
    } else if (roles.has(value)) {
      problems.push(placed({ ...place, pointer }, `x-signing "${value}" is already the role of "${roles.get(value)?.operationId}" in country ${cc}: one call has it`));
    } else roles.set(value, place);
  }
  const sessionRoles = new Map<string, OperationPlace>();
  for (const place of operationPlaces(dir, files)) {
    if (place.notFound !== undefined && notFoundOf(place.notFound) === undefined) {
      problems.push(placed({ ...place, pointer: place.pointer.replace(/operationId$/, 'x-not-found') }, 'x-not-found must be "quiet" or {"message": <the words the agent is shown>}'));
    }
    const value = place.session;
    if (value === undefined) continue;
    const pointer = place.pointer.replace(/operationId$/, 'x-session');
    if (typeof value !== 'string' || !SESSION_ROLES.includes(value)) {
      problems.push(placed({ ...place, pointer }, `x-session must be one of ${SESSION_ROLES.map((r) => `"${r}"`).join(', ')}`));
    } else if (sessionRoles.has(value)) {
      problems.push(placed({ ...place, pointer }, `x-session "${value}" is already the role of "${sessionRoles.get(value)?.operationId}" in country ${cc}: one call has it`));
    } else sessionRoles.set(value, place);
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}

/**
 * What makes the provider's API as a whole ambiguous for a server that serves every country at
 * once: each country's own problems, and a method and path served for two countries (the
 * provider puts the country in its paths, `/sv/...`, `/home/sv/...`: each country's paths are its
 * own). Sound countries' operations come from the cache, so this is quick when all is well.
 */
export function apiSpecProblems(root = OPENAPI_ROOT): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const routes = new Map<string, { cc: string; operationId: string }>();
  for (const cc of countryCodes(root)) {
    let operations: Operation[];
    try {
      operations = loadCountryOperations(cc, root);
    } catch (error) {
      if (!(error instanceof SpecError)) throw error;
      problems.push(...error.problems);
      continue;
    }
    for (const op of operations) {
      const route = `${op.method.toUpperCase()} ${op.path.replace(/\{\w+\}/g, '{}')}`;
      const other = routes.get(route);
      if (!other) {
        routes.set(route, { cc, operationId: op.operationId });
        continue;
      }
      const dir = join(root, cc);
      const place = operationPlaces(dir, loadSpecFiles(dir)).find((p) => p.operationId === op.operationId);
      const otherDir = join(root, other.cc);
      const otherPlace = operationPlaces(otherDir, loadSpecFiles(otherDir)).find((p) => p.operationId === other.operationId);
      if (!place || !otherPlace) continue;
      const at = locateInYaml(otherPlace.file, otherPlace.pointer);
      problems.push(placed(place, `${op.method.toUpperCase()} ${op.path} is also country ${other.cc}'s ("${other.operationId}" at ${otherPlace.file}:${at.line}:${at.column}): each country's paths must be its own, with its country in them`));
    }
  }
  return problems;
}

/** Every operation of one folder's spec files, resolved (no check: see loadCountryOperations). */
export function loadOperations(dir: string): Operation[] {
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
        const signing = op['x-signing'];
        const session = op['x-session'];
        operations.push({
          operationId: String(op.operationId),
          family: file.replace(/\.yaml$/, ''),
          method,
          path,
          parameters,
          body: mediaType ? { mediaType, schema: content[mediaType]?.schema ?? {}, required: (op.requestBody as Json).required === true } : undefined,
          private: Array.isArray(security) && security.length > 0,
          signing: typeof signing === 'string' && SIGNING_ROLES.includes(signing) ? (signing as SigningRole) : undefined,
          notFound: notFoundOf(op['x-not-found']),
          session: typeof session === 'string' && SESSION_ROLES.includes(session) ? (session as SessionRole) : undefined,
          responses,
        });
      }
    }
  }
  return operations;
}

/** A country's API that cannot be used as it is: its problems, one per line. */
export class SpecError extends Error {
  constructor(readonly problems: SpecProblem[]) {
    super(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.pointer || '/'}: ${p.message}`).join('\n'));
  }
}

const loaded = new Map<string, Operation[]>();

/**
 * Where resolved operations are kept between runs, named by a hash of the spec texts (so never
 * stale): parsing the YAML costs hundreds of milliseconds, reading this a few, which keeps
 * `journeys:check` within its budget.
 */
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/openapi-operations', import.meta.url));

/** What the cache holds changes with this loader: a new field in `Operation` is a new version. */
const CACHE_VERSION = 'operations-2';

function specHash(dir: string): string {
  const hash = createHash('sha256').update(CACHE_VERSION);
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) hash.update(name).update('\0').update(readFileSync(join(dir, name))).update('\0');
  return hash.digest('hex').slice(0, 32);
}

/**
 * Every operation of a country's provider API (`openapi/<cc>/*.yaml`), resolved. A country
 * without a folder has none. Throws a SpecError (located problems) when an operation id is
 * used twice in the country.
 *
 * @example
 * loadCountryOperations('sv').find((op) => op.operationId === 'products')?.path // '/sv/products'
 */
export function loadCountryOperations(cc: string, root = OPENAPI_ROOT): Operation[] {
  const dir = join(root, cc);
  if (!existsSync(dir)) return [];
  const hash = specHash(dir);
  let operations = loaded.get(hash);
  if (operations) return operations;
  const cached = join(CACHE_DIR, `${hash}.json`);
  if (existsSync(cached)) {
    try {
      operations = JSON.parse(readFileSync(cached, 'utf8')) as Operation[];
    } catch {
      operations = undefined; // a cache written half: read the specs again
    }
  }
  if (!operations) {
    const problems = countrySpecProblems(cc, root);
    if (problems.length > 0) throw new SpecError(problems);
    operations = loadOperations(dir);
    try {
      mkdirSync(CACHE_DIR, { recursive: true });
      // Written aside then renamed: a process reading at the same time never sees half of it.
      const partial = `${cached}.${process.pid}`;
      writeFileSync(partial, JSON.stringify(operations));
      renameSync(partial, cached);
    } catch {
      // No cache where it cannot be written (a read-only install): the specs are read each time.
    }
  }
  loaded.set(hash, operations);
  return operations;
}
