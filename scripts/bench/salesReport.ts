/**
 * `npm run bench:sales`: the sales report of a seller with 5,000 leads (issue 17, point 8), one
 * call at a time as the app makes it: signed, over HTTP to a sandbox in this process, the answer
 * sealed and opened. Each lead is padded to about 1.6 KB, the size of one the activation writes
 * (5,000 of them made the 8 MB answer of the unpaged report). Prints, per page asked for, the
 * median and 90th percentile time of a call and the size of its sealed answer.
 */
import type { SandboxDb } from '../../src/sandbox/database';
import { addLeads } from '../../tests/support/manyLeads';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';

const LEADS = 5000;
const RUNS = Number(process.env.BENCH_RUNS ?? 50);

const sandbox = await runningSandbox();
const db = sandbox.databases.get('sv') as SandboxDb;
// SV-POA-002 has no lead in the seed: the 5,000 are all theirs.
addLeads(db, { seller: 'SV-POA-002', count: LEADS, newest: new Date('2027-03-01T12:00:00Z'), prefix: 'L-BENCH' });
db.prepare("update leads set data = json_set(data, '$.actComments', ?) where seller_code = 'SV-POA-002'").run('x'.repeat(1500));

let sealedBytes = 0;
const api = sandbox.client({
  middleware: [
    {
      async onResponse({ response }) {
        sealedBytes = (await response.clone().arrayBuffer()).byteLength;
        return undefined;
      },
    },
  ],
});
const signedIn = await api.call('accessToken', { code: '135790', country: 'SV' });
if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.error.message}`);

const at = (sorted: number[], q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0).toFixed(1);

async function measure(page: Record<string, number>) {
  const times: number[] = [];
  // Three calls first: the statements prepared, the code warm.
  for (let i = 0; i < RUNS + 3; i += 1) {
    const start = performance.now();
    const outcome = await api.call('sales', { pin: '135790', ...page });
    if (!outcome.ok) throw new Error(`sales failed: ${outcome.error.message}`);
    if (i >= 3) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: at(times, 0.5), p90: at(times, 0.9), sealedBytes };
}

console.log(`sales of a seller with ${LEADS} leads, ${RUNS} calls each (ms):`);
for (const [name, page] of [
  ['first page (default: 20)', {}],
  ['last page of 20 (page 250)', { page: 250 }],
  ['a page of 100 (page 50, the last)', { page: 50, pageSize: 100 }],
] as const) {
  const { median, p90, sealedBytes: bytes } = await measure(page);
  console.log(`${name}: median ${median}, p90 ${p90}, sealed answer ${bytes} bytes`);
}
await sandbox.close();
