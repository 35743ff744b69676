import { cloneJson, getAt, setAt } from '../pack/jsonPointer';
import type { JsonObject } from '../pack/journeyTypes';
import type { JourneyEmitted } from './emitted';
import type { ActionParams } from './generated/actionParams';
import { contextPointer, readScope, type Scope } from './scope';
import { evaluateInputMap } from './inputMap';

export type Context = Record<string, unknown>;

/** What an action sees besides the event and context: the journey it belongs to. */
export interface ActionEnv {
  journey: string;
  initialContext: Context;
}

export type ActionName = keyof ActionParams;

/**
 * An action a journey can name: its parameters (as JSON Schema), its context update, its emits,
 * given params that schema holds (typed from it: generated/actionParams.ts, by `npm run validators:build`).
 */
export interface ActionSpec<P> {
  description: string;
  params: JsonObject;
  update?: (scope: Scope, params: P, env: ActionEnv) => Context;
  emit?: (scope: Scope, params: P, env: ActionEnv) => JourneyEmitted[];
}

type ActionTable = { [K in ActionName]: ActionSpec<ActionParams[K]> };

/** What an action does with the params a journey gave it: its context update, and what it emits. */
export interface BoundAction {
  update?: (scope: Scope) => Context;
  emit?: (scope: Scope) => JourneyEmitted[];
}

const readPointer = { type: 'string', pattern: '^/(context|event)(/|$)' };
const writePointer = { type: 'string', pattern: '^/context(/|$)' };

/** Where on-screen messages live; the engine clears it when a step is left. */
export const MESSAGE_POINTER = '/context/ui/message';

function write(context: Context, to: string, value: unknown): Context {
  return setAt(context, contextPointer(to), value === undefined ? null : value);
}

/** Fills `{name}` placeholders of `text` from the pointers in `values`. */
function interpolate(text: string, values: Record<string, string> | undefined, scope: Scope): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const at = values[name];
    return at === undefined ? whole : String(readScope(scope, at) ?? '');
  });
}

/** The words a `message` action shows: the text at `from`, else `text` (or `fallback`) filled in. */
function messageText(scope: Scope, params: ActionParams['message']): string {
  const found = params.from === undefined ? undefined : readScope(scope, params.from);
  return typeof found === 'string' && found !== '' ? found : interpolate(String(params.text ?? params.fallback ?? ''), params.with, scope);
}

/** A failed call's error id (spec 8: from its error code): the provider's code, else its status. */
export function errorIdOf(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { code, status } = error as { code?: unknown; status?: unknown };
  if (typeof code === 'string' && code !== '') return code;
  return typeof status === 'number' ? `HTTP_${status}` : undefined;
}

/**
 * The actions every journey can use. Context updates are pure: each returns the next context.
 */
const table: ActionTable = {
  save: {
    description: 'store the submitted form data (or the value at `from`) at `to`',
    params: {
      type: 'object',
      required: ['to'],
      additionalProperties: false,
      properties: { to: writePointer, from: readPointer },
    },
    update: (scope, { to, from }) => write(scope.context, to, readScope(scope, from ?? '/event/data')),
  },
  assign: {
    description:
      'store the value at `from`, the literal `value`, or an `object` built key by key as a request is (an input map; a key whose value is missing is left out), at `to`',
    params: {
      type: 'object',
      required: ['to'],
      additionalProperties: false,
      // `tsType`: the generated params' type for `object`, an input map (built as a call's input is), which the schema leaves an object.
      properties: { to: writePointer, from: readPointer, value: {}, object: { type: 'object', minProperties: 1, tsType: 'InputMap' } },
      oneOf: [{ required: ['from'] }, { required: ['value'] }, { required: ['object'] }],
    },
    // The schema's oneOf gives exactly one of `from`, `value` and `object` (a JSON `value` may be null, never undefined).
    update: (scope, { to, from, value, object }) => {
      if (object !== undefined) return write(scope.context, to, evaluateInputMap(object, scope));
      return write(scope.context, to, from !== undefined ? readScope(scope, from) : value);
    },
  },
  count: {
    description: 'add one to the counter at `at` (a retry counter, shown as n/3)',
    params: { type: 'object', required: ['at'], additionalProperties: false, properties: { at: writePointer } },
    update: (scope, { at }) => write(scope.context, at, Number(readScope(scope, at) ?? 0) + 1),
  },
  newId: {
    description: 'store a new random id (a UUID) at `to`: a sale gets one when it starts, sent as its order\'s Idempotency-Key',
    params: {
      type: 'object',
      required: ['to'],
      additionalProperties: false,
      properties: { to: writePointer },
    },
    update: (scope, { to }) => write(scope.context, to, globalThis.crypto.randomUUID()),
  },
  toggle: {
    description: 'select the item keyed by the value at `key` under `at`, or unselect it when already selected',
    params: {
      type: 'object',
      required: ['at', 'key'],
      additionalProperties: false,
      properties: { at: writePointer, key: readPointer, item: readPointer },
    },
    update: (scope, { at, key, item }) => {
      const id = String(readScope(scope, key) ?? '');
      const current = (readScope(scope, at) as Record<string, unknown> | undefined) ?? {};
      const next =
        id in current
          ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== id))
          : { ...current, [id]: item === undefined ? true : (readScope(scope, item) ?? true) };
      return write(scope.context, at, next);
    },
  },
  message: {
    description: 'show `text` on the step (placeholders `{name}` filled from `with`), or the text at `from`',
    params: {
      type: 'object',
      additionalProperties: false,
      properties: {
        text: { type: 'string', minLength: 1 },
        with: { type: 'object', additionalProperties: readPointer },
        from: readPointer,
        fallback: { type: 'string', minLength: 1 },
      },
      anyOf: [{ required: ['text'] }, { required: ['from'] }],
    },
    update: (scope, params) => write(scope.context, MESSAGE_POINTER, messageText(scope, params)),
    // Spec section 8's message-displayed record: what was shown, and the error behind it.
    emit: (scope, params, env) => {
      const errorId = errorIdOf(readScope(scope, '/event/error'));
      return [{ type: 'message.shown', journey: env.journey, text: messageText(scope, params), ...(errorId ? { errorId } : {}) }];
    },
  },
  clearMessage: {
    description: 'remove the message shown on the step',
    params: { type: 'object', additionalProperties: false, properties: {} },
    update: (scope) => write(scope.context, MESSAGE_POINTER, null),
  },
  track: {
    description:
      'send the analytics event `name` (with a literal `outcome`, and `fields`: values read as a request is, an input map such as {"lead_id": "/event/output/leadId"}); never personal data',
    params: {
      type: 'object',
      required: ['name'],
      additionalProperties: false,
      properties: {
        name: { type: 'string', minLength: 1 },
        outcome: { type: 'string', minLength: 1 },
        // An input map, as `assign`'s `object` (tsType).
        fields: { type: 'object', minProperties: 1, tsType: 'InputMap' },
      },
    },
    emit: (scope, { name, outcome, fields }, env) => [
      {
        type: 'track',
        journey: env.journey,
        name,
        ...(outcome ? { outcome } : {}),
        ...(fields ? { fields: evaluateInputMap(fields, scope) } : {}),
      },
    ],
  },
  reset: {
    description: 'clear the flow data back to the journey\'s initial context, keeping the pointers in `keep`',
    params: {
      type: 'object',
      additionalProperties: false,
      properties: { keep: { type: 'array', items: writePointer } },
    },
    update: (scope, { keep }, env) => {
      let next = cloneJson(env.initialContext);
      for (const at of keep ?? []) {
        const kept = getAt(scope.context, contextPointer(at));
        if (kept !== undefined) next = setAt(next, contextPointer(at), kept);
      }
      return next;
    },
  },
  startSession: {
    description: 'mark the agent as signed in; steps after this may be private',
    params: { type: 'object', additionalProperties: false, properties: {} },
    update: (scope) => setAt(scope.context, '/session/signedIn', true),
    emit: (_scope, _params, env) => [{ type: 'session.started', journey: env.journey }],
  },
  leave: {
    description:
      'leave for the outside page at the URL read at `url` (a payment page): the shell saves the journey first, then opens it when it is `https:` or of the page\'s own origin, else sends `app.leaveRefused`; the page sends the agent back through one of the journey\'s `links`',
    params: { type: 'object', required: ['url'], additionalProperties: false, properties: { url: readPointer } },
    // Emitted for the shell, which alone may navigate: the journey stays where the transition took
    // it, and the snapshot saved before the page goes is where the return link finds it. A URL
    // that is not text is emitted empty, which the shell refuses.
    emit: (scope, { url }, env) => {
      const at = readScope(scope, url);
      return [{ type: 'app.leave', journey: env.journey, url: typeof at === 'string' ? at : '' }];
    },
  },
  wipeSession: {
    description: 'forget everything (logout, 401, session-integrity mismatch); the shell clears storage and cookie',
    params: { type: 'object', additionalProperties: false, properties: {} },
    update: (_scope, _params, env) => cloneJson(env.initialContext),
    emit: (_scope, _params, env) => [{ type: 'session.wiped', journey: env.journey }],
  },
};

/** The actions a journey can name, by name: each one's description and params schema (what journeys:check reads). */
export const actions: ActionTable & { readonly [name: string]: Pick<ActionSpec<unknown>, 'description' | 'params'> } = table;

const isActionName = (name: string): name is ActionName => Object.hasOwn(table, name);

/**
 * An action on the params a journey gives it (none: `{}`). journeys:check has held them to the
 * action's params schema (its generated `action_<name>` validator) before the journey runs, so
 * they are what ActionParams says.
 */
function bindNamed<K extends ActionName>(name: K, params: JsonObject, env: ActionEnv): BoundAction {
  const { update, emit } = table[name];
  const given = params as ActionParams[K];
  return {
    ...(update ? { update: (scope: Scope) => update(scope, given, env) } : {}),
    ...(emit ? { emit: (scope: Scope) => emit(scope, given, env) } : {}),
  };
}

/** The action a journey names, with its params; a name that is no action throws. */
export function bindAction(name: string, params: JsonObject = {}, env: ActionEnv): BoundAction {
  if (!isActionName(name)) throw new Error(`unknown action "${name}"`);
  return bindNamed(name, params, env);
}
