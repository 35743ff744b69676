import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import Database from 'better-sqlite3';
import { documentKey, type ProviderSettings } from './providerSettings';

export type SandboxDb = Database.Database;

const SCHEMA = `
create table if not exists meta (key text primary key, value text not null);
create table if not exists sellers (pin text primary key, msisdn text not null, code text not null, data text not null);
create table if not exists sessions (token text primary key, seller_pin text not null, created_at integer not null, last_seen_at integer);
create table if not exists rate_events (kind text not null, key text not null, at integer not null);
create index if not exists rate_events_by_key on rate_events (kind, key, at);
create table if not exists sign_in_failures (caller text primary key, failures integer not null, last_failure_at integer not null, wait_until integer not null);
create table if not exists call_keys (token text primary key, sign_key blob not null, seal_key blob not null);
create table if not exists seen_nonces (nonce text primary key, seen_at integer not null);
create table if not exists departments (id text primary key, name text not null);
create table if not exists cities (id text primary key, department_id text not null, name text not null);
create table if not exists suburbs (id text primary key, city_id text not null, name text not null);
create table if not exists nodes (id text primary key, node_class text not null, data text not null);
create table if not exists offers (plan_id text primary key, data text not null);
create table if not exists activation_costs (plan_id text not null, months integer not null, cost real not null, primary key (plan_id, months));
create table if not exists customers (document_type text not null, document_number text not null, data text not null, primary key (document_type, document_number));
create table if not exists eligibility (dui text primary key, data text not null);
create table if not exists id_cards (card text primary key, data text not null);
create table if not exists email_checks (email text primary key, status text not null);
create table if not exists uploads (file_name text primary key, card text, side text, created_at integer not null, seller_code text);
create table if not exists otp_codes (channel text not null, recipient text not null, code text not null, expires_at integer not null, primary key (channel, recipient));
-- seller_code: the seller whose call sent the message (a dev-mode outbox shows a seller its own only).
create table if not exists outbox (id integer primary key autoincrement, channel text not null, recipient text not null, message text not null, created_at integer not null, seller_code text);
create table if not exists users (id text primary key, data text not null);
create table if not exists contact_mediums (kind text not null, value text not null, user_id text not null, primary key (kind, value));
create table if not exists leads (id text primary key, seller_code text not null, status text not null, data text not null, created_at integer not null);
-- A seller's leads newest first, a page at a time (the sales report); a file made before it gets it on its next start.
create index if not exists leads_by_seller on leads (seller_code, created_at);
create table if not exists idempotency (key text primary key, body_hash text not null, status integer not null, response text not null);
create table if not exists settings (key text primary key, data text not null);
create table if not exists customer_contacts (id integer primary key autoincrement, seller_code text not null, data text not null, created_at integer not null);
create table if not exists agreements (id integer primary key autoincrement, seller_code text not null, data text not null, created_at integer not null);
create table if not exists appointments (id integer primary key autoincrement, lead_id text not null, data text not null, created_at integer not null);
-- The opaque uids that resume a customer's lead (a deep link), kept only as their SHA-256: a copy of the file resumes nothing.
create table if not exists lead_uids (uid_hash text primary key, lead_id text not null, expires_at integer not null);
-- A public form's request to be called back: kept for the provider's call centre, answered with a ticket only.
create table if not exists call_requests (ticket text primary key, data text not null, created_at integer not null);
-- A customer's order, owned by their lead, waiting for its payment (handlers/customerOrders.ts).
create table if not exists customer_orders (id text primary key, lead_id text not null, status text not null, data text not null, created_at integer not null);
-- A payment on the hosted page (hostedPayments.ts): its order and lead, what it costs, and how the page ended it.
create table if not exists payments (id text primary key, order_id text not null, lead_id text not null, status text not null, amount real not null, return_path text not null, created_at integer not null);
`;

type Seed = Record<string, unknown>;
/** One seed file; a country made of a few operations may leave out the files it has no use for. */
const readSeed = (dir: string, name: string): Seed => (existsSync(join(dir, `${name}.json`)) ? (JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as Seed) : {});
const list = (value: unknown): Array<Record<string, unknown>> => (Array.isArray(value) ? (value as Array<Record<string, unknown>>) : []);
const digitsOnly = (value: unknown) => String(value ?? '').replace(/\D/g, '');

/** Fills an empty database from a country's seed files (`src/sandbox/seed/<cc>/`; once: the file keeps what happens after). */
function seed(db: SandboxDb, dir: string, provider: ProviderSettings): void {
  const geography = readSeed(dir, 'geography');
  const coverage = readSeed(dir, 'coverage');
  const catalog = readSeed(dir, 'catalog');
  const people = readSeed(dir, 'people');
  const schedule = readSeed(dir, 'schedule');
  const insert = (sql: string) => db.prepare(sql);
  const department = insert('insert into departments (id, name) values (?, ?)');
  const city = insert('insert into cities (id, department_id, name) values (?, ?, ?)');
  const suburb = insert('insert into suburbs (id, city_id, name) values (?, ?, ?)');
  for (const d of list(geography.departments)) {
    department.run(d.id, d.name);
    for (const c of list(d.cities)) {
      city.run(c.id, d.id, c.name);
      for (const s of list(c.suburbs)) suburb.run(s.id, c.id, s.name);
    }
  }
  const node = insert('insert into nodes (id, node_class, data) values (?, ?, ?)');
  for (const n of list(coverage.nodes)) node.run(n.id, String(n.nodeClass), JSON.stringify(n));
  const offer = insert('insert into offers (plan_id, data) values (?, ?)');
  for (const o of list(catalog.offers)) offer.run(o.planId, JSON.stringify(o));
  const cost = insert('insert into activation_costs (plan_id, months, cost) values (?, ?, ?)');
  for (const c of list(catalog.activationCosts)) cost.run(c.planId, c.months, c.cost);
  const seller = insert('insert into sellers (pin, msisdn, code, data) values (?, ?, ?, ?)');
  for (const s of list(people.sellers)) seller.run(s.pin, s.msisdn, s.poaSellerCode, JSON.stringify(s));
  const customer = insert('insert into customers (document_type, document_number, data) values (?, ?, ?)');
  for (const c of list(people.customers)) customer.run(c.documentType, documentKey(provider, String(c.documentType), c.documentNumber), JSON.stringify(c));
  const eligibility = insert('insert into eligibility (dui, data) values (?, ?)');
  for (const e of list(people.eligibility)) eligibility.run(digitsOnly(e.dui), JSON.stringify(e));
  const card = insert('insert into id_cards (card, data) values (?, ?)');
  for (const c of list(people.idCards)) card.run(c.card, JSON.stringify(c));
  const email = insert('insert into email_checks (email, status) values (?, ?)');
  for (const e of list(people.emails)) email.run(String(e.email).toLowerCase(), e.status);
  // Leads already in the provider's books (a sales report with every status before any sale).
  const lead = insert('insert into leads (id, seller_code, status, data, created_at) values (?, ?, ?, ?, ?)');
  for (const l of list(people.leads)) lead.run(l.id, l.poaSellerCode, l.status, JSON.stringify(l), Date.parse(String(l.createdAt)));
  // A seller with a long history, for the report's later pages: `count` copies of the lead
  // `like`, ids `<prefix>001` on (the newest; `L-0` keeps them below the ids new sales get), a day apart back from `newest`.
  for (const h of list(people.histories)) {
    const like = list(people.leads).find((l) => l.id === h.like);
    if (!like) throw new Error(`seed ${dir}: the history of ${String(h.poaSellerCode)} copies the lead ${String(h.like)}, which people.json does not have`);
    for (let i = 0; i < Number(h.count); i += 1) {
      const id = `${String(h.prefix)}${String(i + 1).padStart(3, '0')}`;
      const at = Date.parse(String(h.newest)) - i * 86_400_000;
      lead.run(id, h.poaSellerCode, like.status, JSON.stringify({ ...like, id, poaSellerCode: h.poaSellerCode, createdAt: new Date(at).toISOString() }), at);
    }
  }
  insert('insert into settings (key, data) values (?, ?)').run('schedule', JSON.stringify(schedule));
  // Add-ons sold with a plan, and where typed addresses are (the map opens there).
  insert('insert into settings (key, data) values (?, ?)').run('addons', JSON.stringify(catalog.addons ?? []));
  insert('insert into settings (key, data) values (?, ?)').run('points', JSON.stringify(geography.points ?? []));
  insert('insert into settings (key, data) values (?, ?)').run('addresses', JSON.stringify(geography.addresses ?? []));
  insert('insert into settings (key, data) values (?, ?)').run('uncovered', JSON.stringify(coverage.uncovered ?? []));
  // The country's prices: their currency and the tax they include (catalog.json).
  insert('insert into settings (key, data) values (?, ?)').run('prices', JSON.stringify({ currency: catalog.currency ?? provider.currency.code, vatRate: Number(catalog.vatRate ?? 0) }));
  insert("insert into meta (key, value) values ('seeded', ?)").run(new Date().toISOString());
}

/** The folder of the seed data, one folder per country: `src/sandbox/seed/<cc>/`. */
export const SEED_ROOT = 'src/sandbox/seed';

/**
 * A country's database file: `.data/sandbox.db` gives `.data/sandbox.sv.db` for SV, so that
 * every country keeps its own data across restarts (`:memory:` stays in memory).
 */
export function countryDbFile(file: string, cc: string): string {
  if (file === ':memory:') return file;
  const ext = extname(file);
  return join(dirname(file), `${basename(file, ext)}.${cc}${ext || '.db'}`);
}

/**
 * Opens one country's sandbox database: a file (created with its folder on first start, seeded
 * once from the country's seed folder, its documents keyed as `provider` compares them, and kept
 * across restarts) or `:memory:` for tests.
 */
export function openDatabase(file: string, seedDir: string, provider: ProviderSettings): SandboxDb {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(SCHEMA);
  migrate(db);
  const seeded = db.prepare("select value from meta where key = 'seeded'").get();
  if (!seeded) db.transaction(() => seed(db, seedDir, provider))();
  keepStatements(db);
  return db;
}

/** More distinct statements than the code writes: past it the cache starts again (SQL built from a list's length). */
const MAX_KEPT_STATEMENTS = 500;

/**
 * Each statement compiled once and used again: compiling one was a tenth of the sandbox's busy
 * time under load (bench:sandbox), a call compiling the same few each time. Safe because no
 * handler changes a statement's mode (pluck, raw, expand) or iterates one while another call
 * runs: every call's statements finish (`get`, `all`, `run`) within it.
 */
function keepStatements(db: SandboxDb): void {
  const kept = new Map<string, Database.Statement>();
  const compile = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    let statement = kept.get(sql);
    if (!statement) {
      if (kept.size >= MAX_KEPT_STATEMENTS) kept.clear();
      statement = compile(sql);
      kept.set(sql, statement);
    }
    return statement;
  }) as SandboxDb['prepare'];
}

/** Columns added since a database file was made: a file kept across restarts gets them on its next start. */
function migrate(db: SandboxDb): void {
  const addColumn = (table: string, column: string, type: string) => {
    const columns = db.prepare(`pragma table_info(${table})`).all() as Array<{ name: string }>;
    if (!columns.some((c) => c.name === column)) db.exec(`alter table ${table} add column ${column} ${type}`);
  };
  // Whose upload it is (another seller's photo is as if it were not there); older rows are nobody's.
  addColumn('uploads', 'seller_code', 'text');
  // When a session last called (its idle expiry); older sessions count from their sign-in.
  addColumn('sessions', 'last_seen_at', 'integer');
  // Whose call sent an outbox message (issue 31: a seller reads its own codes); older rows are nobody's.
  addColumn('outbox', 'seller_code', 'text');
  // A customer's session is owned by a lead (issue 33), not a seller; older sessions are agents'.
  addColumn('sessions', 'customer_lead', 'text');
}

/** One JSON column read back. */
export function parseData<T>(row: unknown): T | undefined {
  const data = (row as { data?: string } | undefined)?.data;
  return data === undefined ? undefined : (JSON.parse(data) as T);
}
