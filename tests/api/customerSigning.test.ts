/**
 * The api layer signs per operation (issue 33), against a real sandbox serving the
 * customer-facing test country (tests/fixtures/packs/zc): a public call (`x-signing: public`)
 * leaves unsigned and its answer is read as it comes; a call that opens a customer's session
 * (`x-session: open`) agrees new call keys as the sign-in does (`x-client-key`), and the next
 * private call is signed with them and its sealed answer opened.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTableOf } from '../../src/build/apiTypes';
import { loadCountryOperations } from '../../src/openapi/countryOperations';
import { countryApis } from '../../src/sandbox/countryApis';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { signedHttpClient } from '../../src/tools/sandbox/signedHttpClient';

const PACK = resolve('tests/fixtures/packs/zc');
const table = operationTableOf(loadCountryOperations('zc', join(PACK, 'openapi')));

let sandbox: Sandbox;
let address: string;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'customer-signing-'));
  sandbox = await createSandbox({ db: join(dir, 'sandbox.db'), mode: 'test', countries: countryApis(join(PACK, 'openapi'), join(PACK, 'seed')), country: 'zc' });
  address = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await sandbox.app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('signing per operation', () => {
  it('sends a public call unsigned, agrees keys with a call that opens a session, and signs the next private call with them', async () => {
    const http = signedHttpClient(address, { timeoutMs: 10_000 });
    const wire: Array<{ request: Request; response: Response }> = [];
    const recording = Object.assign(
      async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        const response = await http.fetch(request.clone());
        wire.push({ request, response: response.clone() });
        return response;
      },
      { cookies: http.fetch.cookies },
    );
    const client = http.countryClient(table, { fetch: recording });
    const sent = (path: string) => wire.filter((each) => new URL(each.request.url).pathname.endsWith(path));

    // The public call: no keys asked, nothing signed, its answer in clear.
    expect(await client.call('leadToCall', { firstName: 'Ana', phone: '88001122', preferredTime: 'AM' })).toMatchObject({ ok: true, data: { ticket: expect.any(String) } });
    const [publicCall] = sent('/zc/call-requests');
    expect(publicCall?.request.headers.get('x-signature')).toBeNull();
    expect(publicCall?.response.headers.get('x-sealed')).toBeNull();
    expect(sent('/zc/public-key')).toHaveLength(0);
    expect(await http.keyring.load()).toBeUndefined();

    // The call that opens the customer's session: the keys asked, new keys agreed and sent, the answer sealed.
    const opened = await client.call('registerClient', { documentType: 'CIZ', documentNumber: '555000888', firstName: 'Ana', lastName: 'Mora', phone: '88001122', email: 'ana@example.com' });
    expect(opened).toMatchObject({ ok: true, data: { existing: 'none' } });
    const [open] = sent('/zc/clients');
    expect(open?.request.headers.get('x-client-key')).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(open?.request.headers.get('x-signature')).not.toBeNull();
    expect(open?.response.headers.get('x-sealed')).toBe('v1');
    expect(await open?.response.clone().text()).not.toContain('existing');
    const keys = await http.keyring.load();
    expect(keys).toBeDefined();

    // The next private call: signed with the session's keys (no new ones), its sealed answer opened.
    const leadId = (opened.ok ? opened.data : {}) as { leadId: string };
    expect(await client.call('customerLead', { leadId: leadId.leadId })).toMatchObject({ ok: true, data: { firstName: 'Ana' } });
    const read = wire.at(-1);
    expect(read?.request.headers.get('x-signature')).not.toBeNull();
    expect(read?.request.headers.get('x-client-key')).toBeNull();
    expect(read?.response.headers.get('x-sealed')).toBe('v1');
    expect(await http.keyring.load()).toBe(keys);
  });
});
