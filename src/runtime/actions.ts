import { cloneJson, getAt, setAt } from '../pack/jsonPointer';
import type { JsonObject } from '../pack/journeyTypes';
import type { JourneyEmitted } from './emitted';
import { contextPointer, readScope, type Scope } from './scope';
import { evaluateInputMap, type InputMap } from './inputMap';

export type Context = Record<string, unknown>;

/** What an action sees besides the event and context: the journey it belongs to. */
export interface ActionEnv {
  journey: string;
  initialContext: Context;
}

/** An action a journey can name: its parameters (as JSON Schema), its context update, its emits. */
export interface ActionSpec {
  description: string;
  params: JsonObject;
  update?: (scope: Scope, params: Record<string, unknown>, env: ActionEnv) => Context;
  emit?: (scope: Scope, params: Record<string, unknown>, env: ActionEnv) => JourneyEmitted[];
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
function messageText(scope: Scope, params: Record<string, unknown>): string {
  const found = params.from === undefined ? undefined : readScope(scope, params.from as string);
  return typeof found === 'string' && found !== '' ? found : interpolate(String(params.text ?? params.fallback ?? ''), params.with as Record<string, string>, scope);
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
export const actions: Record<string, ActionSpec> = {
  save: {
    description: 'store the submitted form data (or the value at `from`) at `to`',
    params: {
      type: 'object',
      required: ['to'],
      additionalProperties: false,
      properties: { to: writePointer, from: readPointer },
    },
    update: (scope, { to, from }) => write(scope.context, to as string, readScope(scope, (from as string) ?? '/event/data')),
  },
  assign: {
    description:
      'store the value at `from`, the literal `value`, or an `object` built key by key as a request is (an input map; a key whose value is missing is left out), at `to`',
    params: {
      type: 'object',
      required: ['to'],
      additionalProperties: false,
      properties: { to: writePointer, from: readPointer, value: {}, object: { type: 'object', minProperties: 1 } },
      oneOf: [{ required: ['from'] }, { required: ['value'] }, { required: ['object'] }],
    },
    update: (scope, params) => {
      if ('object' in params) return write(scope.context, params.to as string, evaluateInputMap(params.object as InputMap, scope));
      return write(scope.context, params.to as string, 'from' in params ? readScope(scope, params.from as string) : params.value);
    },
  },
  count: {
    description: 'add one to the counter at `at` (a retry counter, shown as n/3)',
    params: { type: 'object', required: ['at'], additionalProperties: false, properties: { at: writePointer } },
    update: (scope, { at }) => write(scope.context, at as string, Number(readScope(scope, at as string) ?? 0) + 1),
  },
  newId: {
    description: 'store a new random id (a UUID) at `to`: a sale gets one when it starts, sent as its order\'s Idempotency-Key',
    params: {
      type: 'object',
      required: ['to'],
      additionalProperties: false,
      properties: { to: writePointer },
    },
    update: (scope, { to }) => write(scope.context, to as string, globalThis.crypto.randomUUID()),
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
      const id = String(readScope(scope, key as string) ?? '');
      const current = (readScope(scope, at as string) as Record<string, unknown> | undefined) ?? {};
      const next =
        id in current
          ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== id))
          : { ...current, [id]: item === undefined ? true : (readScope(scope, item as string) ?? true) };
      return write(scope.context, at as string, next);
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
        fields: { type: 'object', minProperties: 1 },
      },
    },
    emit: (scope, { name, outcome, fields }, env) => [
      {
        type: 'track',
        journey: env.journey,
        name: name as string,
        ...(outcome ? { outcome: outcome as string } : {}),
        ...(fields ? { fields: evaluateInputMap(fields as InputMap, scope) } : {}),
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
      for (const at of (keep as string[] | undefined) ?? []) {
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
  wipeSession: {
    description: 'forget everything (logout, 401, session-integrity mismatch); the shell clears storage and cookie',
    params: { type: 'object', additionalProperties: false, properties: {} },
    update: (_scope, _params, env) => cloneJson(env.initialContext),
    emit: (_scope, _params, env) => [{ type: 'session.wiped', journey: env.journey }],
  },
};
