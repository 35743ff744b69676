import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_COVERAGE_CHECKS } from '../../src/sandbox/handlers/coverage';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';

// Nicaragua's public coverage check (openapi/ni/localities.yaml, publicCoverage; docs/security.md,
// "Nicaragua's public coverage check"), through Fastify's real pipeline: anyone may ask it, with
// no session and unsigned, and it says only whether a point is covered and by which network. A
// script mapping the network from one address is refused once the address has asked its hourly
// count, while a person at another address still gets answers.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox({ db: ':memory:', mode: 'test' });
});
afterAll(() => sandbox.app.close());

const MANAGUA = { latitude: '12.1364', longitude: '-86.2514' };
const check = (remoteAddress: string, point = MANAGUA) =>
  sandbox.app.inject({ method: 'GET', url: `/v1/telco/ni/public/coverage?latitude=${point.latitude}&longitude=${point.longitude}`, remoteAddress });

describe("Nicaragua's public coverage check", () => {
  it('answers without a session or a signature, covered or not and the network only, and opens no session', async () => {
    const covered = await check('192.0.2.10');
    expect(covered.statusCode).toBe(200);
    expect(covered.json()).toEqual({ covered: true, networkType: 'FTTH' });
    expect(covered.cookies).toEqual([]);
    const none = await check('192.0.2.10', { latitude: '11.1236', longitude: '-84.7795' });
    expect(none.json()).toEqual({ covered: false });
  });

  it("refuses an attacker's many requests from one address with 429 and the wait, and still answers another address", async () => {
    const statuses: number[] = [];
    // A sweep across Managua, one point after another, from a single address.
    for (let i = 0; i < PUBLIC_COVERAGE_CHECKS + 5; i++) {
      statuses.push((await check('203.0.113.7', { latitude: (12.1 + i * 0.001).toFixed(4), longitude: '-86.25' })).statusCode);
    }
    expect(statuses.slice(0, PUBLIC_COVERAGE_CHECKS).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(PUBLIC_COVERAGE_CHECKS)).toEqual([429, 429, 429, 429, 429]);
    const refused = await check('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toBe('Demasiadas solicitudes desde este equipo. Intenta de nuevo más tarde.');
    // Someone else, elsewhere, is not held up by that address.
    expect((await check('198.51.100.4')).statusCode).toBe(200);
  });
});
