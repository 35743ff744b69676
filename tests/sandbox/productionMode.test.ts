import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { sealedPin } from '../support/sealedPin';
import { signedInject } from '../support/signedInject';

// Fault injection and the outbox exist only in test and dev mode: a production sandbox is a
// plain provider.
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox({ db: ':memory:', mode: 'production' });
});
afterAll(() => sandbox.app.close());

describe('the sandbox in production mode', () => {
  it('refuses a PIN sent in clear', async () => {
    const signIn = await signedInject(sandbox.app)({ method: 'POST', url: '/v1/telco/sv/accesstoken', payload: { code: '2580', country: 'SV' } });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toMatchObject({ errors: [{ message: 'PIN incorrecto' }] });
  });

  it('ignores x-sandbox-fault', async () => {
    const signIn = await signedInject(sandbox.app)({
      method: 'POST',
      url: '/v1/telco/sv/accesstoken',
      headers: { 'x-sandbox-fault': '500' },
      payload: { code: await sealedPin(sandbox.app, '2580'), country: 'SV' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['set-cookie']).toMatch(/^__Host-session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Strict/);
  });

  it('has no outbox', async () => {
    expect((await sandbox.app.inject({ url: '/__sandbox/outbox' })).statusCode).toBe(404);
  });

  it('tells the browser to keep to https, and not to sniff, on every answer', async () => {
    for (const answer of [await sandbox.app.inject({ url: '/v1/telco/sv/public-key' }), await sandbox.app.inject({ url: '/v1/telco/nothing' })]) {
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
