import type { ApiError } from './apiError';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { MAINTENANCE_STATUS } from './apiError';
import { createCallSigner, type CallKeyring, type PublishedKeys } from './callSigner';
import { callKey, operationsWithRole, operationWithRole, type OperationEntry, type OperationTable } from './operationTable';

/** Where the provider is and what the shell does when the session ends. */
/** A failed call, as error tracking records it. */
export interface CallFailure {
  error: ApiError;
  /** The operation's method and path pattern: `GET /customers/{documentType}/{id}/accounts`. */
  endpoint: string;
  /** The answer's body (none when there was no answer). */
  raw: unknown;
}

export interface ApiConfig {
  /** The provider's host (`API_BASE_URL`), or the sandbox's: `http://localhost:8787`. */
  baseUrl: string;
  /** The provider segment of the paths (`/v1/<provider>/...`). */
  provider?: string;
  /** A call without an answer after this long is a timeout (504). */
  timeoutMs?: number;
  /** Called on every 401: the shell wipes storage and the session and goes to `/`. */
  onUnauthorized?: () => void;
  /** Called when an answer's state is not the one its request sent (spec section 4): the shell
   * wipes the session and goes to `/`. */
  onIntegrityMismatch?: () => void;
  /** Called when the provider answers that it is in maintenance (MAINTENANCE_STATUS). */
  onMaintenance?: () => void;
  /** Called on every failed call (spec 8's error tracking record): which call, by its path
   * pattern (never a filled path: some carry a document number), the error, and the answer's
   * body as the provider sent it (the shell takes personal data out before it goes anywhere). */
  onCallFailed?: (failure: CallFailure) => void;
  /** Where the session's call keys are kept between page loads (memory when not given). */
  keyring?: CallKeyring;
  /** This device's clock, for the call identities (tests give a wrong one). */
  now?: () => number;
  /** More middleware, which sees requests before they are signed and answers once opened. */
  middleware?: Middleware[];
  /** Extra headers for every call (the sandbox's fault injection in tests). */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

/**
 * Any operation of any provider, as openapi-fetch's types describe one: the family clients are
 * made for every country alike, and each operation's own types come from the country's table
 * (src/api/operationTypes.ts) at the call.
 */
interface ProviderOperation {
  parameters: { query?: Record<string, unknown>; header?: Record<string, unknown>; path?: Record<string, unknown>; cookie?: Record<string, unknown> };
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string | number, { content?: Record<string, unknown> }>;
}

/** The methods an OpenAPI path item may have (openapi-fetch's `HttpMethod`). */
type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** Every path of a provider, with every method (openapi-fetch's own bound on a paths type). */
export type ProviderPaths = Record<string, Record<HttpMethod, ProviderOperation>>;

/** An API family's client: openapi-fetch's, with the session's middleware. */
export type FamilyClient = Client<ProviderPaths>;

/**
 * One client per API family of the country, all with the session cookie sent, and the
 * country's table of operations they were made for.
 */
export interface ApiClients<T extends OperationTable = OperationTable> {
  families: Readonly<Record<string, FamilyClient>>;
  /** The country's operations: family, method, path, where each input goes, and their types. */
  operations: T;
  /** Drops the session's call keys (logout, 401, mismatch, idle timeout). */
  forgetKeys(): Promise<void>;
  /** The provider's published keys (the operation marked `x-signing: publishes-keys`), asked
   * once for the signer and the PIN alike. */
  publicKeys(): Promise<PublishedKeys>;
}

/**
 * The typed clients of every API family of a country's table of operations (the build's
 * country's: `src/api/generated/<cc>/operations.ts`), sharing their middleware: every call
 * signed and its answer opened (callSigner) when the country's spec marks a key-publishing call
 * and a call that agrees keys (a sign-in, or a call that opens a customer's session), but the
 * key-publishing and public calls (`x-signing: public`), which go unsigned, a 401 or the maintenance answer told to the shell. Calls go through
 * `callOperation`, typed by the table: a country's generated table types each input and answer.
 *
 * @example
 * // `operations` of a country (src/api/generated/<cc>/operations.ts)
 * const api = createApiClients({ baseUrl: 'http://localhost:8787' }, operations);
 * const outcome = await callOperation(api, config, 'places'); // CallOutcome<{ places: Place[] }>, as its spec says
 */
export function createApiClients<T extends OperationTable>(config: ApiConfig, operations: T): ApiClients<T> {
  const baseUrl = `${config.baseUrl.replace(/\/$/, '')}/v1/${config.provider ?? 'telco'}`;
  const keys = operationWithRole(operations, 'publishes-keys');
  const calls = (entries: Array<[string, OperationEntry]>) => new Set(entries.map(([, op]) => callKey(op.method, op.path)));
  // Unsigned: the keys' call and every public one. New keys: the sign-in and every call that
  // opens a customer's session. Every other call: the session's keys.
  const unsigned = calls([...(keys ? [keys] : []), ...operationsWithRole(operations, 'public')]);
  const agreesKeys = calls([...operationsWithRole(operations, 'sign-in'), ...operationsWithRole(operations, 'open')]);
  const signer =
    keys && agreesKeys.size > 0
      ? createCallSigner({
          publicKeyUrl: `${baseUrl}${keys[1].path}`,
          unsigned,
          agreesKeys,
          fetch: config.fetch,
          keyring: config.keyring,
          onMismatch: () => config.onIntegrityMismatch?.(),
          now: config.now,
        })
      : undefined;
  const session: Middleware = {
    onResponse({ response }) {
      if (response.status === 401) config.onUnauthorized?.();
      if (response.status === MAINTENANCE_STATUS) config.onMaintenance?.();
      return undefined;
    },
  };
  const make = () => {
    const client = createClient<ProviderPaths>({
      baseUrl,
      credentials: 'include',
      headers: config.headers,
      ...(config.fetch ? { fetch: config.fetch } : {}),
    });
    // openapi-fetch runs onResponse last-added first: the signer opens the answer before `session` reads it.
    client.use(session, ...(config.middleware ?? []), ...(signer ? [signer.middleware] : []));
    return client;
  };
  const families = [...new Set(Object.values(operations).map((op) => op.family))];
  return {
    families: Object.fromEntries(families.map((family) => [family, make()])),
    operations,
    forgetKeys: async () => signer?.forget(),
    publicKeys: async () => {
      if (!signer) throw new Error('this country publishes no keys (no operation marked x-signing: publishes-keys)');
      return signer.publishedKeys();
    },
  };
}
