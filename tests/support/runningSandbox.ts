import { createApiClients, type ApiConfig } from '../../src/api/apiClients';
import { memoryKeyring } from '../../src/api/callSigner';
import { callOperation, type CallInput } from '../../src/api/callOperation';
import { operations, type OperationId } from '../../src/api/generated/sv/operations';
import { createSandbox, type SandboxOptions } from '../../src/sandbox/server';
import { cookieFetch } from './cookieFetch';

/**
 * A sandbox listening on a free loopback port, and a client of it that keeps the session
 * cookie and call keys like a browser: what the contract and catalogue tests call through.
 */
export async function runningSandbox({ port = 0, ...options }: SandboxOptions & { port?: number } = {}) {
  const sandbox = await createSandbox({ db: ':memory:', mode: 'test', ...options });
  const address = await sandbox.app.listen({ port, host: '127.0.0.1' });
  const fetch = cookieFetch();
  // The session is its cookie and its call keys: every client made here shares both, as the
  // app's clients share the browser's cookie jar and keyring.
  const keyring = memoryKeyring();
  const unauthorized: number[] = [];
  const maintenance: number[] = [];
  const client = (extra: Partial<ApiConfig> = {}) => {
    const config: ApiConfig = { baseUrl: address, fetch, keyring, timeoutMs: 5_000, onUnauthorized: () => unauthorized.push(Date.now()), onMaintenance: () => maintenance.push(Date.now()), ...extra };
    const clients = createApiClients(config, operations);
    return { clients, config, call: (operationId: OperationId, input?: CallInput) => callOperation(clients, config, operationId, input) };
  };
  /** A client of another country's operations (its table from src/api/generated/<cc>/operations.ts), on the same session. */
  const countryClient = (table: Parameters<typeof createApiClients>[1]) => {
    const config: ApiConfig = { baseUrl: address, fetch, keyring, timeoutMs: 5_000, onUnauthorized: () => unauthorized.push(Date.now()), onMaintenance: () => maintenance.push(Date.now()) };
    const clients = createApiClients(config, table);
    return { clients, config, call: (operationId: string, input?: CallInput) => callOperation(clients, config, operationId as never, input) };
  };
  const api = client();
  const signIn = async (pin = '2580') => api.call('accessToken', { code: pin, country: 'SV' });
  return { ...sandbox, address, fetch, keyring, client, countryClient, api, signIn, unauthorized, maintenance, close: () => sandbox.app.close() };
}
