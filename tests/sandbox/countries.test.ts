/**
 * The sandbox serves every country's provider API at once, each at its own paths, from
 * `openapi/<cc>/`, over its own seed: a second country made only of data
 * (tests/fixtures/apiCountry: a tiny spec reusing SV's operation ids and handlers, and its own
 * seed) answers beside SV, and neither answers from the other's data.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryApis, type CountryApi } from '../../src/sandbox/countryApis';
import { PUBLIC_COVERAGE_CHECKS } from '../../src/sandbox/handlers/coverage';
import { createSandbox } from '../../src/sandbox/server';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';

const FIXTURE = 'tests/fixtures/apiCountry';
const zz: CountryApi = { code: 'zz', openapiDir: resolve(FIXTURE, 'openapi/zz'), seedDir: resolve(FIXTURE, 'seed/zz') };

let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox({ countries: [...countryApis(), zz] });
  const signedIn = await sandbox.signIn();
  expect(signedIn.ok).toBe(true);
});
afterAll(() => sandbox.close());

/** A call of zz's API: public and unsigned, as its spec says. */
async function zzCall(path: string, body: unknown) {
  const response = await fetch(`${sandbox.address}/v1/telco${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('a second country served beside SV', () => {
  it("answers each country's products from its own seed", async () => {
    const sv = await sandbox.api.call('products', { node: 'N-SS-CEN-01', nodeClass: '10' });
    expect(sv.ok).toBe(true);
    const svPlans = ((sv.ok ? sv.data : []) as Array<{ planId: string }>).map((o) => o.planId);
    expect(svPlans).toContain('PLAN-TRIPLE-100');
    expect(svPlans.some((id) => id.startsWith('ZZ-'))).toBe(false);

    const zzAnswer = await zzCall('/zz/products', { nodeClass: '10' });
    expect(zzAnswer).toEqual({
      status: 200,
      body: [
        expect.objectContaining({ planId: 'ZZ-FIBRA-300', priceList: [{ value: 46, taxAmount: 6 }] }),
        expect.objectContaining({ planId: 'ZZ-TV-BASICA', priceList: [{ value: 23, taxAmount: 3 }] }),
      ],
    });
  });

  it("prices each country's activation in its own currency", async () => {
    expect(await zzCall('/zz/activation-cost', { monthsContract: 0, productList: [{ product: 'ZZ-FIBRA-300' }] })).toEqual({ status: 200, body: { activationCost: 60, monthsContract: 0, currency: 'ZZD' } });
    // An SV plan is not zz's: its answer is the quiet 404 of an unknown plan.
    expect((await zzCall('/zz/activation-cost', { monthsContract: 0, productList: [{ product: 'PLAN-TRIPLE-300' }] })).status).toBe(404);
    const sv = await sandbox.api.call('activationCost', { pin: '2580', productType: 'Bundle', monthsContract: 12, node: 'N-SS-CEN-01', documentType: 'DUI', documentNumber: '046448482', flow: 'O', productList: [{ product: 'PLAN-TRIPLE-300' }] });
    expect(sv).toMatchObject({ ok: true, data: { currency: 'USD' } });
  });

  it("answers as zz's provider, not El Salvador's: its currency, its time zone, its configuration (seed provider.json)", async () => {
    const costs = await fetch(`${sandbox.address}/v1/telco/zz/field-services/costs`).then((r) => r.json() as Promise<{ costs: Array<{ currency: string }> }>);
    expect(costs.costs.length).toBeGreaterThan(0);
    expect(costs.costs.every((cost) => cost.currency === 'ZZD')).toBe(true);
    const config = await fetch(`${sandbox.address}/v1/telco/zz/content/d2d/config`).then((r) => r.json() as Promise<{ data: Array<{ attributes: { updatedAt: string; configuration: Record<string, unknown> } }> }>);
    expect(config.data[0]?.attributes.configuration).toEqual({ cxiFlow: true, country: 'ZZ' });
    // India's time, +05:30 all year: not El Salvador's -06:00.
    expect(config.data[0]?.attributes.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
  });

  it("checks zz's calls against zz's spec, and serves nothing zz's spec does not have", async () => {
    expect((await zzCall('/zz/products', {})).status).toBe(400);
    expect((await zzCall('/zz/accesstoken', { code: '2580' })).status).toBe(404);
  });

  it("answers zz's public coverage check from zz's own nodes, unsigned and with no session, and counts its callers apart from Nicaragua's", async () => {
    const check = (cc: string, latitude: number, longitude: number, remoteAddress = '192.0.2.77') =>
      sandbox.app.inject({ method: 'GET', url: `/v1/telco/${cc}/public/coverage?latitude=${latitude}&longitude=${longitude}`, remoteAddress });
    const inside = await check('zz', 50.05, 10.05);
    expect(inside.json()).toEqual({ covered: true, networkType: 'HFC' });
    expect(inside.cookies).toEqual([]);
    // Managua is covered in Nicaragua's seed, not in zz's.
    expect((await check('zz', 12.1364, -86.2514)).json()).toEqual({ covered: false });
    expect((await check('ni', 12.1364, -86.2514)).json()).toEqual({ covered: true, networkType: 'FTTH' });
    // One address that has asked zz its hourly count waits there, and is still answered by Nicaragua's provider.
    for (let i = 0; i < PUBLIC_COVERAGE_CHECKS; i++) await check('zz', 50.05, 10.05, '198.51.100.77');
    expect((await check('zz', 50.05, 10.05, '198.51.100.77')).statusCode).toBe(429);
    expect((await check('ni', 12.1364, -86.2514, '198.51.100.77')).statusCode).toBe(200);
  });
});

describe('countries side by side', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-countries-'));
    dirs.push(dir);
    return dir;
  };

  it('keeps each country in its own database file', async () => {
    const dir = tempDir();
    const started = await createSandbox({ db: join(dir, 'sandbox.db'), mode: 'test', countries: [...countryApis(), zz] });
    await started.app.close();
    expect([existsSync(join(dir, 'sandbox.sv.db')), existsSync(join(dir, 'sandbox.zz.db'))]).toEqual([true, true]);
  });

  it("refuses to start when a country's path is another country's", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'xx'));
    writeFileSync(join(dir, 'xx/catalog.yaml'), readFileSync(join(FIXTURE, 'openapi/zz/catalog.yaml'), 'utf8').replace('/zz/products', '/sv/products'));
    const xx: CountryApi = { code: 'xx', openapiDir: join(dir, 'xx'), seedDir: zz.seedDir };
    await expect(createSandbox({ db: ':memory:', mode: 'test', countries: [...countryApis(), xx] })).rejects.toThrow("POST /sv/products of country xx is also country sv's");
  });
});
