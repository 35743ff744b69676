import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiActors } from '../../src/api/apiActors';
import { memoryKeyring } from '../../src/api/callSigner';
import { SIGNED_HEADERS } from '../../src/api/signedCallProtocol';
import { cookieFetch } from '../../src/tools/sandbox/cookieFetch';
import { operations } from '../../src/api/generated/sv/operations';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';

// Signed and sealed calls (spec sections 4 and 7, SV) against a running sandbox: every request
// goes through the client's signer; a test plays the network in between, changing or replaying
// what was signed, and reads what the provider answered on the wire.

/** The provider's clock: a test moves it to make a signed request stale. */
let clock = Date.now();
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox({ now: () => new Date(clock) });
  expect((await sandbox.signIn()).ok).toBe(true);
});
afterAll(() => sandbox.close());

interface WireAnswer {
  status: number;
  code?: string;
  text: string;
  headers: Headers;
}

/**
 * A network in the middle: `change` may rewrite each signed request before it goes on; every
 * answer is recorded as it came over the wire (before the client opens it).
 */
function onTheWire(change: (request: Request) => Promise<Request> = async (request) => request) {
  const answers: WireAnswer[] = [];
  const sent: Request[] = [];
  const fetch = Object.assign(
    async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = await change(new Request(input, init));
      sent.push(request.clone());
      const response = await sandbox.fetch(request);
      const text = await response.clone().text();
      let code: string | undefined;
      try {
        code = (JSON.parse(text) as { errors?: Array<{ code?: string }> }).errors?.[0]?.code;
      } catch {
        // a sealed body is not JSON
      }
      answers.push({ status: response.status, code, text, headers: response.headers });
      return response;
    },
    { cookies: sandbox.fetch.cookies },
  );
  return { client: sandbox.client({ fetch }), answers, sent };
}

describe('signed calls', () => {
  it('answers a signed call sealed: nothing of the customer readable on the wire, and the client reads it', async () => {
    const wire = onTheWire();
    const outcome = await wire.client.call('clientDetail', { id: '046448482' });
    expect(outcome).toMatchObject({ ok: true, data: expect.objectContaining({ cliFirstName: expect.any(String) }) });
    const answer = wire.answers.at(-1);
    expect(answer?.status).toBe(200);
    expect(answer?.headers.get(SIGNED_HEADERS.sealed)).toBe('v1');
    expect(answer?.text).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const name = String((outcome.ok && (outcome.data as { cliFirstName: string }).cliFirstName) || 'none');
    expect(answer?.text).not.toContain(name);
    expect(answer?.text).not.toContain('046448482');
    // The request carried its identity, sealed nonce and state, and a signature over them.
    const request = wire.sent.at(-1);
    for (const header of Object.values(SIGNED_HEADERS).slice(0, 5)) expect(request?.headers.get(header), header).toBeTruthy();
    expect(request?.headers.get(SIGNED_HEADERS.signedHeaders)).toBe('x-identity;x-nonce;x-state');
    // The document number in the path travelled sealed.
    expect(request?.url).toMatch(/\/sv\/customers\/DUI\/[A-Za-z0-9_-]{40,}\/accounts$/);
  });

  it('sends path and query values sealed: no document number, e-mail or coordinate in a URL', async () => {
    const wire = onTheWire();
    expect(await wire.client.call('clientInfoValidateV2', { identificationID: '046448482', identificationType: 'DUI', requestDate: new Date().toISOString(), code: 'SV-POA-001' })).toMatchObject({ ok: true });
    expect(await wire.client.call('checkCoverage', { latitude: 13.697366, longitude: -89.192282 })).toMatchObject({ ok: true, data: expect.objectContaining({ node: expect.any(String) }) });
    expect(await wire.client.call('emailChecker', { email: 'ana.perez@example.com' })).toMatchObject({ ok: true });
    expect(await wire.client.call('validateDUI', { dui: '046448482' })).toMatchObject({ ok: true });
    const urls = wire.sent.map((r) => decodeURIComponent(r.url));
    expect(urls).toHaveLength(4);
    for (const url of urls) for (const personal of ['046448482', '13.697', '-89.19', 'ana.perez', 'example.com']) expect(url).not.toContain(personal);
    // The names stay the spec's; only the values are sealed.
    expect(new URL(wire.sent[0]?.url ?? '').searchParams.get('identificationID')).toMatch(/^[A-Za-z0-9_-]{30,}$/);
    // Sealed values swapped between parameters: refused (the signature covers the URL as sent).
    const moved = onTheWire(async (request) => {
      const url = new URL(request.url);
      const latitude = url.searchParams.get('latitude') ?? '';
      url.searchParams.set('latitude', url.searchParams.get('longitude') ?? '');
      url.searchParams.set('longitude', latitude);
      return new Request(url, { method: request.method, headers: request.headers });
    });
    await moved.client.call('checkCoverage', { latitude: 13.697366, longitude: -89.192282 });
    expect(moved.answers.at(-1)).toMatchObject({ status: 401, code: 'SIGNATURE_INVALID' });
  });

  it('refuses a request whose body was changed after it was signed', async () => {
    expect(await sandbox.api.call('suburb', { department: '06', city: '0614' })).toMatchObject({ ok: true });
    const before = sandbox.unauthorized.length;
    const wire = onTheWire(async (request) => {
      const body = (await request.text()).replace('"06"', '"05"');
      return new Request(request.url, { method: request.method, headers: request.headers, body });
    });
    const outcome = await wire.client.call('suburb', { department: '06', city: '0614' });
    expect(wire.answers.at(-1)).toMatchObject({ status: 401, code: 'SIGNATURE_INVALID' });
    expect(outcome).toEqual({ ok: false, error: expect.objectContaining({ status: 401, message: 'No autorizado' }) });
    // A refused signature ends the session on the client: the shell is told to wipe it.
    expect(sandbox.unauthorized.length).toBe(before + 1);
  });

  it('refuses a request whose query was changed after it was signed', async () => {
    expect(await sandbox.api.call('city', { deparment: '06' })).toMatchObject({ ok: true });
    expect(await sandbox.api.call('city', { deparment: '05' })).toMatchObject({ ok: true });
    const wire = onTheWire(async (request) => {
      const url = new URL(request.url);
      url.searchParams.set('deparment', '05');
      return new Request(url, { method: request.method, headers: request.headers });
    });
    const outcome = await wire.client.call('city', { deparment: '06' });
    expect(wire.answers.at(-1)).toMatchObject({ status: 401, code: 'SIGNATURE_INVALID' });
    expect(outcome).toMatchObject({ ok: false, error: { status: 401 } });
  });

  it('refuses a request whose signed header was changed (another order key)', async () => {
    const wire = onTheWire(async (request) => {
      const headers = new Headers(request.headers);
      headers.set(SIGNED_HEADERS.state, headers.get(SIGNED_HEADERS.nonce) ?? '');
      return new Request(request.url, { method: request.method, headers });
    });
    await wire.client.call('departments');
    expect(wire.answers.at(-1)).toMatchObject({ status: 401, code: 'SIGNATURE_INVALID' });
  });

  it('refuses a second copy of a request (a replayed nonce), without ending the session', async () => {
    const wire = onTheWire();
    expect(await wire.client.call('departments')).toMatchObject({ ok: true });
    const copy = wire.sent.at(-1);
    if (!copy) throw new Error('nothing was sent');
    const replayed = await sandbox.fetch(copy);
    expect(replayed.status).toBe(409);
    expect(await replayed.json()).toEqual({ errors: [{ code: 'NONCE_REPLAYED', message: 'Solicitud repetida' }] });
    // The session goes on: the next call, signed anew, is answered.
    expect(await sandbox.api.call('departments')).toMatchObject({ ok: true });
  });

  it('refuses a request more than 5 minutes off the provider\'s clock; the client, told the time, signs it again once', async () => {
    const wire = onTheWire();
    expect(await wire.client.call('departments')).toMatchObject({ ok: true });
    const copy = wire.sent.at(-1);
    if (!copy) throw new Error('nothing was sent');
    // Six minutes: over the 5 allowed with a margin for the time this file has run (the client's
    // identities follow real time from the provider's last Date, to the second).
    clock += 6 * 60_000;
    try {
      // The same request over 5 minutes later (its nonce never seen by then would not
      // matter: the time is checked after the signature, before the nonce).
      const late = await sandbox.fetch(copy);
      expect(late.status).toBe(401);
      expect(await late.json()).toMatchObject({ errors: [{ code: 'TIMESTAMP_STALE' }] });

      // A client whose clock is now 6 minutes behind the provider's: refused once, then right.
      const behind = onTheWire();
      expect(await behind.client.call('departments')).toMatchObject({ ok: true });
      expect(behind.answers.map((a) => [a.status, a.code])).toEqual([
        [401, 'TIMESTAMP_STALE'],
        [200, undefined],
      ]);
    } finally {
      clock = Date.now();
    }
  });

  it('refuses an unsigned call and a call signed with another session\'s keys', async () => {
    const unsigned = await sandbox.fetch(`${sandbox.address}/v1/telco/sv/departments`);
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toMatchObject({ errors: [{ code: 'UNSIGNED', message: 'No autorizado' }] });

    // Another device signs in (its own cookie and keys); a request signed with its keys but
    // sent with this session's cookie is not this session's.
    const otherKeys = memoryKeyring();
    const otherDevice = sandbox.client({ fetch: cookieFetch(), keyring: otherKeys });
    expect(await otherDevice.call('accessToken', { code: '2580', country: 'SV' })).toMatchObject({ ok: true });
    const wire = onTheWire();
    const mixed = sandbox.client({ fetch: wire.client.config.fetch, keyring: otherKeys });
    expect(await mixed.call('departments')).toMatchObject({ ok: false, error: { status: 401 } });
    expect(wire.answers.at(-1)).toMatchObject({ status: 401, code: 'SIGNATURE_INVALID' });
  });
});

describe('a provider restart', () => {
  it('keeps signed sessions (their keys are kept with them), and a page holding the old keys signs in at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-keys-'));
    const file = join(dir, 'sandbox.db');
    const first = await runningSandbox({ db: file, mode: 'dev' });
    const port = Number(new URL(first.address).port);
    // A page: its api actors take the PIN's key from the signer's copy of the provider's keys.
    const page = first.client();
    const actors = createApiActors(operations, page.call, {}, { pinKey: async () => (await page.clients.publicKeys()).key });
    const signIn = () => toPromise(createActor(actors['api.accessToken'] as AnyActorLogic, { input: { code: '2580', country: 'SV' } }).start());
    let second: Awaited<ReturnType<typeof runningSandbox>> | undefined;
    try {
      await expect(signIn()).resolves.toMatchObject({ poa_msisdn: expect.any(String) });
      await first.close();
      // A restart in a new process: the provider's PIN key pairs are new.
      second = await runningSandbox({ db: file, mode: 'dev', port, newKeys: true });
      // The session signed before the restart goes on.
      expect(await page.call('departments')).toMatchObject({ ok: true });
      // The provider has new keys; the page still holds the old ones: refused once, asked again, signed in.
      await expect(signIn()).resolves.toMatchObject({ poa_msisdn: expect.any(String) });
      expect(await page.call('departments')).toMatchObject({ ok: true });
    } finally {
      await second?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('session integrity (spec section 4)', () => {
  it('tells the shell to wipe the session when an answer\'s state is not its request\'s', async () => {
    let mismatches = 0;
    const client = sandbox.client({ headers: { 'x-sandbox-fault': 'state-mismatch' }, onIntegrityMismatch: () => (mismatches += 1) });
    const outcome = await client.call('departments');
    expect(outcome).toEqual({ ok: false, error: expect.objectContaining({ kind: 'integrity', message: 'No autorizado' }) });
    expect(mismatches).toBe(1);
    // An answer with its own state is taken.
    expect(await sandbox.client({ onIntegrityMismatch: () => (mismatches += 1) }).call('departments')).toMatchObject({ ok: true });
    expect(mismatches).toBe(1);
  });

  it('lets go of an answer it refuses unread: an unread body held its connection until the page collected it (a keep-alive in flight 30 s in Chromium)', async () => {
    const answers: Response[] = [];
    const fetch = Object.assign(
      async (input: RequestInfo | URL, init?: RequestInit) => {
        const response = await sandbox.fetch(new Request(input, init));
        answers.push(response);
        return response;
      },
      { cookies: sandbox.fetch.cookies },
    );
    const client = sandbox.client({ fetch, headers: { 'x-sandbox-fault': 'state-mismatch' }, onIntegrityMismatch: () => undefined });
    expect(await client.call('departments')).toMatchObject({ ok: false, error: { kind: 'integrity' } });
    expect(answers.map((answer) => answer.bodyUsed)).toEqual([true]);
  });
});
