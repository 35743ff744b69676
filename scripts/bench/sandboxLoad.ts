/**
 * `npm run bench:sandbox`: the sandbox under load from a second process on loopback.
 * Starts the sandbox as its own process (a throwaway database), signs in, signs a pool of
 * requests ahead with the client's own signer (each nonce may be used once, and autocannon
 * cannot sign as it goes), then sends them with autocannon (50 connections; BENCH_REQUESTS,
 * 20 000 by default): a mix of coverage checks, product lists and sales reports. Reports
 * requests per second, p50/p99 latency (signature checks and sealed answers included) and every
 * answer that is not a 2xx: none is expected (nothing is injected).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createApiClients } from '../../src/api/apiClients';
import { callKey } from '../../src/api/operationTable';
import { operations } from '../../src/api/generated/sv/operations';
import { callOperation } from '../../src/api/callOperation';
import { createCallSigner, memoryKeyring } from '../../src/api/callSigner';

const port = 18000 + Math.floor(Math.random() * 1000);
const dir = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/sandbox.ts'], {
  env: { ...process.env, PORT: String(port), SANDBOX_DB: join(dir, 'bench.db'), SANDBOX_MODE: 'test' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = `http://127.0.0.1:${port}/v1/telco`;
try {
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => (String(chunk).includes('sandbox (') ? resolve() : undefined));
    server.on('exit', (code) => reject(new Error(`sandbox exited with ${String(code)}`)));
  });
  const keyring = memoryKeyring();
  let cookie = '';
  const config = {
    baseUrl: `http://127.0.0.1:${port}`,
    keyring,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (cookie) request.headers.set('cookie', cookie);
      const response = await fetch(request);
      cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] || cookie;
      return response;
    },
  };
  const signedIn = await callOperation(createApiClients(config, operations), config, 'accessToken', { code: '2580', country: 'SV' });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.error.message}`);

  const signer = createCallSigner({ publicKeyUrl: `${base}${operations.publicKey.path}`, unsigned: new Set([callKey(operations.publicKey.method, operations.publicKey.path)]), agreesKeys: new Set([callKey(operations.accessToken.method, operations.accessToken.path)]), keyring });
  const kinds = [
    { method: 'GET', schemaPath: '/sv/get-coverage', path: '/sv/get-coverage?latitude=13.697366&longitude=-89.192282' },
    { method: 'POST', schemaPath: '/sv/products', path: '/sv/products?node=N-SS-CEN-01', body: JSON.stringify({ nodeClass: '10' }) },
    { method: 'POST', schemaPath: '/sv/sales', path: '/sv/sales', body: JSON.stringify({ pin: '2580' }) },
  ];
  const amount = Number(process.env.BENCH_REQUESTS ?? 20_000);
  const pool: Array<{ method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string }> = [];
  for (let i = 0; i < amount; i++) {
    const kind = kinds[i % kinds.length] ?? kinds[0];
    if (!kind) break;
    const request = new Request(`${base}${kind.path}`, { method: kind.method, headers: kind.body ? { 'content-type': 'application/json' } : {}, body: kind.body });
    const signed = (await signer.middleware.onRequest?.({ request, schemaPath: kind.schemaPath, params: {}, options: {} as never, id: String(i) })) as Request;
    const headers: Record<string, string> = { cookie };
    signed.headers.forEach((value, name) => (headers[name] = value));
    pool.push({ method: kind.method as 'GET' | 'POST', path: new URL(signed.url).pathname + new URL(signed.url).search, headers, body: kind.body });
  }
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 50,
    amount,
    requests: [{ setupRequest: (request) => ({ ...request, ...pool[next++ % pool.length] }) }],
  });
  const errors = result.non2xx + result.errors + result.timeouts;
  console.log(`sandbox under load: 50 connections, ${amount} signed requests in ${result.duration} s, mix of checkCoverage, products, sales`);
  console.log(`  requests/s  ${result.requests.average.toFixed(0)}`);
  console.log(`  latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  console.log(`  answers that were not 2xx: ${result.non2xx}; connection errors: ${result.errors}; timeouts: ${result.timeouts}`);
  process.exitCode = errors > 0 ? 1 : 0;
} finally {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
