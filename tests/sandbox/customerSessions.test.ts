/**
 * Sessions with an owner (issue 33), through a real sandbox (HTTP on loopback over a SQLite
 * file) serving the customer-facing test country (tests/fixtures/packs/zc): a customer's session,
 * opened by an `x-session: open` call, reaches its own lead and nothing else (another's lead by
 * id, by a changed path or body value, by a captured signed request sent again; the agent's
 * report and seller); only a call its spec marks `x-signing: public` is taken unsigned, and its
 * answer carries nothing of the seed's people; the agent's sign-in goes on beside it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTableOf } from '../../src/build/apiTypes';
import { loadCountryOperations } from '../../src/openapi/countryOperations';
import { countryApis } from '../../src/sandbox/countryApis';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { signedHttpClient } from '../../src/tools/sandbox/signedHttpClient';

const PACK = resolve('tests/fixtures/packs/zc');
const zc = countryApis(join(PACK, 'openapi'), join(PACK, 'seed'))[0];
const operations = loadCountryOperations('zc', join(PACK, 'openapi'));
const table = operationTableOf(operations);
const pathOf = (id: string) => `/v1/telco${table[id]?.path ?? ''}`;

/** Every value of the seed's people (sellers, customers, leads): none may come back from a public call. */
const seedValues = (() => {
  const values: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    else if (typeof value === 'string' && value.length >= 4) values.push(value);
  };
  walk(JSON.parse(readFileSync(join(PACK, 'seed/zc/people.json'), 'utf8')));
  return values;
})();

/** A customer's lead registered below, for the agent's test (the address's registrations are counted: at most 10). */
let someLead = '';

const FORM = { documentType: 'CIZ', firstName: 'Lucía', lastName: 'Mora', phone: '88112233', email: 'lucia.mora@example.com' };

let sandbox: Sandbox;
let address: string;
let dir: string;
beforeAll(async () => {
  if (!zc) throw new Error('the zc pack has no openapi/zc');
  dir = mkdtempSync(join(tmpdir(), 'customer-sessions-'));
  sandbox = await createSandbox({ db: join(dir, 'sandbox.db'), mode: 'test', countries: [zc], country: 'zc' });
  address = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await sandbox.app.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A customer's phone: the app's own client (signed, answers opened), its cookie jar, and every request as it left. */
function customer() {
  const http = signedHttpClient(address, { timeoutMs: 10_000 });
  const sent: Request[] = [];
  const wire = Object.assign(
    async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      sent.push(request.clone());
      return http.fetch(request);
    },
    { cookies: http.fetch.cookies },
  );
  const client = http.countryClient(table, { fetch: wire });
  const cookie = () => [...http.fetch.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return { call: client.call, sent, cookie, http };
}

/** A customer who registered from the form with a document; its lead, uid and session. */
async function registered(documentNumber: string) {
  const phone = customer();
  const outcome = await phone.call('registerClient', { ...FORM, documentNumber });
  if (!outcome.ok) throw new Error(`registerClient: ${JSON.stringify(outcome)}`);
  return { ...phone, ...(outcome.data as { leadId: string; uid: string; existing: string }) };
}

/** A request as it was captured, sent with another cookie (or the same), or to another URL with its headers. */
function resent(request: Request, cookie: string, url = request.url): Request {
  const headers = new Headers(request.headers);
  headers.set('cookie', cookie);
  return new Request(url, { method: request.method, headers, body: request.method === 'GET' ? undefined : request.clone().body, duplex: 'half' } as RequestInit);
}

/** A request written by hand (never signed), with the cookie given. */
async function unsigned(id: string, body: unknown, cookie = '', path = pathOf(id)) {
  const method = table[id]?.method.toUpperCase() ?? 'GET';
  const response = await fetch(`${address}${path}`, { method, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, ...(method === 'GET' ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

describe('a public call (x-signing: public)', () => {
  it('is sent unsigned, answered unsealed, and its answer holds nothing of the seed people nor of what was sent', async () => {
    const phone = customer();
    const outcome = await phone.call('leadToCall', { firstName: 'Carla', phone: '88877766', preferredTime: 'AM' });
    expect(outcome).toMatchObject({ ok: true, data: { ticket: expect.stringMatching(/^T-[\w-]{12}$/) } });
    const request = phone.sent.at(-1) as Request;
    expect(request.headers.get('x-signature')).toBeNull();
    expect(request.headers.get('x-client-key')).toBeNull();
    // On the wire, as anyone between sees it.
    const raw = await unsigned('leadToCall', { firstName: 'Carla', phone: '88877766', preferredTime: 'PM' });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('x-sealed')).toBeNull();
    expect(Object.keys(JSON.parse(raw.text) as object)).toEqual(['ticket']);
    for (const value of [...seedValues, 'Carla', '88877766']) expect(raw.text).not.toContain(value);
  });
});

describe('an unsigned call', () => {
  it('is taken only where the spec marks x-signing: public (and by the key-publishing call); every other is 401 UNSIGNED', async () => {
    const lucia = await registered('555666777');
    expect((await unsigned('publicKey', undefined)).status).toBe(200);
    expect((await unsigned('leadToCall', { firstName: 'Ana', phone: '88001122', preferredTime: 'AM' })).status).toBe(200);
    const refusals = {
      registerClient: await unsigned('registerClient', { ...FORM, documentNumber: '555666778' }),
      resumeLead: await unsigned('resumeLead', { uid: lucia.uid }),
      accessToken: await unsigned('accessToken', { code: '6543', country: 'ZC' }),
      customerLead: await unsigned('customerLead', undefined, lucia.cookie(), pathOf('customerLead').replace('{leadId}', lucia.leadId)),
      saveLeadStep: await unsigned('saveLeadStep', { leadId: lucia.leadId, step: 'offers' }, lucia.cookie()),
    };
    for (const [id, answer] of Object.entries(refusals)) {
      expect({ id, status: answer.status, code: (JSON.parse(answer.text) as { errors: Array<{ code: string }> }).errors[0]?.code }).toEqual({ id, status: 401, code: 'UNSIGNED' });
    }
  });
});

describe("a customer's session (x-session: open)", () => {
  it('is opened by the public form, told what the provider knows of the document, and reads its own lead', async () => {
    const answers = await Promise.all(['100200300', '100200400', '123', '555666779'].map(registered));
    expect(answers.map((a) => a.existing)).toEqual(['client', 'debt', 'invalid', 'none']);
    const failing = await customer().call('registerClient', { ...FORM, documentNumber: '100200999' });
    expect(failing).toMatchObject({ ok: false, error: { status: 500 } });
    const own = answers[0] as Awaited<ReturnType<typeof registered>>;
    someLead = own.leadId;
    expect(own.leadId).toMatch(/^LC-[\w-]{12}$/);
    expect(own.uid).toMatch(/^[\w-]{22}$/);
    expect(await own.call('customerLead', { leadId: own.leadId })).toMatchObject({ ok: true, data: { leadId: own.leadId, step: 'registered', firstName: 'Lucía', documentNumber: '100200300' } });
  });

  it("cannot read or write another customer's lead: by its id, a changed body value, a changed path value, a captured request sent again", async () => {
    const ana = await registered('555000111');
    const beto = await registered('555000222');
    // By id, and by a body value.
    expect(await ana.call('customerLead', { leadId: beto.leadId })).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await ana.call('saveLeadStep', { leadId: beto.leadId, step: 'offers' })).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await beto.call('customerLead', { leadId: beto.leadId })).toMatchObject({ ok: true, data: { step: 'registered' } });
    expect(await ana.call('saveLeadStep', { leadId: ana.leadId, step: 'offers' })).toMatchObject({ ok: true, data: { step: 'offers' } });
    // Beto's signed request, captured on the wire.
    const captured = beto.sent.at(-1) as Request;
    expect(new URL(captured.url).pathname).not.toContain(beto.leadId); // path values travel sealed
    // Sent again from Ana's session: it was signed with Beto's keys, which are not Ana's session's.
    const replayedByAna = await fetch(resent(captured, ana.cookie()));
    expect(replayedByAna.status).toBe(401);
    expect(await replayedByAna.text()).not.toContain('Lucía');
    // Sent again as it was (Beto's cookie too): a second copy is refused.
    expect((await fetch(resent(captured, beto.cookie()))).status).toBe(409);
    // Ana's own signed request with Beto's sealed path value put in: the signature no longer holds.
    await ana.call('customerLead', { leadId: ana.leadId });
    const anas = ana.sent.at(-1) as Request;
    expect((await fetch(resent(anas, ana.cookie(), captured.url))).status).toBe(401);
  });

  it("never reaches an agent's data: the sales report and the seller are 401, nothing of them is answered, and the session goes on", async () => {
    const carla = await registered('555000333');
    for (const [id, input] of [
      ['sales', { pin: '6543' }],
      ['salesPersonDetails', { password: '6543' }],
    ] as const) {
      const outcome = await carla.call(id, input);
      expect(outcome).toMatchObject({ ok: false, error: { status: 401 } });
      expect(JSON.stringify(outcome)).not.toMatch(/Marcela|ZC-POA-001|88800001|Zacarías/);
    }
    expect(await carla.call('customerLead', { leadId: carla.leadId })).toMatchObject({ ok: true });
  });

  it('is opened again by the uid of its link (another phone), for that lead only; an unknown uid is a 404', async () => {
    const dora = await registered('555000444');
    const eva = await registered('555000555');
    const link = customer();
    expect(await link.call('resumeLead', { uid: dora.uid })).toMatchObject({ ok: true, data: { leadId: dora.leadId, step: 'registered' } });
    expect(await link.call('customerLead', { leadId: dora.leadId })).toMatchObject({ ok: true, data: { documentNumber: '555000444' } });
    expect(await link.call('customerLead', { leadId: eva.leadId })).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await customer().call('resumeLead', { uid: 'AAAAAAAAAAAAAAAAAAAAAA' })).toMatchObject({ ok: false, error: { status: 404 } });
    // The uid is not kept in the database as it is: a copy of the file resumes nothing.
    const db = sandbox.databases.get('zc');
    expect(JSON.stringify(db?.prepare('select * from lead_uids').all())).not.toContain(dora.uid);
    expect(JSON.stringify(db?.prepare('select data from leads').all())).not.toContain(dora.uid);
  });
});


describe('one address', () => {
  it('registers at most 10 leads an hour (each tells whether a document is a client): then 429 with the wait; a public call, 5', async () => {
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 11 && !refused; i++) {
      const response = await customer().call('registerClient', { ...FORM, documentNumber: `5551112${String(i).padStart(2, '0')}` });
      statuses.push(response.ok ? 200 : response.error.status);
      if (!response.ok && response.error.status === 429) refused = new Response();
    }
    expect(statuses.at(-1)).toBe(429);
    const raw = await unsigned('leadToCall', { firstName: 'Ana', phone: '88001122', preferredTime: 'AM' });
    // The public call's own count (5 an hour): two were made above, and three more reach it.
    const more = [raw.status];
    for (let i = 0; i < 4; i++) more.push((await unsigned('leadToCall', { firstName: 'Ana', phone: '88001122', preferredTime: 'AM' })).status);
    expect(more.at(-1)).toBe(429);
  });
});

describe("an agent's session beside the customers'", () => {
  it("signs in with the PIN and reads its own report; a customer's lead is not the agent's to read by id", async () => {
    const fede = { leadId: someLead };
    expect(fede.leadId).not.toBe('');
    const agent = customer();
    expect(await agent.call('accessToken', { code: '6543', country: 'ZC' })).toMatchObject({ ok: true });
    const report = await agent.call('sales', { pin: '6543' });
    expect(report).toMatchObject({ ok: true, data: { total: 1, leads: [expect.objectContaining({ id: 'L-9001' })] } });
    // customerLead serves customers' sessions only (x-owner: customer).
    expect(await agent.call('customerLead', { leadId: fede.leadId })).toMatchObject({ ok: false, error: { status: 401 } });
  });
});

describe("a customer's session's lifetime", () => {
  it('ends after its idle time: its next call is 401 and its cookie is cleared', async () => {
    const shortDir = mkdtempSync(join(tmpdir(), 'customer-idle-'));
    // The provider's clock moved by the test, not waited for.
    let clock = Date.now();
    const short = await createSandbox({ db: join(shortDir, 'sandbox.db'), mode: 'test', now: () => new Date(clock), countries: [zc as NonNullable<typeof zc>], country: 'zc', sessionLifetime: { customerIdleMs: 300 } });
    const shortAddress = await short.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const http = signedHttpClient(shortAddress, { timeoutMs: 10_000 });
      const client = http.countryClient(table);
      const opened = await client.call('registerClient', { ...FORM, documentNumber: '555000777' });
      const leadId = (opened.ok ? opened.data : {}) as { leadId: string };
      expect(await client.call('customerLead', { leadId: leadId.leadId })).toMatchObject({ ok: true });
      clock += 400;
      expect(await client.call('customerLead', { leadId: leadId.leadId })).toMatchObject({ ok: false, error: { status: 401 } });
      expect(http.fetch.cookies.size).toBe(0);
    } finally {
      await short.app.close();
      rmSync(shortDir, { recursive: true, force: true });
    }
  });
});
