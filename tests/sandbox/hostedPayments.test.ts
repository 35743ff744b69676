import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveTarget } from '../../src/app/leavePage';
import { operationsOf } from '../../src/tools/replay/countryOperations';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { signedHttpClient } from '../../src/tools/sandbox/signedHttpClient';
import { armFault } from '../../src/tools/sandbox/testerTools';

// The payment provider's hosted page as the sandbox plays it (src/sandbox/hostedPayments.ts), and
// the verification of what its return link claims (confirmPayment), tried as an attacker would:
// values changed in the URL, another customer's genuine return, a signature made up, a page used
// twice. Costa Rica's operations, over its seed.
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox();
});
afterAll(() => sandbox.close());

const operations = operationsOf('cr');

/** A customer of their own browser, signed up, with an order placed: its client and order. */
async function customerWithOrder(n: number) {
  const api = signedHttpClient(sandbox.address).countryClient(operations);
  const registered = await api.call('registerClient', { documentType: 'CED', documentNumber: '112340567', firstName: 'Sofía', lastName: 'Mora', phone: `8811000${n}`, email: `pago${n}@example.com` });
  if (!registered.ok) throw new Error(registered.error.message);
  const { leadId } = registered.data as { leadId: string };
  const dates = await api.call('scheduleDates', { orderType: 'Instalation', node: 'N-SJO-0101' });
  const order = await api.call('customerOrder', {
    'Idempotency-Key': `hosted-payments-${n}`,
    leadId,
    node: 'N-SJO-0101',
    productList: [{ product: 'CR-TRIPLE-100' }],
    address: { province: '1', canton: '101', district: 'Catedral', addressRef: 'Frente al parque' },
    installationDate: (dates.ok && (dates.data as { dates: string[] }).dates[0]) || '',
    time: 'AM',
  });
  if (!order.ok) throw new Error(order.error.message);
  return { api, leadId, orderId: (order.data as { orderId: string }).orderId };
}

/** A payment opened and ended on the hosted page with `result`: the return link's values. */
async function paid(api: Awaited<ReturnType<typeof customerWithOrder>>['api'], orderId: string, result: string) {
  const opened = await api.call('createPayment', { orderId, returnPath: '/pago/retorno' });
  if (!opened.ok) throw new Error(opened.error.message);
  const { redirectUrl } = opened.data as { redirectUrl: string };
  const page = await fetch(new URL(redirectUrl, sandbox.address));
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('₡30');
  const back = await fetch(new URL(redirectUrl, sandbox.address), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `result=${result}`, redirect: 'manual' });
  expect(back.status).toBe(303);
  return { redirectUrl, values: Object.fromEntries(new URL(back.headers.get('location') ?? '', sandbox.address).searchParams) as { payment: string; result: string; signature: string } };
}

const confirm = (api: Awaited<ReturnType<typeof customerWithOrder>>['api'], v: { payment: string; result: string; signature: string }) =>
  api.call('confirmPayment', { paymentId: v.payment, result: v.result, signature: v.signature });

describe("the hosted payment page's return, verified", () => {
  it('refuses a return whose result was changed in the URL, and answers the books\' status for the genuine one', async () => {
    const { api, orderId } = await customerWithOrder(1);
    const { values } = await paid(api, orderId, 'declined');
    const forged = await confirm(api, { ...values, result: 'approved' });
    expect(forged.ok ? 200 : forged.error).toMatchObject({ status: 422, message: 'No pudimos verificar el pago' });
    const genuine = await confirm(api, values);
    expect(genuine.ok && genuine.data).toMatchObject({ status: 'DECLINED', orderId });
  });

  it("refuses another customer's genuine return, a made-up signature, and an open payment's", async () => {
    const alice = await customerWithOrder(2);
    const bob = await customerWithOrder(3);
    const { values } = await paid(alice.api, alice.orderId, 'approved');
    // Bob replays Alice's return link in his own session: not his payment.
    const replayed = await confirm(bob.api, values);
    expect(replayed.ok ? 200 : replayed.error.status).toBe(422);
    expect((await confirm(alice.api, { ...values, signature: 'A'.repeat(43) })).ok).toBe(false);
    // A payment the page has not ended yet cannot be confirmed, whatever it claims.
    const opened = await bob.api.call('createPayment', { orderId: bob.orderId, returnPath: '/pago/retorno' });
    const open = (opened.ok && (opened.data as { paymentId: string }).paymentId) || '';
    const early = await confirm(bob.api, { payment: open, result: 'approved', signature: values.signature });
    expect(early.ok ? 200 : early.error.status).toBe(422);
    // Alice's own, genuine: approved, the order activated.
    expect((await confirm(alice.api, values)).ok).toBe(true);
    const row = sandbox.databases.get('cr')?.prepare('select status from customer_orders where id = ?').get(alice.orderId) as { status: string };
    expect(row.status).toBe('ACTIVATED');
  });

  it('ends a payment once: the page of an ended payment is gone, and a paid order is not paid again', async () => {
    const { api, orderId } = await customerWithOrder(4);
    const { redirectUrl, values } = await paid(api, orderId, 'approved');
    expect((await fetch(new URL(redirectUrl, sandbox.address))).status).toBe(404);
    const again = await fetch(new URL(redirectUrl, sandbox.address), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'result=declined', redirect: 'manual' });
    expect(again.status).toBe(404);
    expect((await confirm(api, values)).ok).toBe(true);
    const second = await api.call('createPayment', { orderId, returnPath: '/pago/retorno' });
    expect(second.ok ? 200 : second.error).toMatchObject({ status: 409, message: 'Esta orden ya fue pagada' });
  });

  it("never opens the hosted page for an order of another customer's", async () => {
    const alice = await customerWithOrder(5);
    const bob = await customerWithOrder(6);
    const stolen = await bob.api.call('createPayment', { orderId: alice.orderId, returnPath: '/pago/retorno' });
    expect(stolen.ok ? 200 : stolen.error.status).toBe(404);
  });

  // What the browser replay arms to make the shell send app.leaveRefused (nothing sent it on
  // /pago): the provider's page answered on plain http at another host, which the shell refuses.
  it('answers a page the shell refuses to leave for (plain http elsewhere) with the http-page fault armed, its own page again after', async () => {
    const { api, orderId } = await customerWithOrder(8);
    const app = { href: `${sandbox.address}/pago`, origin: sandbox.address };
    await armFault(sandbox.address, 'createPayment', 'http-page', 'cr');
    const refused = await api.call('createPayment', { orderId, returnPath: '/pago/retorno' });
    const refusedUrl = refused.ok ? (refused.data as { redirectUrl: string }).redirectUrl : '';
    expect(refusedUrl).toMatch(/^http:\/\//);
    expect(leaveTarget(refusedUrl, app)).toBeUndefined();
    const opened = await api.call('createPayment', { orderId, returnPath: '/pago/retorno' });
    expect(leaveTarget(opened.ok ? (opened.data as { redirectUrl: string }).redirectUrl : '', app)).toMatch(new RegExp(`^${sandbox.address}/__payments/cr/PAY-`));
  });
});

describe("a customer's order, once per key", () => {
  it('refuses its key used again with another order (it answered the first order, silently)', async () => {
    const { api, leadId } = await customerWithOrder(7);
    const other = await api.call('customerOrder', { 'Idempotency-Key': 'hosted-payments-7', leadId, node: 'N-SJO-0101', productList: [{ product: 'CR-INT-100' }], address: { province: '1', canton: '101', district: 'Catedral', addressRef: 'Otra' }, installationDate: '2027-01-04', time: 'PM' });
    expect(other.ok ? 200 : other.error).toMatchObject({ status: 400, message: 'La clave de idempotencia ya se usó con otra orden; genera una nueva para esta orden' });
  });
});
