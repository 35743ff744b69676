import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations as hnOperations } from '../../src/api/generated/hn/operations';
import { operations as svOperations } from '../../src/api/generated/sv/operations';
import type { SandboxDb } from '../../src/sandbox/database';
import { loadCountryOperations } from '../../src/openapi/countryOperations';
import { addLeads } from '../support/manyLeads';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';

// Issue 17, point 8: the sales report is paged (openapi `sales`, designed: `page`, `pageSize`,
// `total`). A seller with 5,000 leads, through the api layer against a running sandbox over
// SQLite (signed calls, sealed answers), in both countries: each answer as the caller reads it,
// and as the provider sent it, checked against the operation's spec.

type Lead = { id: string };
type Page = { leads: Lead[]; page: number; pageSize: number; total: number };

const COUNTRIES = [
  // SV-POA-002 has no lead in the seed: the 5,000 are all theirs.
  { cc: 'sv', country: 'SV', table: svOperations, pin: '135790', seller: 'SV-POA-002', other: 'SV-POA-001', seedLeads: [] as string[] },
  // Honduras's one seller has the seed's four (November 2026), older than the 5,000.
  { cc: 'hn', country: 'HN', table: hnOperations, pin: '2580', seller: 'HN-POA-001', other: 'HN-POA-002', seedLeads: ['L-1504', 'L-1503', 'L-1502', 'L-1501'] },
] as const;

describe.each(COUNTRIES)('the sales report of a seller with 5,000 leads ($country)', ({ cc, country, table, pin, seller, other, seedLeads }) => {
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  const spec = loadCountryOperations(cc).find((op) => op.operationId === 'sales');
  /** What the provider sent, opened (answers travel sealed), for the last call. */
  let sent: { status: number; body: unknown } | undefined;
  const recorder: Middleware = {
    async onResponse({ response }) {
      sent = { status: response.status, body: JSON.parse(await response.clone().text()) as unknown };
      return undefined;
    },
  };
  let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
  let api: ReturnType<typeof sandbox.countryClient>;
  let mine: string[];
  let theirs: string[];
  beforeAll(async () => {
    sandbox = await runningSandbox();
    const db = sandbox.databases.get(cc) as SandboxDb;
    // Newer than the seed's leads; another seller's written in between, minute for minute.
    mine = addLeads(db, { seller, count: 5000, newest: new Date('2027-03-01T12:00:00Z'), prefix: 'L-MINE' });
    theirs = addLeads(db, { seller: other, count: 300, newest: new Date('2027-03-01T11:59:30Z'), prefix: 'L-THEIRS' });
    api = sandbox.countryClient(table, { middleware: [recorder] });
    const signedIn = await api.call('accessToken', { code: pin, country });
    expect(signedIn.ok).toBe(true);
  });
  afterAll(() => sandbox.close());

  const all = () => [...mine, ...seedLeads];
  /** One page as the caller reads it, the provider's answer checked against the spec's 200. */
  async function report(input: { page?: unknown; pageSize?: unknown } = {}): Promise<Page> {
    const outcome = await api.call('sales', { pin, ...input });
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    const validate = ajv.compile(spec?.responses['200']?.schema as object);
    expect(validate(sent?.body), JSON.stringify(validate.errors)).toBe(true);
    return (outcome.ok ? outcome.data : undefined) as Page;
  }

  it('answers the first page of 20, newest first, with the seller\'s total', async () => {
    const first = await report();
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: all().length });
    expect(first.leads.map((l) => l.id)).toEqual(mine.slice(0, 20));
  });

  it('answers the page asked for, of the size asked for', async () => {
    const third = await report({ page: 3, pageSize: 50 });
    expect(third).toMatchObject({ page: 3, pageSize: 50, total: all().length });
    expect(third.leads.map((l) => l.id)).toEqual(all().slice(100, 150));
  });

  it('answers the last page with what is left, and a page past the last with no leads and the same total', async () => {
    const last = Math.ceil(all().length / 100);
    const lastPage = await report({ page: last, pageSize: 100 });
    expect(lastPage.leads.map((l) => l.id)).toEqual(all().slice((last - 1) * 100));
    expect(lastPage.leads.at(-1)?.id).toBe(all().at(-1));
    const past = await report({ page: last + 1, pageSize: 100 });
    expect(past).toEqual({ leads: [], page: last + 1, pageSize: 100, total: all().length });
  });

  it("gives every lead of the seller once across the pages, and never another seller's", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all().length / 100); page += 1) seen.push(...(await report({ page, pageSize: 100 })).leads.map((l) => l.id));
    expect(seen).toEqual(all());
    expect(seen.filter((id) => theirs.includes(id))).toEqual([]);
  });

  it.each([
    ['a page size of 0', { pageSize: 0 }, 'body/pageSize'],
    ['a page size over 100', { pageSize: 101 }, 'body/pageSize'],
    ['a page size that is not whole', { pageSize: 2.5 }, 'body/pageSize'],
    ['a page of 0', { page: 0 }, 'body/page'],
    ['a page as text', { page: '2' }, 'body/page'],
  ])('refuses %s with the 400 of section 8, naming the field', async (_case, input, field) => {
    const outcome = await api.call('sales', { pin, ...input });
    expect(outcome).toMatchObject({ ok: false, error: { status: 400, message: 'Por favor, valida la información' } });
    expect(sent).toEqual({ status: 400, body: { errors: [{ code: 'VALIDATION', message: 'Por favor, valida la información', field }] } });
    const validate = ajv.compile(spec?.responses['400']?.schema as object);
    expect(validate(sent?.body), JSON.stringify(validate.errors)).toBe(true);
  });
});
