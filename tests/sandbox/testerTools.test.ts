import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { sealedPin } from '../support/sealedPin';
import { signedInject } from '../support/signedInject';

// The tester's tools (the outbox and the faults endpoint, issue 31 finding 1; docs/security.md,
// "Tester tools") attacked as an attacker would: over a real socket, the path written as the
// attacker writes it (no client in between to decode or tidy it), against a dev-mode sandbox
// (what `npm run sandbox` runs) over a real SQLite file. Two sellers of the SV seed: A (2580)
// and B (135790).
const folder = mkdtempSync(join(tmpdir(), 'tester-tools-'));
let sandbox: Sandbox;
let base: { host: string; port: number };
let inject: ReturnType<typeof signedInject>;
let sellerA: string;
let sellerB: string;
beforeAll(async () => {
  sandbox = await createSandbox({ db: join(folder, 'sandbox.db'), mode: 'dev' });
  await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  const address = sandbox.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  base = { host: '127.0.0.1', port: address.port };
  inject = signedInject(sandbox.app);
  sellerA = await signIn('2580');
  sellerB = await signIn('135790');
});
afterAll(async () => {
  await sandbox.app.close();
  rmSync(folder, { recursive: true, force: true });
});

async function signIn(pin: string): Promise<string> {
  const answer = await inject({ method: 'POST', url: '/v1/telco/sv/accesstoken', payload: { code: await sealedPin(sandbox.app, pin), country: 'SV' } });
  const session = answer.cookies.find((c) => c.name === 'session')?.value;
  if (answer.statusCode !== 200 || !session) throw new Error(`sign-in ${pin}: ${answer.statusCode}`);
  return session;
}

/** A one-time code sent for a seller's call (`getOTP`, signed as the app signs it). */
const sendCode = (session: string, to: string) => inject({ method: 'POST', url: '/v1/telco/sv/otp', headers: { cookie: `session=${session}` }, payload: { channel: 'sms', to } });

/** A request written on the socket byte for byte, as an attacker sends it: the path is not decoded, normalised or checked by any client. */
function raw(method: 'GET' | 'POST', path: string, { cookie, body }: { cookie?: string; body?: unknown } = {}): Promise<{ status: number; body: string }> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const head = [
    `${method} ${path} HTTP/1.1`,
    `host: ${base.host}:${base.port}`,
    'connection: close',
    ...(cookie ? [`cookie: session=${cookie}`] : []),
    ...(body === undefined ? [] : ['content-type: application/json', `content-length: ${Buffer.byteLength(payload)}`]),
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(base.port, base.host);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(`${head.join('\r\n')}\r\n\r\n${payload}`);
  });
}

/** The last code sent to `to` in an outbox's answer. */
const codeIn = (body: string, to: string) => {
  const { messages } = JSON.parse(body) as { messages: Array<{ recipient: string; message: string }> };
  return messages.filter((m) => m.recipient === to).at(-1)?.message.match(/(\d{6})$/)?.[1];
};

/**
 * The tester's tools by their plain paths, each as an attacker writes it with the encodings one
 * tries against a guard that compares text: every one either reaches the route the router
 * matched, and so the guard on that route, or no route at all.
 */
const TOOLS = [
  { method: 'GET' as const, tool: 'outbox', body: undefined },
  { method: 'POST' as const, tool: 'faults', body: { operationId: 'getOTP', fault: '500', times: 5 } },
];
const ENCODINGS: Array<[string, (tool: string) => string]> = [
  ['underscores as %5F', (tool) => `/%5F%5Fsandbox/${tool}`],
  ['underscores as %5f (lower case hex)', (tool) => `/%5f%5fsandbox/${tool}`],
  ['x as %78', (tool) => `/__sandbo%78/${tool}`],
  ['every letter encoded, hex in mixed case', (tool) => `/${[...`__sandbox/${tool}`].map((c, i) => (c === '/' ? c : `%${c.charCodeAt(0).toString(16)[i % 2 ? 'toUpperCase' : 'toLowerCase']()}`)).join('')}`],
  ['the slash as %2F', (tool) => `/__sandbox%2F${tool}`],
  ['double encoding %255F', (tool) => `/%255F%255Fsandbox/${tool}`],
  ['mixed case', (tool) => `/__SandBox/${tool[0]?.toUpperCase()}${tool.slice(1)}`],
  ['a doubled slash //__sandbox', (tool) => `//__sandbox/${tool}`],
  ['a dot segment /./__sandbox', (tool) => `/./__sandbox/${tool}`],
  ['an encoded dot segment /%2e/__sandbox', (tool) => `/%2e/__sandbox/${tool}`],
  ['a parent segment /x/../__sandbox', (tool) => `/x/../__sandbox/${tool}`],
  ['a trailing ;', (tool) => `/__sandbox/${tool};`],
  ['a ; in the middle', (tool) => `/__sandbox;/${tool}`],
  ['a trailing slash', (tool) => `/__sandbox/${tool}/`],
  ['a backslash', (tool) => `/__sandbox\\${tool}`],
  ['an encoded backslash %5C', (tool) => `/__sandbox%5C${tool}`],
  ['a UTF-8 overlong underscore %C1%9F', (tool) => `/%C1%9F%C1%9Fsandbox/${tool}`],
  ['a UTF-8 overlong slash %C0%AF', (tool) => `/__sandbox%C0%AF${tool}`],
  ['an absolute URL', (tool) => `http://127.0.0.1/__sandbox/${tool}`],
];

describe('the tester tools in dev mode (issue 31, finding 1)', () => {
  it('refuses the finding as written: an encoded path reads no code and arms no fault, and a seller is not hit', async () => {
    await sendCode(sellerA, '70003101');
    const code = codeIn((await raw('GET', '/__sandbox/outbox', { cookie: sellerA })).body, '70003101');
    expect(code).toMatch(/^\d{6}$/);
    for (const path of ['/%5F%5Fsandbox/outbox', '/__sandbo%78/outbox']) {
      const answer = await raw('GET', path);
      expect(answer.status, path).toBe(401);
      expect(answer.body).not.toContain('70003101');
      expect(answer.body).not.toContain(code);
    }
    expect((await raw('POST', '/%5F%5Fsandbox/faults', { body: { operationId: 'getOTP', fault: '500' } })).status).toBe(401);
    expect((await sendCode(sellerA, '70003102')).statusCode).toBe(200);
  });

  it('refuses every tester tool path under every encoding an attacker tries, without a session', async () => {
    await sendCode(sellerA, '70003201');
    const reached: string[] = [];
    for (const { method, tool, body } of TOOLS) {
      for (const [name, encode] of ENCODINGS) {
        const path = encode(tool);
        const answer = await raw(method, path, { body });
        // Refused by the guard (401), or reaching no tool at all (404, or 400 for a path that is no URL).
        expect([400, 401, 404], `${method} ${path} (${name}): ${answer.status}`).toContain(answer.status);
        expect(answer.body, `${method} ${path}`).not.toContain('70003201');
        if (answer.status === 401) reached.push(`${method} ${path}`);
      }
    }
    // No fault was armed by any of them: the seller's next calls answer.
    for (let i = 0; i < 5; i++) expect((await sendCode(sellerA, `7000321${i}`)).statusCode).toBe(200);
    // Those the router routes to a tool meet its guard (not a lucky 404).
    expect(reached).toEqual(
      expect.arrayContaining(['GET /%5F%5Fsandbox/outbox', 'GET /%5f%5fsandbox/outbox', 'GET /__sandbo%78/outbox', 'POST /%5F%5Fsandbox/faults', 'POST /__sandbo%78/faults', 'GET http://127.0.0.1/__sandbox/outbox', 'POST http://127.0.0.1/__sandbox/faults']),
    );
  });

  it('shows a seller only the codes sent for its own calls, whatever path reaches the outbox', async () => {
    await sendCode(sellerA, '70003301');
    await sendCode(sellerB, '70003302');
    const forA = (await raw('GET', '/__sandbox/outbox', { cookie: sellerA })).body;
    const codeA = codeIn(forA, '70003301');
    expect(codeA).toMatch(/^\d{6}$/);
    expect(forA).not.toContain('70003302');
    for (const [name, encode] of ENCODINGS) {
      for (const path of [encode('outbox'), `${encode('outbox')}?to=70003301`]) {
        const answer = await raw('GET', path, { cookie: sellerB });
        expect(answer.body, `${path} (${name})`).not.toContain('70003301');
        if (answer.status === 200) expect((JSON.parse(answer.body) as { messages: Array<{ message: string }> }).messages.map((m) => m.message), path).not.toContain(`Tu código de verificación es ${codeA}`);
      }
    }
    expect(codeIn((await raw('GET', '/__sandbox/outbox?to=70003302', { cookie: sellerB })).body, '70003302')).toMatch(/^\d{6}$/);
  });

  it('makes a fault hit only the session that armed it', async () => {
    const armed = await raw('POST', '/__sandbox/faults', { cookie: sellerB, body: { operationId: 'getOTP', fault: '500', times: 2 } });
    expect(armed.status).toBe(200);
    // Another seller's calls, and a caller without a session, are not hit.
    expect((await sendCode(sellerA, '70003401')).statusCode).toBe(200);
    expect((await sendCode(sellerA, '70003402')).statusCode).toBe(200);
    // The armer's are, the times it asked for.
    expect((await sendCode(sellerB, '70003403')).statusCode).toBe(500);
    expect((await sendCode(sellerB, '70003404')).statusCode).toBe(500);
    expect((await sendCode(sellerB, '70003405')).statusCode).toBe(200);
  });

  it('keeps an armed fault for the call signed again after a refusal as stale (a device whose clock moved)', async () => {
    // The app signs a call refused as stale again at once, in the provider's time: that second
    // copy is the call the tester armed the fault for. It used to be spent by the refused copy.
    let ahead = 0;
    const skewed = signedInject(sandbox.app, { now: () => Date.now() + ahead });
    const answer = await skewed({ method: 'POST', url: '/v1/telco/sv/accesstoken', payload: { code: await sealedPin(sandbox.app, '2580'), country: 'SV' } });
    const session = answer.cookies.find((c) => c.name === 'session')?.value ?? '';
    expect(answer.statusCode).toBe(200);
    expect((await raw('POST', '/__sandbox/faults', { cookie: session, body: { operationId: 'getOTP', fault: '500' } })).status).toBe(200);
    ahead = 20 * 60_000;
    const send = (to: string) => skewed({ method: 'POST', url: '/v1/telco/sv/otp', headers: { cookie: `session=${session}` }, payload: { channel: 'sms', to } });
    expect((await send('70003501')).statusCode).toBe(500);
    expect((await send('70003502')).statusCode).toBe(200);
  });
});

describe('the tester tools in production mode', () => {
  it('are gone, under every encoding too', async () => {
    const production = await createSandbox({ db: ':memory:', mode: 'production' });
    try {
      for (const { method, tool, body } of TOOLS) {
        for (const path of [`/__sandbox/${tool}`, ...ENCODINGS.map(([, encode]) => encode(tool))]) {
          const answer = await production.app.inject({ method, url: path, ...(body ? { payload: body } : {}) });
          expect([400, 404], `${method} ${path}`).toContain(answer.statusCode);
        }
      }
    } finally {
      await production.app.close();
    }
  });
});
