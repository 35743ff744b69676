import { createSandbox, type SandboxOptions } from '../../sandbox/server';
import { signedHttpClient } from './signedHttpClient';

/**
 * A sandbox listening on a free loopback port, and a client of it that keeps the session
 * cookie and call keys like a browser: what the contract and catalogue tests call through.
 */
export async function runningSandbox({ port = 0, ...options }: SandboxOptions & { port?: number } = {}) {
  const sandbox = await createSandbox({ db: ':memory:', mode: 'test', ...options });
  const address = await sandbox.app.listen({ port, host: '127.0.0.1' });
  const unauthorized: number[] = [];
  const maintenance: number[] = [];
  const { fetch, keyring, client, countryClient, api, signIn } = signedHttpClient(address, {
    timeoutMs: 5_000,
    onUnauthorized: () => unauthorized.push(Date.now()),
    onMaintenance: () => maintenance.push(Date.now()),
  });
  return { ...sandbox, address, fetch, keyring, client, countryClient, api, signIn, unauthorized, maintenance, close: () => sandbox.app.close() };
}
