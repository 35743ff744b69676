import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { MAINTENANCE_STATUS } from './apiError';
import { createCallSigner, type CallKeyring, type PublishedKeys } from './callSigner';
import { operationWithRole, type OperationTable } from './operationTable';

/** Where the provider is and what the shell does when the session ends. */
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

/** Each API family's paths type, by family (`FamilyPaths` of `generated/<cc>/operations`). */
// openapi-fetch's own bound on a paths type is `{}`.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type FamiliesPaths = Record<string, {}>;

/**
 * One typed client per API family of the country, all with the session cookie sent, and the
 * country's table of operations they were made for.
 */
export interface ApiClients<P extends FamiliesPaths = FamiliesPaths, T extends OperationTable = OperationTable> {
  families: { [F in keyof P]: Client<P[F]> };
  /** The country's operations: family, method, path, where each input goes. */
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
 * signed and its answer opened (callSigner) when the country's spec marks a key-publishing and
 * a sign-in operation, a 401 or the maintenance answer told to the shell. Give the country's `FamilyPaths` to type
 * each family's client.
 *
 * @example
 * // `operations` and `FamilyPaths` of the build's country (src/api/generated/<cc>/operations.ts)
 * const api = createApiClients<FamilyPaths, typeof operations>({ baseUrl: 'http://localhost:8787' }, operations);
 * const { data } = await api.families.locations.GET(operations.departments.path);
 */
export function createApiClients<P extends FamiliesPaths = FamiliesPaths, T extends OperationTable = OperationTable>(config: ApiConfig, operations: T): ApiClients<P, T> {
  const baseUrl = `${config.baseUrl.replace(/\/$/, '')}/v1/${config.provider ?? 'telco'}`;
  const keys = operationWithRole(operations, 'publishes-keys');
  const signIn = operationWithRole(operations, 'sign-in');
  const signer =
    keys && signIn
      ? createCallSigner({
          publicKeyUrl: `${baseUrl}${keys[1].path}`,
          unsignedPath: keys[1].path,
          signInPath: signIn[1].path,
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
    const client = createClient({
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
    families: Object.fromEntries(families.map((family) => [family, make()])) as { [F in keyof P]: Client<P[F]> },
    operations,
    forgetKeys: async () => signer?.forget(),
    publicKeys: async () => {
      if (!signer) throw new Error('this country publishes no keys (no operation marked x-signing: publishes-keys)');
      return signer.publishedKeys();
    },
  };
}
