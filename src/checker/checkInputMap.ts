import { didYouMean, suggestion } from '../pack/didYouMean';
import { INPUT_TERMS, SESSION_VALUES, termOf, type InputMap, type InputTerm, type InputValue } from '../runtime/inputMap';
import { pointerSegments, toPointer } from '../pack/jsonPointer';
import type { Problem } from './problem';

type Schema = Record<string, unknown>;

/**
 * A provider operation as the checks need it: its request (path, query and header parameters, a
 * body schema) and its answers' schemas, `$ref`s resolved. The scripts load it from the
 * country's OpenAPI files (src/openapi/operations.ts's `Operation` has this shape).
 */
export interface CallContract {
  operationId: string;
  parameters: ReadonlyArray<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  body?: { mediaType: string; schema: Schema; required: boolean } | undefined;
  responses: Record<string, { schema: Schema | undefined }>;
  /** What the call does to the session (`x-session`): `sign-out` ends it. */
  session?: string | undefined;
}

/** Path parameters the api layer fills itself: the current time of spec section 7 (see callOperation's splitInput). */
export const FILLED_BY_API_LAYER: ReadonlySet<string> = new Set(['timestamp']);

/** Each term's options besides its keyword, and the ones it needs. */
const OPTIONS: Record<InputTerm, { allowed: string[]; needed: string[] }> = {
  value: { allowed: [], needed: [] },
  session: { allowed: [], needed: [] },
  now: { allowed: [], needed: [] },
  object: { allowed: ['when'], needed: [] },
  list: { allowed: [], needed: [] },
  entries: { allowed: ['keyAs', 'valueAs', 'with'], needed: [] },
  sum: { allowed: ['of'], needed: ['of'] },
  first: { allowed: ['of', 'where'], needed: ['of'] },
  either: { allowed: [], needed: [] },
  merge: { allowed: [], needed: [] },
  number: { allowed: [], needed: [] },
  join: { allowed: ['separator'], needed: [] },
  idempotencyKey: { allowed: [], needed: [] },
};

/** What a term gives, as a JSON Schema type (undefined: it depends on the data). */
const RESULT_TYPE: Partial<Record<InputTerm, string>> = {
  session: 'string',
  now: 'string',
  object: 'object',
  list: 'array',
  entries: 'array',
  sum: 'number',
  merge: 'object',
  number: 'number',
  join: 'string',
  idempotencyKey: 'string',
};

const typeWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

const isObject = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);
const escape = (key: string) => toPointer([key]);

/** The schema's allowed types (its `type`, a list of them, or those of its `oneOf`/`anyOf` branches). */
function typesOf(schema: Schema | undefined): string[] | undefined {
  if (!schema) return undefined;
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (Array.isArray(branches)) {
    const all = branches.map(typesOf);
    return all.every((t) => t !== undefined) ? [...new Set(all.flat() as string[])] : undefined;
  }
  if (schema.enum && Array.isArray(schema.enum)) return [...new Set((schema.enum as unknown[]).map(jsonType))];
  return undefined;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A constant's type fits as JSON Schema says; a term's `number` may be whole, so it fits `integer` too. */
const fits = (given: string, allowed: string[], constant: boolean) =>
  allowed.includes(given) || (given === 'integer' && allowed.includes('number')) || (!constant && given === 'number' && allowed.includes('integer'));

/** The properties an object schema declares, with those of its `allOf`/`oneOf`/`anyOf` parts. */
function propertiesOf(schema: Schema | undefined): { properties: Record<string, Schema>; required: string[]; open: boolean } {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  let open = true;
  const visit = (s: Schema | undefined, inBranch: boolean) => {
    if (!s) return;
    if (isObject(s.properties)) {
      open = open && s.additionalProperties !== undefined && s.additionalProperties !== false;
      Object.assign(properties, s.properties);
      if (!inBranch && Array.isArray(s.required)) required.push(...(s.required as string[]));
    }
    for (const part of (s.allOf as Schema[] | undefined) ?? []) visit(part, inBranch);
    for (const part of ((s.oneOf ?? s.anyOf) as Schema[] | undefined) ?? []) visit(part, true);
  };
  visit(schema, false);
  // A schema that names no properties says nothing about the keys it takes.
  if (Object.keys(properties).length === 0) open = true;
  return { properties, required, open };
}

interface Target {
  /** What is expected here, for the messages: `the request of <operationId>`. */
  where: string;
  properties: Record<string, Schema>;
  required: string[];
  open: boolean;
  /** Fields a multipart body gets from the widget's file, never from the map. */
  files?: Set<string>;
}

/** The request an operation takes, as one object: its parameters' names and its body's properties. */
function requestTarget(operation: CallContract): Target {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const p of operation.parameters) {
    if (p.in === 'cookie') continue;
    properties[p.name] = p.schema ?? {};
    if ((p.required || p.in === 'path') && !FILLED_BY_API_LAYER.has(p.name)) required.push(p.name);
  }
  const body = propertiesOf(operation.body?.schema);
  Object.assign(properties, body.properties);
  required.push(...body.required);
  const files = new Set(Object.entries(body.properties).filter(([, s]) => s.format === 'binary').map(([k]) => k));
  const multipart = operation.body?.mediaType.startsWith('multipart/') === true;
  return { where: `the request of ${operation.operationId}`, properties, required, open: operation.body !== undefined && body.open, ...(multipart ? { files } : {}) };
}

/** A pointer's problem: it reads what this input may not (`roots`: `/context`, `/event`, `/form`...). */
function pointerProblem(pointer: string, at: string, roots: readonly string[]): Problem | undefined {
  const root = pointerSegments(pointer)[0];
  if (root !== undefined && roots.includes(root)) return undefined;
  return { pointer: at, message: `a pointer here starts with ${roots.map((r) => `"/${r}"`).join(' or ')}` };
}

/** The term a value that is no pointer is, or why it is none (not an object, no term's keyword, two of them). */
function termIn(value: InputValue, at: string): { term: InputTerm; v: Record<string, unknown> } | { problem: Problem } {
  if (!isObject(value)) return { problem: { pointer: at, message: 'must be a JSON Pointer or a term such as {"value": ...}' } };
  const keywords = Object.keys(value).filter((k) => (INPUT_TERMS as readonly string[]).includes(k));
  const term = termOf(value);
  if (keywords.length === 1 && term !== undefined) return { term, v: value as Record<string, unknown> };
  return {
    problem: {
      pointer: at,
      message: keywords.length === 0 ? `not a term: it needs one of ${INPUT_TERMS.map((t) => `"${t}"`).join(', ')}` : `one term at a time: ${keywords.map((k) => `"${k}"`).join(' and ')} together`,
    },
  };
}

/** A term's options it does not take, and the ones it needs and lacks. */
function optionProblems(v: Record<string, unknown>, term: InputTerm, at: string): Problem[] {
  const { allowed, needed } = OPTIONS[term];
  const problems: Problem[] = [];
  for (const key of Object.keys(v)) {
    if (key !== term && !allowed.includes(key)) {
      problems.push({ pointer: `${at}${escape(key)}`, message: `"${key}" is not an option of "${term}"${allowed.length ? `; it takes ${allowed.map((a) => `"${a}"`).join(', ')}` : ''}`, atName: true });
    }
  }
  for (const key of needed) if (!(key in v)) problems.push({ pointer: at, message: `"${term}" needs "${key}"` });
  return problems;
}

/** A constant, or what a term gives, of a type the provider does not expect here. */
function resultTypeProblem(v: Record<string, unknown>, term: InputTerm, schema: Schema | undefined, at: string): Problem | undefined {
  const allowedTypes = typesOf(schema);
  const resultType = term === 'value' ? jsonType(v.value) : RESULT_TYPE[term];
  if (!allowedTypes || !resultType || fits(resultType, allowedTypes, term === 'value')) return undefined;
  const expected = allowedTypes.map((t) => typeWords[t] ?? t).join(' or ');
  return {
    pointer: term === 'value' ? `${at}/value` : at,
    message: term === 'value' ? `the provider expects ${expected} here, not ${JSON.stringify(v.value)}` : `"${term}" gives ${typeWords[resultType] ?? resultType}; the provider expects ${expected} here`,
  };
}

/** A constant the provider's choices (`enum`) do not have, a session value the app does not keep. */
function constantProblems(v: Record<string, unknown>, term: InputTerm, schema: Schema | undefined, at: string): Problem[] {
  const problems: Problem[] = [];
  if (term === 'value' && schema && Array.isArray(schema.enum) && !(schema.enum as unknown[]).some((e) => JSON.stringify(e) === JSON.stringify(v.value))) {
    problems.push({ pointer: `${at}/value`, message: `${JSON.stringify(v.value)} is not one of ${(schema.enum as unknown[]).map((e) => JSON.stringify(e)).join(', ')}` });
  }
  if (term === 'session' && !(SESSION_VALUES as readonly string[]).includes(String(v.session))) {
    problems.push({ pointer: `${at}/session`, message: `unknown session value "${String(v.session)}"${suggestion(String(v.session), SESSION_VALUES)}` });
  }
  return problems;
}

/** The options of a term that are pointers when they are text (`first`'s list, `when`...). */
const POINTER_OPTIONS = ['entries', 'sum', 'first', 'number', 'idempotencyKey', 'when'];

function checkValue(value: InputValue, schema: Schema | undefined, at: string, roots: readonly string[], problems: Problem[]): void {
  if (typeof value === 'string') {
    const problem = pointerProblem(value, at, roots);
    if (problem) problems.push(problem);
    return;
  }
  const found = termIn(value, at);
  if ('problem' in found) {
    problems.push(found.problem);
    return;
  }
  const { term, v } = found;
  problems.push(...optionProblems(v, term, at));
  const mismatch = resultTypeProblem(v, term, schema, at);
  if (mismatch) {
    problems.push(mismatch);
    return;
  }
  problems.push(...constantProblems(v, term, schema, at));
  for (const key of POINTER_OPTIONS) if (typeof v[key] === 'string') checkValue(v[key] as string, undefined, `${at}${escape(key)}`, roots, problems);
  checkTermParts(v, term, schema, at, roots, problems);
}

/** The values inside a term, each against what the provider expects there: an object's keys, a list's items, the parts of `either`, `join` and `merge`, the entries' `with`. */
function checkTermParts(v: Record<string, unknown>, term: InputTerm, schema: Schema | undefined, at: string, roots: readonly string[], problems: Problem[]): void {
  const items = isObject(schema?.items) ? (schema?.items as Schema) : undefined;
  switch (term) {
    case 'object':
      checkMap(v.object as InputMap, targetOf(schema, 'this object'), `${at}/object`, roots, problems);
      break;
    case 'list':
      (v.list as InputValue[]).forEach((item, i) => checkValue(item, items, `${at}/list/${i}`, roots, problems));
      break;
    case 'either':
      (v.either as InputValue[]).forEach((option, i) => checkValue(option, schema, `${at}/either/${i}`, roots, problems));
      break;
    case 'join':
      (v.join as InputValue[]).forEach((part, i) => checkValue(part, undefined, `${at}/join/${i}`, roots, problems));
      break;
    case 'merge':
      (v.merge as InputValue[]).forEach((part, i) => {
        // A merged object is checked key by key, but not for what it lacks: the other parts may have it.
        if (isObject(part) && termOf(part) === 'object') checkMap((part as { object: InputMap }).object, { ...targetOf(schema, 'this object'), required: [] }, `${at}/merge/${i}/object`, roots, problems);
        else checkValue(part, { type: 'object' }, `${at}/merge/${i}`, roots, problems);
      });
      break;
    case 'entries':
      checkEntries(v, targetOf(items, 'each entry'), at, roots, problems);
      break;
    case 'first':
      // Its keys are the entries' own (entryPointers.ts checks them against the entries' shape); its values are read as any input's.
      if (v.where) checkMap(v.where as InputMap, targetOf(undefined, 'where'), `${at}/where`, roots, problems);
      break;
    default:
      break;
  }
}

/** An `entries` term's `with` against each entry's properties (not for what it lacks), and the names of `keyAs` and `valueAs`. */
function checkEntries(v: Record<string, unknown>, target: Target, at: string, roots: readonly string[], problems: Problem[]): void {
  if (v.with) checkMap(v.with as InputMap, { ...target, required: [] }, `${at}/with`, roots, problems);
  for (const key of ['keyAs', 'valueAs']) {
    const name = v[key];
    if (typeof name === 'string' && !target.open && !(name in target.properties)) {
      problems.push({ pointer: `${at}/${key}`, message: `"${name}" is not a property of ${target.where}${suggestion(name, Object.keys(target.properties))}` });
    }
  }
}

function targetOf(schema: Schema | undefined, where: string): Target {
  const { properties, required, open } = propertiesOf(schema);
  return { where, properties, required, open: schema === undefined || open };
}

function checkMap(map: InputMap, target: Target, at: string, roots: readonly string[], problems: Problem[]): void {
  if (!isObject(map)) return;
  // A misspelt key is one mistake: the required key it was meant to be is not also missing.
  const meant = new Set<string>();
  for (const [key, value] of Object.entries(map)) {
    const known = key in target.properties;
    if (!known && !target.open) {
      const likely = didYouMean(key, Object.keys(target.properties));
      if (likely) meant.add(likely);
      problems.push({ pointer: `${at}${escape(key)}`, message: `unknown key "${key}" in ${target.where}${suggestion(key, Object.keys(target.properties))}`, atName: true });
      continue;
    }
    checkValue(value, target.properties[key], `${at}${escape(key)}`, roots, problems);
  }
  const missing = target.required.filter((name) => !(name in map) && !target.files?.has(name) && !meant.has(name));
  if (missing.length > 0) {
    problems.push({ pointer: at, message: `${target.where} needs ${missing.map((m) => `"${m}"`).join(', ')}: add ${missing.length === 1 ? 'it' : 'them'} to the input` });
  }
}

/**
 * Checks an input map against the operation's request: every key is a path, query or header
 * parameter or a body property (a typo gets a did-you-mean), every required one is given,
 * constants and terms give the type the provider expects, nested objects and lists likewise.
 * `roots`: what pointers may read (`context` and `event` in a journey, `context` and `form` in
 * a widget's call).
 */
export function checkInputMap(map: InputMap | undefined, operation: CallContract, at: string, roots: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  checkMap(map ?? {}, requestTarget(operation), at, roots, problems);
  return problems;
}

/** The schema of an operation's answers (200 and 201; several are taken together). */
export function answerSchema(operation: CallContract): Schema | undefined {
  const schemas = ['200', '201'].map((status) => operation.responses[status]?.schema).filter((s): s is Schema => s !== undefined);
  if (schemas.length === 0) return undefined;
  return schemas.length === 1 ? schemas[0] : { anyOf: schemas };
}

/**
 * Where a pointer inside an operation's answer (`/individualsLists/0/hasDebt`) leaves its schema,
 * as a problem message, or undefined when the answer may have it.
 */
export function answerPointerProblem(operation: CallContract, pointer: string): string | undefined {
  let schema = answerSchema(operation);
  const segments = pointerSegments(pointer);
  for (let i = 0; i < segments.length && schema; i++) {
    const segment = segments[i] as string;
    const types = typesOf(schema);
    if (types?.includes('array') || isObject(schema.items)) {
      if (!/^\d+$/.test(segment)) return `"${segment}" is not a position in the list of ${operation.operationId}'s answer at ${toPointer(segments.slice(0, i)) || '/'}`;
      schema = isObject(schema.items) ? (schema.items as Schema) : undefined;
      continue;
    }
    const { properties, open } = propertiesOf(schema);
    if (segment in properties) {
      schema = properties[segment];
      continue;
    }
    if (open) return undefined;
    const inside = toPointer(segments.slice(0, i));
    return `${operation.operationId} answers no "${segment}"${inside ? ` inside ${inside}` : ''}${suggestion(segment, Object.keys(properties))}`;
  }
  return undefined;
}
