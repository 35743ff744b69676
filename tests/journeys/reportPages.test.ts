import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxDb } from '../../src/sandbox/database';
import { loadJourney } from '../support/journeyFiles';
import { addLeads } from '../support/manyLeads';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { driveOverSandbox } from '../support/sandboxJourney';

// Issue 17, point 8: each country's journey pages through the sales report (`report.page`)
// with its real provider calls against a running sandbox, and a lead opened or cancelled from a
// page leaves the agent on that page.

let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox();
});
afterAll(() => sandbox.close());

/** 41 leads of the seller (three pages of 20), newer than the seed's; ids newest first. */
function manyLeads(cc: string, seller: string) {
  return addLeads(sandbox.databases.get(cc) as SandboxDb, { seller, count: 41, newest: new Date('2027-03-01T12:00:00Z'), prefix: `L-${cc.toUpperCase()}` });
}

const ids = (leads: unknown) => (leads as Array<{ id: string }>).map((l) => l.id);

describe('the sales report, a page at a time', () => {
  it('El Salvador: pages forward and back, opens a lead of page 3, and back from it is page 3 again; the sidebar starts at page 1', async () => {
    // SV-POA-002 has no lead in the seed: these 41 are all theirs.
    const leads = manyLeads('sv', 'SV-POA-002');
    const { actor, context, step } = driveOverSandbox(loadJourney('journeys/sv.json'), sandbox, [50]);
    await step({ type: 'step.submit', data: { pin: '135790' } }, '/inicio');
    await step({ type: 'menu.salesReport' }, '/ventas-reporte');
    expect(context().report.pages).toEqual({ page: 1, pageSize: 20, total: 41 });
    expect(ids(context().report.leads)).toEqual(leads.slice(0, 20));

    await step({ type: 'report.page', page: 2 }, '/ventas-reporte');
    expect(context().report.pages).toEqual({ page: 2, pageSize: 20, total: 41 });
    expect(ids(context().report.leads)).toEqual(leads.slice(20, 40));
    await step({ type: 'report.page', page: 3 }, '/ventas-reporte');
    expect(ids(context().report.leads)).toEqual(leads.slice(40));
    await step({ type: 'report.page', page: 2 }, '/ventas-reporte');
    expect(ids(context().report.leads)).toEqual(leads.slice(20, 40));
    await step({ type: 'report.page', page: 3 }, '/ventas-reporte');

    await step({ type: 'lead.open', id: leads[40] }, '/ventas-detalle/:id');
    expect(context().report.lead).toMatchObject({ id: leads[40], cliFirstLastName: 'Número 41' });
    await step({ type: 'nav.back', route: '/ventas-reporte' }, '/ventas-reporte');
    expect(context().report.pages).toEqual({ page: 3, pageSize: 20, total: 41 });
    expect(ids(context().report.leads)).toEqual(leads.slice(40));

    await step({ type: 'menu.salesReport' }, '/ventas-reporte');
    expect(context().report.pages).toEqual({ page: 1, pageSize: 20, total: 41 });
    expect(ids(context().report.leads)).toEqual(leads.slice(0, 20));
    actor.stop();
  }, 30_000);

  it("Honduras: pages to the seed's leads, cancels one there and stays on its page", async () => {
    const leads = [...manyLeads('hn', 'HN-POA-001'), 'L-1504', 'L-1503', 'L-1502', 'L-1501'];
    const { actor, context, step } = driveOverSandbox(loadJourney('journeys/hn.json'), sandbox, [50], { latitude: 14.0818, longitude: -87.2068 });
    await step({ type: 'step.submit', data: { pin: '2580' } }, '/inicio');
    await step({ type: 'menu.salesReport' }, '/ventas-reporte');
    expect(context().report.pages).toEqual({ page: 1, pageSize: 20, total: 45 });
    expect(ids(context().report.leads)).toEqual(leads.slice(0, 20));

    await step({ type: 'report.page', page: 3 }, '/ventas-reporte');
    expect(ids(context().report.leads)).toEqual(['L-HN-00041', 'L-1504', 'L-1503', 'L-1502', 'L-1501']);
    await step({ type: 'lead.cancel', data: { leadId: 'L-1502', cancelReason: 'CUSTOMER_CHANGED_MIND' } }, '/ventas-reporte');
    expect(context().ui.message).toBe('La solicitud fue cancelada');
    expect(context().report.pages).toEqual({ page: 3, pageSize: 20, total: 45 });
    expect((context().report.leads as Array<{ id: string; status: string }>).find((l) => l.id === 'L-1502')?.status).toBe('CANCELLED');
    actor.stop();
  }, 30_000);
});
