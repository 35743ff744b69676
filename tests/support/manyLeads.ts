import type { SandboxDb } from '../../src/sandbox/database';

/**
 * Writes `count` leads for a seller into a sandbox's database as its activation writes them (the
 * lead object, its status, the seller's code, the time), one a minute apart from `newest` back:
 * a seller with a long history. Ids are `<prefix>-00001` (the newest) on; returned newest first,
 * the order the sales report lists them in.
 */
export function addLeads(db: SandboxDb, { seller, count, newest, prefix }: { seller: string; count: number; newest: Date; prefix: string }): string[] {
  const insert = db.prepare('insert into leads (id, seller_code, status, data, created_at) values (?, ?, ?, ?, ?)');
  const statuses = ['REQUESTED', 'COMPLETE', 'TOMODIFY', 'REJECTED'];
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${String(i + 1).padStart(5, '0')}`);
  db.transaction(() => {
    ids.forEach((id, i) => {
      const lead = { cliFirstName: 'Cliente', cliFirstLastName: `Número ${i + 1}` };
      insert.run(id, seller, statuses[i % statuses.length], JSON.stringify(lead), newest.getTime() - i * 60_000);
    });
  })();
  return ids;
}
