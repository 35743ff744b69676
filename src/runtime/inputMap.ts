import { hashText } from '../pack/hashText';
import { getAt } from '../pack/jsonPointer';
import { INPUT_TERMS, type InputMap, type InputTerm, type InputValue, type SessionName } from '../pack/inputTerms';

export { INPUT_TERMS, SESSION_VALUES, type InputMap, type InputTerm, type InputValue, type SessionName, type WidgetCall } from '../pack/inputTerms';

/**
 * Where a session value goes until the api layer fills it in (`fillSessionValues`): the engine
 * never holds the sealed PIN, and a persisted snapshot never carries it.
 */
export interface SessionSlot {
  $session: SessionName;
}

export function isSessionSlot(value: unknown): value is SessionSlot {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1 && typeof (value as SessionSlot).$session === 'string';
}

/** What pointers read: the journey's data and the event, and in a widget's call the step's form. */
export interface InputScope {
  context: unknown;
  event?: unknown;
  form?: unknown;
}

export interface InputEnv {
  /** The time of the request (tests fix it). */
  now?: () => Date;
}

type Data = Record<string, unknown>;

/** The keyword of a term, or undefined for an object that is not one. */
export function termOf(value: InputValue): InputTerm | undefined {
  if (typeof value === 'string' || value === null || typeof value !== 'object') return undefined;
  return INPUT_TERMS.find((term) => term in value);
}

const isObject = (value: unknown): value is Data => value !== null && typeof value === 'object' && !Array.isArray(value);
/** Only JSON objects are walked: a file's Blob or a progress callback in a request is left as it is. */
const isPlain = (value: unknown): value is Data => isObject(value) && Object.getPrototypeOf(value) === Object.prototype;
/** Missing and null values are left out of a request, as if the journey did not have them. */
const absent = (value: unknown) => value === undefined || value === null;
/** A list leaves out empty entries too: no empty phone number, no reference without a name. */
const empty = (value: unknown) => absent(value) || value === '' || (isObject(value) && Object.keys(value).length === 0);
const toNumber = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));

function read(scope: InputScope, pointer: string): unknown {
  return getAt(scope, pointer);
}

/** The entries of an object, or of a list by index: what `entries`, `sum` and `first` go over. */
function entriesOf(value: unknown): Array<[string, unknown]> {
  if (Array.isArray(value)) return value.map((v, i) => [String(i), v]);
  return isObject(value) ? Object.entries(value) : [];
}

/** The term of the input vocabulary whose keyword is `T`: `{ sum, of }` for `sum`. */
type TermValue<T extends InputTerm> = Extract<InputValue, Record<T, unknown>>;
type Evaluate<T extends InputTerm> = (value: TermValue<T>, scope: InputScope, env: InputEnv) => unknown;

/** What each term of the input vocabulary evaluates to. */
const TERMS: { [T in InputTerm]: Evaluate<T> } = {
  value: ({ value }) => value,
  session: ({ session }) => ({ $session: session }) satisfies SessionSlot,
  now: (_value, _scope, env) => (env.now?.() ?? new Date()).toISOString(),
  object: ({ object, when }, scope, env) => (when !== undefined && empty(read(scope, when)) ? undefined : evaluateInputMap(object, scope, env)),
  list: ({ list }, scope, env) => list.map((item) => evaluate(item, scope, env)).filter((item) => !empty(item)),
  entries: (spec, scope, env) => {
    const extra = spec.with ? evaluateInputMap(spec.with, scope, env) : {};
    return entriesOf(read(scope, spec.entries)).map(([key, entry]) => ({
      ...extra,
      ...(spec.keyAs !== undefined ? { [spec.keyAs]: key } : {}),
      ...(spec.valueAs !== undefined ? { [spec.valueAs]: entry } : {}),
    }));
  },
  sum: ({ sum, of }, scope) => {
    const total = entriesOf(read(scope, sum)).reduce((n, [, entry]) => n + toNumber(getAt(entry, of)), 0);
    return Math.round(total * 100) / 100;
  },
  first: ({ first, of, where }, scope, env) => {
    const wanted = where ? Object.entries(evaluateInputMap(where, scope, env)) : [];
    // A key `where` names that is missing from the request's data matches nothing, never every entry.
    if (where && wanted.length < Object.keys(where).length) return undefined;
    const head = entriesOf(read(scope, first)).find(([, entry]) => wanted.every(([key, value]) => isObject(entry) && entry[key] === value));
    return head ? getAt(head[1], of) : undefined;
  },
  either: ({ either }, scope, env) => {
    for (const option of either) {
      const found = evaluate(option, scope, env);
      // An empty list is no value either: a sale with nothing chosen falls back to the next.
      if (!absent(found) && !(Array.isArray(found) && found.length === 0)) return found;
    }
    return undefined;
  },
  merge: ({ merge }, scope, env) => Object.assign({}, ...merge.map((part) => evaluate(part, scope, env)).filter(isObject)) as Data,
  number: ({ number }, scope) => {
    const found = read(scope, number);
    return absent(found) ? undefined : toNumber(found);
  },
  // A date asked in three fields goes to a provider that takes one text: all or nothing, never "15//1990".
  join: ({ join, separator = '' }, scope, env) => {
    const parts = join.map((part) => evaluate(part, scope, env));
    if (parts.some((part) => empty(part) || typeof part === 'object')) return undefined;
    return parts.map(String).join(separator);
  },
  // Evaluated with the rest of the request: see evaluateInputMap.
  idempotencyKey: () => undefined,
};

/**
 * A term's value. `termOf` found its keyword in the object, and journeys:check (a step file's
 * check, for a widget's call) has held the object to that term's shape, so it is that term.
 */
function evaluateTerm<T extends InputTerm>(term: T, value: InputValue, scope: InputScope, env: InputEnv): unknown {
  return TERMS[term](value as TermValue<T>, scope, env);
}

function evaluate(value: InputValue, scope: InputScope, env: InputEnv): unknown {
  if (typeof value === 'string') return read(scope, value);
  const term = termOf(value);
  return term === undefined ? undefined : evaluateTerm(term, value, scope, env);
}

/**
 * A request from an input map: each key's term evaluated against the journey's data and the event
 * (or a widget's form). Keys whose value is missing or null are left out. Session values stay
 * slots (`{ "$session": name }`) until the api layer fills them (`fillSessionValues`).
 *
 * @example
 * evaluateInputMap({ to: '/context/sale/contract/phone', channel: { value: 'sms' } }, { context })
 * // { to: '70001234', channel: 'sms' }
 */
export function evaluateInputMap(map: InputMap, scope: InputScope, env: InputEnv = {}): Data {
  const out: Data = {};
  const keys: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(map)) {
    if (termOf(value) === 'idempotencyKey') {
      keys.push([key, (value as TermValue<'idempotencyKey'>).idempotencyKey]);
      out[key] = undefined;
      continue;
    }
    const result = evaluate(value, scope, env);
    if (!absent(result)) out[key] = result;
  }
  // A request with an Idempotency-Key may be sent again and is done once: the key is the sale's
  // id, or (a journey that mints none) made from what the request says.
  for (const [key, pointer] of keys) {
    const given = read(scope, pointer);
    const rest = Object.fromEntries(Object.entries(out).filter(([k, v]) => k !== key && v !== undefined));
    out[key] = typeof given === 'string' && given !== '' ? given : `request-${hashText(JSON.stringify(rest))}`;
  }
  return out;
}

/**
 * Fills the session slots of an evaluated request with what the api layer keeps for the session
 * (a missing value is sent as empty text, as the provider expects a field it then refuses).
 */
export function fillSessionValues<T>(request: T, session: Partial<Record<SessionName, string>>): T {
  const fill = (value: unknown): unknown => {
    if (isSessionSlot(value)) return session[value.$session] ?? '';
    if (Array.isArray(value)) return value.map(fill);
    if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  return fill(request) as T;
}
