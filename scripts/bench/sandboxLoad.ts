/**
 * `npm run bench:sandbox`: the sandbox under load from a second process on loopback.
 * Starts the sandbox as its own process (a throwaway database), signs in, then drives it
 * with autocannon (50 connections, 20 s by default; BENCH_SECONDS to change) with a mix of
 * coverage checks, product lists and sales reports. Reports requests per second, p50/p99
 * latency and every answer that is not a 2xx: none is expected (nothing is injected).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

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
  const signIn = await fetch(`${base}/sv/accesstoken`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: '2580', country: 'SV' }) });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const json = { 'content-type': 'application/json', cookie };
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 50,
    duration: Number(process.env.BENCH_SECONDS ?? 20),
    requests: [
      { method: 'GET', path: '/v1/telco/sv/get-coverage?latitude=13.697366&longitude=-89.192282', headers: json },
      { method: 'POST', path: '/v1/telco/sv/products?node=N-SS-CEN-01', headers: json, body: JSON.stringify({ nodeClass: '10' }) },
      { method: 'POST', path: '/v1/telco/sv/sales', headers: json, body: JSON.stringify({ pin: '2580' }) },
    ],
  });
  const errors = result.non2xx + result.errors + result.timeouts;
  console.log(`sandbox under load: 50 connections, ${result.duration} s, mix of checkCoverage, products, sales`);
  console.log(`  requests/s  ${result.requests.average.toFixed(0)}`);
  console.log(`  latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  console.log(`  answers that were not 2xx: ${result.non2xx}; connection errors: ${result.errors}; timeouts: ${result.timeouts}`);
  process.exitCode = errors > 0 ? 1 : 0;
} finally {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
