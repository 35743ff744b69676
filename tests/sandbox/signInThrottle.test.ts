import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { SIGN_IN_THROTTLE } from '../../src/sandbox/signInThrottle';
import { signedInject, type OpenedAnswer } from '../support/signedInject';

// Sign-in throttling (src/sandbox/signInThrottle.ts, docs/security.md) through the sandbox's
// request pipeline, signed as the app signs, on the sandbox's own clock (moved by the test, so
// nothing waits). The seed's seller signs in with 2580.
const RIGHT = '2580';
let clock = Date.parse('2026-11-25T15:00:00Z');
const sandboxes: Sandbox[] = [];
const folder = mkdtempSync(join(tmpdir(), 'sign-in-throttle-'));
afterAll(async () => {
  for (const each of sandboxes) await each.app.close();
  rmSync(folder, { recursive: true, force: true });
});
beforeEach(() => {
  clock += 2 * SIGN_IN_THROTTLE.forgetMs;
});

async function sandboxAt(db = ':memory:') {
  const sandbox = await createSandbox({ db, mode: 'test', now: () => new Date(clock) });
  sandboxes.push(sandbox);
  const inject = signedInject(sandbox.app, { now: () => clock });
  const signIn = (pin: string, remoteAddress = '203.0.113.7'): Promise<OpenedAnswer> =>
    inject({ method: 'POST', url: '/v1/telco/sv/accesstoken', payload: { code: pin, country: 'SV' }, remoteAddress });
  return { sandbox, signIn };
}

/** Wrong PINs from one address until it is locked, waiting out each wait; the waits met, in seconds. */
async function bruteForce(signIn: (pin: string) => Promise<OpenedAnswer>) {
  const waits: number[] = [];
  let checked = 0;
  for (let pin = 1000; checked < SIGN_IN_THROTTLE.lockAfter; pin++) {
    const answer = await signIn(String(pin));
    if (answer.statusCode === 429) {
      const wait = Number(answer.headers['retry-after']);
      waits.push(wait);
      clock += wait * 1000;
      pin--;
      continue;
    }
    expect(answer.statusCode).toBe(400);
    checked++;
  }
  return { waits, checked };
}

describe('sign-in throttling', () => {
  it('stops a PIN brute force from one address at 10 wrong PINs, the waits growing on the way, and refuses the right PIN during the lock', async () => {
    const { signIn } = await sandboxAt();
    const { waits, checked } = await bruteForce(signIn);
    expect(checked).toBe(10);
    // Four free tries, then 30 s doubling, then the lock.
    expect(waits).toEqual([30, 60, 120, 240, 480]);
    const locked = await signIn(RIGHT);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    expect(locked.body).toBe('Demasiados intentos con un PIN incorrecto. Intenta de nuevo en 15 minutos.');
    // Refused tries are not checked: the lock does not grow with them, and ends on time.
    for (let i = 0; i < 20; i++) expect((await signIn(String(5000 + i))).statusCode).toBe(429);
    clock += 899_000;
    expect((await signIn(RIGHT)).statusCode).toBe(429);
    clock += 1000;
    expect((await signIn(RIGHT)).statusCode).toBe(200);
  });

  it('says a short wait in seconds, and lets the right PIN in once it has passed', async () => {
    const { signIn } = await sandboxAt();
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures + 1; i++) expect((await signIn(String(1111 + i))).statusCode).toBe(400);
    const waiting = await signIn(RIGHT);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.body).toBe('Demasiados intentos con un PIN incorrecto. Intenta de nuevo en 30 segundos.');
    clock += 30_000;
    expect((await signIn(RIGHT)).statusCode).toBe(200);
  });

  it('counts per address: another caller signs in while one is locked', async () => {
    const { signIn } = await sandboxAt();
    await bruteForce(signIn);
    expect((await signIn(RIGHT, '203.0.113.7')).statusCode).toBe(429);
    expect((await signIn(RIGHT, '198.51.100.20')).statusCode).toBe(200);
  });

  it('forgets the failures of an address that signs in', async () => {
    const { signIn } = await sandboxAt();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures; i++) expect((await signIn(String(1200 + i))).statusCode).toBe(400);
      expect((await signIn(RIGHT)).statusCode).toBe(200);
    }
  });

  it('keeps a lock across a restart of the sandbox', async () => {
    const file = join(folder, 'sandbox.db');
    const first = await sandboxAt(file);
    await bruteForce(first.signIn);
    await first.sandbox.app.close();
    const second = await sandboxAt(file);
    expect((await second.signIn(RIGHT)).statusCode).toBe(429);
  });
});
