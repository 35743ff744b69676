import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { SIGN_IN_THROTTLE } from '../../src/sandbox/signInThrottle';
import { signedInject, type OpenedAnswer } from '../support/signedInject';

// Issue 31, finding 3: from 520 addresses the 4-digit PIN fell after 2,581 tries, since the
// sign-in counted failures per address only. A wrong PIN names no seller, so the sandbox also
// counts the country's failures together (src/sandbox/signInThrottle.ts, docs/security.md
// "Sign-in throttling"): the guess stops within `everyone.lockAfter` tries, whatever the number of
// addresses, while a seller's own device (one that signed in before) still signs in.
const RIGHT = '2580';
const ADDRESSES = 520;
const everyone = SIGN_IN_THROTTLE.everyone;
let clock = Date.parse('2026-11-25T15:00:00Z');
const sandboxes: Sandbox[] = [];
afterAll(async () => {
  for (const each of sandboxes) await each.app.close();
});

async function sandbox() {
  const made = await createSandbox({ db: ':memory:', mode: 'test', now: () => new Date(clock) });
  sandboxes.push(made);
  const inject = signedInject(made.app, { now: () => clock });
  return (pin: string, remoteAddress: string): Promise<OpenedAnswer> => inject({ method: 'POST', url: '/v1/telco/sv/accesstoken', payload: { code: pin, country: 'SV' }, remoteAddress });
}

/** The n-th attacking address: 520 of them, none of them the seller's. */
const attacker = (n: number) => `10.${Math.floor(n / 250) % 250}.${n % 250}.${1 + (n % 7)}`;
const pinAt = (n: number) => String(n).padStart(4, '0');

describe('a PIN guessed from hundreds of addresses (issue 31, finding 3)', () => {
  it('stops within the documented tries: the right PIN, reached on the 2,581st try, opens nothing', async () => {
    const signIn = await sandbox();
    const statuses: number[] = [];
    // Every PIN from 0000 up to the seller's, each from the next of 520 addresses, all at once.
    for (let n = 0; n <= Number(RIGHT); n++) statuses.push((await signIn(pinAt(n), attacker(n % ADDRESSES))).statusCode);
    expect(statuses).not.toContain(200);
    // Only the free failures and the one that starts the wait were checked; everything after waited.
    expect(statuses.filter((s) => s === 400)).toHaveLength(everyone.freeFailures + 1);
    expect(statuses.slice(everyone.freeFailures + 1).every((s) => s === 429)).toBe(true);
    const last = await signIn(RIGHT, attacker(7));
    expect(last.statusCode).toBe(429);
    expect(last.body).toBe('Demasiados intentos con un PIN incorrecto desde muchos equipos: por seguridad, el ingreso desde un equipo nuevo espera. Intenta de nuevo en 30 segundos, o desde el equipo con el que ya ingresaste.');
    // 2,581 signed sign-ins, each verified and its answer sealed: about 10 ms each alone, and
    // past the default minute on a machine busy with the suite's other files.
  }, 240_000);

  it('an attacker who waits out every wait gets 16 tries in the first 16 minutes, then one each 15 minutes; the seller signs in all along from its own device', async () => {
    const signIn = await sandbox();
    const sellersDevice = '192.0.2.44';
    clock += 1000;
    expect((await signIn(RIGHT, sellersDevice)).statusCode).toBe(200);
    const start = clock;
    let checked = 0;
    let n = 0;
    const waits: number[] = [];
    // Two hours of guessing from 520 addresses, each wait sat out.
    while (clock - start < 2 * 60 * 60_000) {
      const answer = await signIn(pinAt(1000 + checked), attacker(n++ % ADDRESSES));
      if (answer.statusCode === 429) {
        const wait = Number(answer.headers['retry-after']);
        waits.push(wait);
        clock += wait * 1000;
        continue;
      }
      expect(answer.statusCode).toBe(400);
      checked++;
      if (checked === everyone.lockAfter) {
        // Locked: a new address with the right PIN waits, the seller's own device does not.
        const fromNew = await signIn(RIGHT, '198.51.100.99');
        expect(fromNew.statusCode).toBe(429);
        expect(fromNew.body).toContain('Intenta de nuevo en 15 minutos, o desde el equipo con el que ya ingresaste.');
        expect((await signIn(RIGHT, sellersDevice)).statusCode).toBe(200);
      }
    }
    // 10 free, 5 waits growing from 30 s, the lock at 16; then each further failure locks again.
    expect(waits.slice(0, 6)).toEqual([30, 60, 120, 240, 480, 900]);
    const firstLockAt = (30 + 60 + 120 + 240 + 480) * 1000;
    expect(checked).toBe(everyone.lockAfter + Math.floor((2 * 60 * 60_000 - firstLockAt) / everyone.lockMs));
    expect(checked).toBeLessThanOrEqual(24);
  });

  it('lets a seller in from a new device once the wait has passed', async () => {
    const signIn = await sandbox();
    for (let n = 0; n < everyone.freeFailures + 1; n++) expect((await signIn(pinAt(n), attacker(n))).statusCode).toBe(400);
    expect((await signIn(RIGHT, '198.51.100.7')).statusCode).toBe(429);
    clock += everyone.firstWaitMs;
    expect((await signIn(RIGHT, '198.51.100.7')).statusCode).toBe(200);
  });
});
