import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { SESSION_LIFETIME } from '../../src/sandbox/sessions';
import { signedInject } from '../support/signedInject';

// Sessions end at the provider, not only in the browser (docs/security.md, "Server-side
// sessions"): after 15 minutes without a call, and 12 hours after sign-in whatever happens. On
// the sandbox's own clock, moved by the test.
let clock = Date.parse('2026-11-25T08:00:00Z');
let sandbox: Sandbox;
let inject: ReturnType<typeof signedInject>;
beforeAll(async () => {
  sandbox = await createSandbox({ db: ':memory:', mode: 'test', now: () => new Date(clock) });
  inject = signedInject(sandbox.app, { now: () => clock });
});
afterAll(() => sandbox.app.close());

async function signIn(): Promise<string> {
  const answer = await inject({ method: 'POST', url: '/v1/telco/sv/accesstoken', payload: { code: '2580', country: 'SV' } });
  const cookie = answer.cookies.find((c) => c.name === 'session')?.value;
  if (!cookie) throw new Error('no session');
  return cookie;
}
const keepAlive = (session: string) => inject({ method: 'POST', url: '/v1/telco/sv/session/keep-alive', headers: { cookie: `session=${session}` } });

describe('a session at the provider', () => {
  it('ends after 15 minutes without a call (it lived until logout): then 401, and it stays ended', async () => {
    const session = await signIn();
    clock += SESSION_LIFETIME.idleMs - 1000;
    expect((await keepAlive(session)).statusCode).toBe(200);
    clock += SESSION_LIFETIME.idleMs - 1000;
    expect((await keepAlive(session)).statusCode).toBe(200);
    clock += SESSION_LIFETIME.idleMs;
    const ended = await keepAlive(session);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ errors: [{ code: 'UNAUTHORIZED', message: 'No autorizado' }] });
    clock -= SESSION_LIFETIME.idleMs;
    expect((await keepAlive(session)).statusCode).toBe(401);
    expect(sandbox.db.prepare('select count(*) as n from sessions where token = ?').get(session)).toEqual({ n: 0 });
  });

  it('ends 12 hours after sign-in, however busy', async () => {
    const session = await signIn();
    const signedInAt = clock;
    while (clock + 10 * 60_000 < signedInAt + SESSION_LIFETIME.absoluteMs) {
      clock += 10 * 60_000;
      expect((await keepAlive(session)).statusCode).toBe(200);
    }
    clock = signedInAt + SESSION_LIFETIME.absoluteMs;
    expect((await keepAlive(session)).statusCode).toBe(401);
  });
});
