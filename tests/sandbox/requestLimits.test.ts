import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_HEADERS } from '../../src/api/signedCallProtocol';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { sampleOrder } from '../support/sampleOrder';

// Hostile and careless requests (issue 17, point 5) against a sandbox listening on loopback:
// each refused in the spec's error shape with its own status, before the work it would cost,
// and none ends the session of the caller who sent it by mistake.

let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox();
  expect((await sandbox.signIn()).ok).toBe(true);
});
afterAll(() => sandbox.close());

/** What came back over the wire before the client read it. */
interface Seen {
  status: number;
  body: unknown;
}

/**
 * A client whose signed requests `change` may rewrite (or replace with its own answer) before
 * they reach the sandbox; what the sandbox answered is kept as it came.
 */
function withWire(change: (request: Request) => Promise<Request | Seen> = async (request) => request) {
  const seen: Seen[] = [];
  const fetch = Object.assign(
    async (input: RequestInfo | URL, init?: RequestInit) => {
      const changed = await change(new Request(input, init));
      if (!(changed instanceof Request)) {
        seen.push(changed);
        return new Response(JSON.stringify(changed.body), { status: changed.status, headers: { 'content-type': 'application/json' } });
      }
      const response = await sandbox.fetch(changed);
      const text = await response.clone().text();
      seen.push({ status: response.status, body: response.headers.get(SIGNED_HEADERS.sealed) ? 'sealed' : (JSON.parse(text) as unknown) });
      return response;
    },
    { cookies: sandbox.fetch.cookies },
  );
  return { client: sandbox.client({ fetch }), seen };
}

/** An HTTP request written by hand on a socket: `head` then as much of the body as given; the answer's status and body. */
function rawRequest(head: string, body: Buffer = Buffer.alloc(0)): Promise<{ status: number; body: string; bytesWritten: number }> {
  const url = new URL(sandbox.address);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    // The first answer, whole by its Content-Length: the bytes sent after it may read as another request.
    const answer = () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? -1);
      if (end < 0 || length < 0 || Buffer.byteLength(text, 'latin1') < end + 4 + length) return undefined;
      const bodyText = Buffer.from(text.slice(end + 4, end + 4 + length), 'latin1').toString('utf8');
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), body: bodyText, bytesWritten: socket.bytesWritten };
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const whole = answer();
      if (whole) {
        socket.destroy();
        resolve(whole);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer() ?? { status: 0, body: '', bytesWritten: socket.bytesWritten }));
    // The rest of the body is never sent: an answer at all was given without reading it.
    socket.write(head);
    socket.write(body);
  });
}

const stillSignedIn = async () => expect(await sandbox.api.call('departments')).toMatchObject({ ok: true });

describe('request limits', () => {
  it('refuses an order nested 10,000 levels deep with a 400 in the spec shape (it was a 500 "Maximum call stack size exceeded")', async () => {
    // The client itself cannot write such an order: the signed one's address is swapped for it on the way.
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const wire = withWire(async (request) => new Request(request.url, { method: request.method, headers: request.headers, body: (await request.text()).replace('"@@deep"', deep) }));
    const outcome = await wire.client.call('activation', { 'Idempotency-Key': 'deep-order-1', ...sampleOrder({ actAddress: '@@deep' }) });
    expect(wire.seen.at(-1)).toEqual({ status: 400, body: { errors: [{ code: 'BODY_TOO_DEEP', message: 'Por favor, valida la información: los datos tienen más de 32 niveles' }] } });
    expect(outcome).toMatchObject({ ok: false, error: { status: 400, message: 'Por favor, valida la información: los datos tienen más de 32 niveles' } });
    expect(sandbox.db.prepare("select count(*) as n from idempotency where key like '%deep-order-1'").get()).toEqual({ n: 0 });
    await stillSignedIn();
  });

  it('refuses a 10 MB JSON body to a JSON call with 413 from its headers, before the body is read, and spends nothing of the signed request', async () => {
    const wire = withWire(async (request) => {
      // The signed request's headers, with a body of 10 MB announced and only 64 KB of it sent.
      const headers: string[] = [];
      request.headers.forEach((value, name) => {
        if (name !== 'content-length') headers.push(`${name}: ${value}\r\n`);
      });
      const cookie = [...sandbox.fetch.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const head = `POST ${new URL(request.url).pathname} HTTP/1.1\r\nhost: 127.0.0.1\r\ncookie: ${cookie}\r\ncontent-length: ${10 * 1024 * 1024}\r\n${headers.join('')}\r\n`;
      const answer = await rawRequest(head, Buffer.alloc(64 * 1024, 0x20));
      expect(answer.bytesWritten).toBeLessThan(70 * 1024);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ errors: [{ code: 'BODY_TOO_LARGE', message: 'La solicitud es demasiado grande: el máximo es 64 KB' }] });
      // Refused before its body, so its nonce was not spent: the same request still goes through.
      return request;
    });
    expect(await wire.client.call('suburb', { department: '06', city: '0614' })).toMatchObject({ ok: true });
    expect(wire.seen.at(-1)).toEqual({ status: 200, body: 'sealed' });
    await stillSignedIn();
  });

  it('refuses a large body without a session with 401 before reading it', async () => {
    const answer = await rawRequest(`POST /v1/telco/sv/suburb HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${11 * 1024 * 1024}\r\n\r\n`, Buffer.alloc(16 * 1024, 0x20));
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ errors: [{ code: 'UNAUTHORIZED', message: 'No autorizado' }] });
  });

  it('refuses an image over the spec limit (2 MB) with 413', async () => {
    const wire = withWire();
    const blob = new Blob([new Uint8Array(2 * 1024 * 1024 + 32 * 1024)], { type: 'image/jpeg' });
    await wire.client.call('frontIdUpload', { region: 'SV', files: [{ field: 'file', blob, name: 'dui.jpg' }] });
    expect(wire.seen.at(-1)).toEqual({ status: 413, body: { errors: [{ code: 'BODY_TOO_LARGE', message: 'La solicitud es demasiado grande: el máximo es 2064 KB' }] } });
    await stillSignedIn();
  });

  it('refuses fields the order does not have (the spec closes its shape): 600 extra keys are a 400, no lead', async () => {
    const padding = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`extra${i}`, 'x']));
    const outcome = await sandbox.api.call('activation', { 'Idempotency-Key': 'padded-order-1', ...sampleOrder(), ...padding });
    expect(outcome).toMatchObject({ ok: false, error: { status: 400, code: 'VALIDATION', message: 'Por favor, valida la información' } });
    const floor = await sandbox.api.call('activation', { 'Idempotency-Key': 'padded-order-2', ...sampleOrder({ actAddress: { ...(sampleOrder().actAddress as object), floor: '2' } }) });
    expect(floor).toMatchObject({ ok: false, error: { status: 400, code: 'VALIDATION' } });
    expect(sandbox.db.prepare("select count(*) as n from idempotency where key like '%padded-order-%'").get()).toEqual({ n: 0 });
  });

  it('refuses a signed text/plain body to a JSON call with 415, and the session goes on (it was SIGNATURE_INVALID, which ended it)', async () => {
    const wire = withWire(async (request) => {
      const headers = new Headers(request.headers);
      headers.set('content-type', 'text/plain');
      return new Request(request.url, { method: request.method, headers, body: await request.text() });
    });
    await wire.client.call('suburb', { department: '06', city: '0614' });
    expect(wire.seen.at(-1)).toEqual({ status: 415, body: { errors: [{ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Tipo de contenido no admitido: se espera application/json' }] } });
    expect(sandbox.unauthorized).toHaveLength(0);
    await stillSignedIn();
  });

  it('calls a malformed identity IDENTITY_INVALID (it was TIMESTAMP_STALE)', async () => {
    const wire = withWire(async (request) => {
      const headers = new Headers(request.headers);
      headers.set(SIGNED_HEADERS.identity, 'not-an-identity');
      return new Request(request.url, { method: request.method, headers });
    });
    await wire.client.call('departments');
    expect(wire.seen.at(-1)).toEqual({ status: 401, body: { errors: [{ code: 'IDENTITY_INVALID', message: 'No autorizado' }] } });
    // A forged request ends the session, as any other: sign in again for the next tests.
    expect((await sandbox.signIn()).ok).toBe(true);
  });

  it('reads a path value of 80 characters (sealed, it passed the router\'s limit and was refused with 414)', async () => {
    const wire = withWire();
    const outcome = await wire.client.call('salesDetail', { msisdn: '70000001', id: `L-${'9'.repeat(78)}`, pin: 'x' });
    expect(wire.seen.at(-1)).toEqual({ status: 404, body: 'sealed' });
    expect(outcome).toMatchObject({ ok: false, error: { status: 404, message: 'No hay resultados' } });
  });

  it('answers headers over 16 KB with 431 in the spec shape', async () => {
    const answer = await rawRequest(`GET /v1/telco/sv/departments HTTP/1.1\r\nhost: 127.0.0.1\r\nx-padding: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ errors: [{ code: 'HEADERS_TOO_LARGE', message: 'Los encabezados de la solicitud son demasiado grandes' }] });
  });

  it('answers a path it does not have, and bad JSON, in the spec shape with no framework code', async () => {
    const missing = await fetch(`${sandbox.address}/v1/telco/sv/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ errors: [{ code: 'NOT_FOUND', message: 'No hay resultados' }] });
    const wire = withWire(async (request) => new Request(request.url, { method: request.method, headers: request.headers, body: '{"department": "06",' }));
    await wire.client.call('suburb', { department: '06', city: '0614' });
    expect(wire.seen.at(-1)).toEqual({ status: 400, body: { errors: [{ code: 'VALIDATION', message: 'Por favor, valida la información' }] } });
    expect(JSON.stringify(wire.seen)).not.toMatch(/FST_ERR|Unexpected|JSON at position/);
    await stillSignedIn();
  });
});
