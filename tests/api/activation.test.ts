import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { sampleOrder } from '../support/sampleOrder';

/** The leads orders made (L-2001 on), not the seed's (L-1001 to L-1004). */
const ORDERED_LEADS = 'select count(*) as n from leads where cast(substr(id, 3) as integer) > 2000';

const order = sampleOrder;
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('activation', () => {
  it('sent 5 times with one Idempotency-Key, after a 500 and a timeout, creates exactly one lead', async () => {
    const sandbox = await runningSandbox();
    try {
      expect((await sandbox.signIn()).ok).toBe(true);
      const key = { 'Idempotency-Key': 'order-7f3a9c21' };
      const failing = await sandbox.client({ headers: { 'x-sandbox-fault': '500' } }).call('activation', { ...key, ...order() });
      expect(failing).toEqual({ ok: false, error: expect.objectContaining({ status: 500 }) });
      const slow = await sandbox.client({ headers: { 'x-sandbox-fault': 'timeout', 'x-sandbox-fault-delay': '2000' }, timeoutMs: 500 }).call('activation', { ...key, ...order() });
      expect(slow).toEqual({ ok: false, error: expect.objectContaining({ status: 504 }) });
      const leadIds = new Set<unknown>();
      for (let i = 0; i < 3; i++) {
        const outcome = await sandbox.api.call('activation', { ...key, ...order() });
        expect(outcome.ok).toBe(true);
        if (outcome.ok) leadIds.add((outcome.data as { leadId?: unknown }).leadId);
      }
      expect(leadIds.size).toBe(1);
      expect(sandbox.db.prepare(ORDERED_LEADS).get()).toEqual({ n: 1 });
      const reused = await sandbox.api.call('activation', { ...key, ...order({ monthsContract: 24 }) });
      expect(reused).toEqual({ ok: false, error: expect.objectContaining({ status: 400 }) });
      expect(sandbox.db.prepare(ORDERED_LEADS).get()).toEqual({ n: 1 });
    } finally {
      await sandbox.close();
    }
  });

  it('gets no answer at all when the connection is cut, before the order (nothing made) or after it (made)', async () => {
    const sandbox = await runningSandbox();
    try {
      await sandbox.signIn();
      const leads = () => (sandbox.db.prepare(ORDERED_LEADS).get() as { n: number }).n;
      const dropped = await sandbox.client({ headers: { 'x-sandbox-fault': 'drop' } }).call('activation', { 'Idempotency-Key': 'order-cut-1', ...order() });
      expect(dropped).toEqual({ ok: false, error: expect.objectContaining({ kind: 'network', status: 0 }) });
      expect(leads()).toBe(0);
      const lost = await sandbox.client({ headers: { 'x-sandbox-fault': 'lost-answer' } }).call('activation', { 'Idempotency-Key': 'order-cut-2', ...order() });
      expect(lost).toEqual({ ok: false, error: expect.objectContaining({ kind: 'network', status: 0 }) });
      expect(leads()).toBe(1);
    } finally {
      await sandbox.close();
    }
  });

  it('keeps a lead across a restart on the same database file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-restart-'));
    temps.push(dir);
    const file = join(dir, 'sandbox.db');
    const first = await runningSandbox({ db: file });
    let leadId: unknown;
    try {
      await first.signIn();
      const created = await first.api.call('activation', { 'Idempotency-Key': 'order-restart-1', ...order() });
      expect(created.ok).toBe(true);
      if (created.ok) leadId = (created.data as { leadId?: unknown }).leadId;
    } finally {
      await first.close();
    }
    const second = await runningSandbox({ db: file });
    try {
      await second.signIn();
      const report = await second.api.call('sales', { pin: '2580' });
      expect(report.ok).toBe(true);
      const leads = report.ok ? ((report.data as { leads?: Array<{ id?: unknown }> }).leads ?? []) : [];
      expect(leads.map((l) => l.id)).toContain(leadId);
    } finally {
      await second.close();
    }
  });
});
