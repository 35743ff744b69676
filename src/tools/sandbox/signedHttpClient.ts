import { createApiClients, type ApiConfig } from '../../api/apiClients';
import { memoryKeyring } from '../../api/callSigner';
import { callOperation, type CallInput } from '../../api/callOperation';
import { operations, type OperationId } from '../../api/generated/sv/operations';
import { cookieFetch } from './cookieFetch';

/**
 * A Node client of a sandbox reached over real HTTP at `baseUrl` (this process's or another's):
 * the app's own API clients, so every call is signed and every answer opened by the app's signer
 * (src/api/callSigner.ts, spec section 7), with one cookie jar and one keyring for the session,
 * as a browser's. `client(extra)` makes more clients of the same session (a fault header, a
 * longer timeout); make them after signing in (a signer reads the keyring once). `defaults` are
 * every client's settings (a timeout, what to do on a 401).
 *
 * @example
 * const seller = signedHttpClient(sandbox.address);
 * await seller.signIn();
 * const order = await seller.api.call('activation', { 'Idempotency-Key': 'order-1234', ...sampleOrder() });
 */
export function signedHttpClient(baseUrl: string, defaults: Partial<ApiConfig> = {}) {
  const fetch = cookieFetch();
  const keyring = memoryKeyring();
  const configOf = (extra: Partial<ApiConfig>): ApiConfig => ({ baseUrl, fetch, keyring, timeoutMs: 10_000, ...defaults, ...extra });
  const client = (extra: Partial<ApiConfig> = {}) => {
    const config = configOf(extra);
    const clients = createApiClients(config, operations);
    return { clients, config, call: (operationId: OperationId, input?: CallInput) => callOperation(clients, config, operationId, input) };
  };
  /** A client of another country's operations (its table from src/api/generated/<cc>/operations.ts), on the same session. */
  const countryClient = (table: Parameters<typeof createApiClients>[1], extra: Partial<ApiConfig> = {}) => {
    const config = configOf(extra);
    const clients = createApiClients(config, table);
    return { clients, config, call: (operationId: string, input?: CallInput) => callOperation(clients, config, operationId, input) };
  };
  const api = client();
  return { fetch, keyring, client, countryClient, api, signIn: (pin = '2580') => api.call('accessToken', { code: pin, country: 'SV' }) };
}
