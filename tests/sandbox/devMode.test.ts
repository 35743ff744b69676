import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { sealedPin } from '../support/sealedPin';
import { signedInject } from '../support/signedInject';

// In dev mode (what `npm run sandbox` runs) the tester's tools exist but are not open to anyone
// on the network: the fault header counts only from this machine, and the outbox and the faults
// endpoint want a signed-in session.
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox({ db: ':memory:', mode: 'dev' });
});
afterAll(() => sandbox.app.close());

describe('the sandbox in dev mode', () => {
  const signIn = async (remoteAddress: string, fault?: string) =>
    signedInject(sandbox.app)({ method: 'POST', url: '/v1/telco/sv/accesstoken', remoteAddress, ...(fault ? { headers: { 'x-sandbox-fault': fault } } : {}), payload: { code: await sealedPin(sandbox.app, '2580'), country: 'SV' } });

  it('takes the fault header from this machine only: a network in the middle cannot make an answer fail', async () => {
    expect((await signIn('127.0.0.1', '500')).statusCode).toBe(500);
    expect((await signIn('203.0.113.9', '500')).statusCode).toBe(200);
  });

  it('opens the outbox and the faults endpoint to a signed-in session only', async () => {
    expect((await sandbox.app.inject({ url: '/__sandbox/outbox' })).statusCode).toBe(401);
    expect((await sandbox.app.inject({ method: 'POST', url: '/__sandbox/faults', payload: { operationId: 'sales', fault: '500' } })).statusCode).toBe(401);
    const session = (await signIn('127.0.0.1')).cookies.find((c) => c.name === 'session')?.value;
    expect(session).toBeTruthy();
    expect((await sandbox.app.inject({ url: '/__sandbox/outbox', headers: { cookie: `session=${session}` } })).statusCode).toBe(200);
  });

  it('marks every answer not to be sniffed, files and errors too', async () => {
    const answer = await sandbox.app.inject({ url: '/v1/telco/sv/public-key' });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    expect((await sandbox.app.inject({ url: '/nothing' })).headers['x-content-type-options']).toBe('nosniff');
  });
});
