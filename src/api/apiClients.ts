import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths as ActivatorPaths } from './generated/activator';
import type { paths as AuthPaths } from './generated/auth';
import type { paths as CatalogPaths } from './generated/catalog';
import type { paths as ContentPaths } from './generated/content';
import type { paths as CoveragePaths } from './generated/coverage';
import type { paths as CustomersPaths } from './generated/customers';
import type { paths as FieldServicesPaths } from './generated/fieldServices';
import type { paths as LocationsPaths } from './generated/locations';
import type { paths as RegistrationPaths } from './generated/registration';
import type { paths as SalesPaths } from './generated/sales';
import { MAINTENANCE_STATUS } from './apiError';
import { createCallSigner, type CallKeyring, type PublishedKeys } from './callSigner';

/** Where the provider is and what the shell does when the session ends. */
export interface ApiConfig {
  /** The provider's host (`API_BASE_URL`), or the sandbox's: `http://localhost:8787`. */
  baseUrl: string;
  /** The provider segment of the paths (`/v1/<provider>/sv/...`). */
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

/** One typed client per API family, all with the session cookie sent. */
export interface ApiClients {
  activator: Client<ActivatorPaths>;
  auth: Client<AuthPaths>;
  catalog: Client<CatalogPaths>;
  content: Client<ContentPaths>;
  coverage: Client<CoveragePaths>;
  customers: Client<CustomersPaths>;
  fieldServices: Client<FieldServicesPaths>;
  locations: Client<LocationsPaths>;
  registration: Client<RegistrationPaths>;
  sales: Client<SalesPaths>;
  /** Drops the session's call keys (logout, 401, mismatch, idle timeout). */
  forgetKeys(): Promise<void>;
  /** The provider's published keys (`publicKey`), asked once for the signer and the PIN alike. */
  publicKeys(): Promise<PublishedKeys>;
}

/**
 * The typed clients of every API family, sharing their middleware: every call signed and its
 * answer opened (callSigner), and a 401 or the maintenance answer told to the shell.
 *
 * @example
 * const api = createApiClients({ baseUrl: 'http://localhost:8787' });
 * const { data } = await api.locations.GET('/sv/departments');
 */
export function createApiClients(config: ApiConfig): ApiClients {
  const baseUrl = `${config.baseUrl.replace(/\/$/, '')}/v1/${config.provider ?? 'telco'}`;
  const signer = createCallSigner({
    publicKeyUrl: `${baseUrl}/sv/public-key`,
    fetch: config.fetch,
    keyring: config.keyring,
    onMismatch: () => config.onIntegrityMismatch?.(),
    now: config.now,
  });
  const session: Middleware = {
    onResponse({ response }) {
      if (response.status === 401) config.onUnauthorized?.();
      if (response.status === MAINTENANCE_STATUS) config.onMaintenance?.();
      return undefined;
    },
  };
  // openapi-fetch's own bound on a paths type is `{}`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  const make = <P extends {}>(): Client<P> => {
    const client = createClient<P>({
      baseUrl,
      credentials: 'include',
      headers: config.headers,
      ...(config.fetch ? { fetch: config.fetch } : {}),
    });
    // openapi-fetch runs onResponse last-added first: the signer opens the answer before `session` reads it.
    client.use(session, ...(config.middleware ?? []), signer.middleware);
    return client;
  };
  return {
    activator: make<ActivatorPaths>(),
    auth: make<AuthPaths>(),
    catalog: make<CatalogPaths>(),
    content: make<ContentPaths>(),
    coverage: make<CoveragePaths>(),
    customers: make<CustomersPaths>(),
    fieldServices: make<FieldServicesPaths>(),
    locations: make<LocationsPaths>(),
    registration: make<RegistrationPaths>(),
    sales: make<SalesPaths>(),
    forgetKeys: () => signer.forget(),
    publicKeys: () => signer.publishedKeys(),
  };
}
