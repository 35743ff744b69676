import type { OperationEntry } from './operationTable';

/**
 * A failed provider call, as the journey sees it (`/event/error` in a journey file): never a
 * thrown string, always this shape, with the Spanish message of spec section 8.
 */
export interface ApiError {
  /** `http`: the provider answered with an error status; `code`: a 200 whose body has a `code`;
   * `network`: no answer (offline, timeout, unreadable body); `integrity`: an answer whose state is
   * not the one its request sent (the session is wiped, spec section 4); `maintenance`: the
   * provider is in maintenance (the shell shows the maintenance step); `contract`: a success whose
   * body is not what the reader of the answer (a widget) may read: the provider broke its spec. */
  kind: 'http' | 'code' | 'network' | 'integrity' | 'maintenance' | 'contract';
  /** The HTTP status (504 for a timeout, 0 when there was no answer at all, 200 for a success
   * whose body broke the contract). */
  status: number;
  /** The provider's error code, when it gives one. */
  code?: string;
  /** What the agent is shown. */
  message: string;
  /** Which call failed (for error tracking; never personal data). */
  operationId: string;
}

export const MESSAGES = {
  generic: 'Algo salió mal, por favor intente después de algún tiempo.',
  unauthorized: 'No autorizado',
  forbidden: 'El app no cuenta con acceso para utilizar el api',
  notFound: 'No hay resultados',
  server: 'Error de servidor interno',
  noDocuments: 'No se encontro documentos para ese cliente',
} as const;

/**
 * The provider's maintenance answer: 503 Service Unavailable, HTTP's word for "down for
 * maintenance". The spec has a maintenance page (the journey's maintenance step) but not the answer that leads
 * there (docs/spec-choices.md). The shell takes the agent to the maintenance step on it; the
 * journey still sees a 5xx error with section 8's message.
 */
export const MAINTENANCE_STATUS = 503;

type Body = Record<string, unknown> | string | undefined;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const first = (list: unknown): Record<string, unknown> | undefined =>
  Array.isArray(list) && list[0] && typeof list[0] === 'object' ? (list[0] as Record<string, unknown>) : undefined;

/** The message of a 400 (section 8), looked for where providers put it, in that order. */
export function badRequestMessage(body: Body): string {
  if (typeof body === 'string') return text(body) ?? MESSAGES.generic;
  const error = body?.error as Record<string, unknown> | undefined;
  return (
    text(first(body?.errors)?.message) ??
    text(first(error?.errors)?.message) ??
    text(error?.message) ??
    text(first(body?.status)?.errorDetails) ??
    MESSAGES.generic
  );
}

/** What an answer means for the journey: data (possibly none), or an error. */
export type CallOutcome<T> = { ok: true; data: T | null } | { ok: false; error: ApiError };

/**
 * Turns a provider's answer into the behaviour of spec section 8 and 7.1. `notFound`: what the
 * operation's spec says its 404 means (`x-not-found`, carried in its table entry): a quiet empty
 * result, an error in its own words, or (none) section 8's "No hay resultados".
 *
 * @example interpretAnswer('orderCreate', 504, undefined) // { ok: false, error: { kind: 'http', status: 504, message: 'Error de servidor interno', ... } }
 */
export function interpretAnswer<T>(operationId: string, status: number, body: Body, notFound?: OperationEntry['notFound']): CallOutcome<T> {
  const fail = (message: string, kind: ApiError['kind'] = 'http', code?: string): CallOutcome<T> => ({
    ok: false,
    error: { kind, status, message, operationId, ...(code ? { code } : {}) },
  });
  const providerCode = (b: Body) => (b && typeof b === 'object' ? text(first(b.errors)?.code) ?? text(b.code) : undefined);
  if (status >= 200 && status < 300) {
    if (body && typeof body === 'object' && 'code' in body && body.code !== undefined && body.code !== null) {
      // "No se encontro documentos para ese cliente" is the client check's way to say "new client".
      if (text(body.message) === MESSAGES.noDocuments) return { ok: true, data: null };
      return fail(text(body.message) ?? MESSAGES.generic, 'code', String(body.code));
    }
    return { ok: true, data: (body ?? null) as T | null };
  }
  // A refusal the provider words: a bad request, a conflict with the resource's state (a lead
  // already settled), or a request understood and declined (an agreement refused).
  if (status === 400 || status === 409 || status === 422) {
    const message = badRequestMessage(body);
    if (message === MESSAGES.noDocuments) return { ok: true, data: null };
    return fail(message, 'http', providerCode(body));
  }
  if (status === 401) return fail(MESSAGES.unauthorized);
  if (status === 403) return fail(MESSAGES.forbidden);
  if (status === 404) {
    if (notFound === 'quiet') return { ok: true, data: null };
    return fail(notFound?.message ?? MESSAGES.notFound);
  }
  if (status === MAINTENANCE_STATUS) return fail(MESSAGES.server, 'maintenance', providerCode(body));
  if (status === 412 || status >= 500) return fail(MESSAGES.server, 'http', providerCode(body));
  return fail(typeof body === 'string' ? text(body) ?? MESSAGES.server : MESSAGES.server);
}
