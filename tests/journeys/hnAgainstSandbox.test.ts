import { SimulatedClock, waitFor } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallInput } from '../../src/api/callOperation';
import { loadJourney } from '../support/journeyFiles';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { driveOverSandbox } from '../support/sandboxJourney';

// The Honduras journey with its real provider calls: the api layer's actors against a running
// sandbox that serves Honduras's API (openapi/hn/) over its own seed (src/sandbox/seed/hn/),
// signed and sealed as its country file says. Each branch is reached by the seed's values
// (src/sandbox/seed/hn/README.md), none by a stand-in answer.
const journey = loadJourney('journeys/hn.json');
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
/** How far the sandbox's clock is moved ahead, with a journey's simulated clock (the order still processing after 1000 s). */
let moved = 0;
beforeAll(async () => {
  sandbox = await runningSandbox({ now: () => new Date(Date.now() + moved) });
});
afterAll(() => sandbox.close());

const TEGUCIGALPA = { latitude: 14.0818, longitude: -87.2068 };
const client = (documentNumber: string) => ({ documentType: 'CC', documentNumber, cliFirstName: 'María José', cliLastName: 'Zelaya Cruz', cliTelephone: '88765432' });
const address = { department: '08', municipality: '0801', suburb: 'Colonia Kennedy', street: 'Calle Principal', house: '12' };

/** Signed in as Honduras's seller, the client checked with the provider: at the branch `next`. */
async function clientChecked(documentNumber: string, next: string, options: Parameters<typeof driveOverSandbox>[4] = {}) {
  const drive = driveOverSandbox(journey, sandbox, [50, 100, 200], TEGUCIGALPA, options);
  await drive.step({ type: 'step.submit', data: { pin: '2580' } }, '/inicio');
  await drive.step({ type: 'menu.newClient' }, '/información-del-cliente');
  await drive.step({ type: 'step.submit', data: client(documentNumber) }, next);
  return drive;
}

/** A new client from the location to the ID review, the front photo being `card`'s. */
async function toIdReview(documentNumber: string, card = 'maria-zelaya', options: Parameters<typeof driveOverSandbox>[4] = {}) {
  const drive = await clientChecked(documentNumber, '/servicios-de-ubicacion', options);
  const { step, context, upload } = drive;
  await step({ type: 'step.submit' }, '/ingresa-direccion');
  await step({ type: 'step.submit', data: { ...address, home: false } }, '/direccion-mapa');
  // The typed address placed by the provider: Distrito Central's centre.
  expect(context().sale.point).toEqual({ latitude: 14.072275, longitude: -87.192136 });
  await step({ type: 'step.submit', data: TEGUCIGALPA }, '/productos');
  const offer = (context().sale.catalog as Array<{ planId: string }>).find((o) => o.planId === 'HN-DOBLE-50');
  await step({ type: 'offer.toggle', planId: 'HN-DOBLE-50', offer }, '/productos');
  await step({ type: 'step.submit' }, '/adicionales');
  const addons = await drive.api.call('addons', { node: context().sale.coverage.node, planId: 'HN-DOBLE-50' });
  expect(addons.ok && (addons.data as { addons: Array<{ name: string }> }).addons.map((a) => a.name)).toEqual(['HBO Max', 'Paquete de fútbol', 'Extensor WiFi']);
  await step({ type: 'step.submit', data: { addonIds: ['ADD-HBO', 'ADD-FUTBOL'] } }, '/proceder-pago');
  await step({ type: 'step.submit', data: { monthsContract: 12, activationCost: context().sale.checkout.activationCost } }, '/id-escaneo-frontal');
  const front = await upload('frontIdUpload', `${card}-front.png`, { fileName: 'ID_front_side', transaction_type: 'sale' });
  await step({ type: 'step.submit', data: front.Payload }, '/id-revisar');
  return drive;
}

/** The reviewed ID as read, checked with the register: at `next`. */
async function reviewed(drive: Awaited<ReturnType<typeof toIdReview>>, next: string) {
  await drive.step({ type: 'step.submit', data: { ...drive.context().sale.id.review } }, next);
}

const contract = { email: 'maria.zelaya@example.com', cliTelephone: '88765432', refNameA: 'Luis Cruz', refTelephoneA: '77887766', refNameB: 'Ana Flores', refTelephoneB: '22334455' };

/**
 * From the contract form to the activation screen, both codes from the sandbox's outbox. A phone
 * and an e-mail are one customer's (the provider refuses them for another document).
 */
async function toActivation(drive: Awaited<ReturnType<typeof toIdReview>>, contact = { email: contract.email, cliTelephone: contract.cliTelephone }) {
  const { step, outboxCode } = drive;
  await step({ type: 'step.submit', data: { ...contract, ...contact } }, '/verificar-telefono');
  await step({ type: 'step.submit', data: { code: await outboxCode(contact.cliTelephone) } }, '/verificar-correo');
  await step({ type: 'step.submit', data: { code: await outboxCode(contact.email) } }, '/activacion');
}

/** Waits (the journey asks the order's status every 5 s) until it shows `route`. */
async function activated(drive: Awaited<ReturnType<typeof toIdReview>>, paymentOption: number, route: string) {
  drive.actor.send({ type: 'step.submit', data: { paymentOption } } as never);
  // Arrived when the step shows and the calls it started have answered (the visit's dates):
  // on a loaded machine the step shows well before its first call answers.
  await waitFor(drive.actor, (s) => drive.route() === route && Object.values(s.children).every((child) => child?.getSnapshot().status !== 'active'), { timeout: 15_000 }).catch(() => undefined);
  expect(drive.route(), String(drive.context().ui.message)).toBe(route);
}

describe('the Honduras journey against the sandbox', () => {
  it("signs in with Honduras's seller and opens the sales report with every status", async () => {
    const { actor, context, step } = driveOverSandbox(journey, sandbox, [50, 100, 200], TEGUCIGALPA);
    await step({ type: 'step.submit', data: { pin: '2580' } }, '/inicio');
    expect(context().seller.poaSellerCode).toBe('HN-POA-001');
    await step({ type: 'menu.salesReport' }, '/ventas-reporte');
    const statuses = (context().report.leads as Array<{ id: string; status: string }>).map((l) => `${l.id} ${l.status}`);
    expect(statuses).toEqual(expect.arrayContaining(['L-1501 COMPLETE', 'L-1502 REQUESTED', 'L-1503 REJECTED', 'L-1504 TOMODIFY']));
    actor.stop();
  }, 30_000);

  it("refuses a PIN that is not a Honduran seller's, and stays on the landing with the message", async () => {
    const { actor, context, step } = driveOverSandbox(journey, sandbox, [50]);
    await step({ type: 'step.submit', data: { pin: '1111' } }, '/');
    expect(context().ui.message).toEqual(expect.any(String));
    expect(context().seller).toBeNull();
    actor.stop();
  }, 30_000);

  it('sends a customer with an open order to the active transaction screen', async () => {
    const { actor, context } = await clientChecked('0801198011111', '/transaccion-activa');
    expect(context().sale.transactions).toEqual([{ orderId: 'L-1001', status: 'REQUESTED', createdAt: '2026-11-20T09:00:00-06:00' }]);
    actor.stop();
  }, 30_000);

  it('stops a customer who owes the provider, with the reason', async () => {
    const { actor, context } = await clientChecked('0801198522222', '/la-información-del-cliente-falló');
    expect(context().ui.message).toBe('El cliente tiene un saldo pendiente con la compañía. Debe pagarlo antes de contratar un servicio nuevo.');
    expect(context().sale.debt).toEqual({ hasDebt: true, amount: 1250.5, currency: 'HNL' });
    actor.stop();
  }, 30_000);

  it("shows a customer's current plans: modify them at the provider's site, or sell at a new residence", async () => {
    const modify = await clientChecked('0501199033333', '/servicios-existentes');
    expect(modify.context().sale.currentPlans).toEqual([{ contractId: 'C-5001', planName: 'Internet Hogar 50 Mbps', planId: 'HN-INT-50', address: 'Col. Kennedy, Tegucigalpa' }]);
    await modify.step({ type: 'step.submit', data: { choice: '0' } }, '/mitigo');
    modify.actor.stop();
    const newHome = await clientChecked('0501199033333', '/servicios-existentes');
    await newHome.step({ type: 'step.submit', data: { choice: '1' } }, '/servicios-de-ubicacion');
    newHome.actor.stop();
  }, 30_000);

  it("shows the provider's failure when the client check fails", async () => {
    const { actor, context } = await clientChecked('0801199544444', '/la-información-del-cliente-falló');
    expect(context().ui.message).toBe('Error de servidor interno');
    actor.stop();
  }, 30_000);

  it('sends a point with no node to the no-offer screen', async () => {
    const { actor, step } = await clientChecked('0801199000001', '/servicios-de-ubicacion');
    await step({ type: 'step.submit' }, '/ingresa-direccion');
    await step({ type: 'step.submit', data: { department: '09', municipality: '0901', suburb: 'Barrio El Centro', street: 'Calle Principal', house: '3', home: false } }, '/direccion-mapa');
    await step({ type: 'step.submit', data: { latitude: 15.0, longitude: -86.0 } }, '/oferta-no-disponible');
    actor.stop();
  }, 30_000);

  it('sends an ID the national register does not recognise to the ID-not-valid screen, and back to the review', async () => {
    const drive = await toIdReview('0801199000002', 'jose-mejia');
    expect(drive.context().sale.id.review).toMatchObject({ documentNumber: '0801198866666', birthDate: '02', birthMonth: '07', birthYear: '1988', gender: 'M' });
    await reviewed(drive, '/id-no-valido');
    expect(drive.context().ui.message).toBe('El documento no coincide con el registro nacional');
    await drive.step({ type: 'step.retry' }, '/id-revisar');
    drive.actor.stop();
  }, 30_000);

  it("sends a refused agreement to the ID-not-valid screen with the provider's words", async () => {
    const drive = await toIdReview('0801199000003', 'ana-rivera');
    await reviewed(drive, '/contrato-formulario');
    await drive.step({ type: 'step.submit', data: contract }, '/id-no-valido');
    expect(drive.context().ui.message).toBe('El cliente no puede firmar un contrato nuevo: tiene un acuerdo anulado por fraude');
    drive.actor.stop();
  }, 30_000);

  it('sells to a new client paying the installer: order, activation, the visit, success, and the lead in the report', async () => {
    const drive = await toIdReview('0801199000004');
    await reviewed(drive, '/contrato-formulario');
    await toActivation(drive);
    await activated(drive, 0, '/agendar-visita');
    const date = drive.context().sale.schedule.dates[0] as string;
    await drive.step({ type: 'step.submit', data: { installationDate: date, time: 'PM', cliTelephone: '88765432', actComments: 'Portón negro' } }, '/orden-exito');
    expect(drive.context().sale.appointment).toMatchObject({ appointmentId: expect.stringMatching(/^AP-\d+$/), installationDate: date, time: 'PM' });
    const leadId = drive.context().sale.order.leadId as string;
    await drive.step({ type: 'step.home' }, '/inicio');
    await drive.step({ type: 'menu.salesReport' }, '/ventas-reporte');
    const lead = (drive.context().report.leads as Array<Record<string, unknown>>).find((l) => l.id === leadId);
    expect(lead).toMatchObject({ status: 'COMPLETE', paymentOption: 0, addonList: ['ADD-HBO', 'ADD-FUTBOL'], cliInstallationDate: date, installationTime: 'PM', monthsContract: 12 });
    drive.actor.stop();
  }, 60_000);

  it.each([1, 2])('sells to a new client paying by option %i straight to success', async (paymentOption) => {
    const drive = await toIdReview(`080119900001${paymentOption}`);
    await reviewed(drive, '/contrato-formulario');
    await toActivation(drive);
    await activated(drive, paymentOption, '/orden-exito');
    drive.actor.stop();
  }, 60_000);

  it("keeps an order the provider rejects on the activation screen with the provider's words", async () => {
    const drive = await toIdReview('0801199000005', 'pedro-lagos');
    await reviewed(drive, '/contrato-formulario');
    await toActivation(drive, { email: 'pedro.lagos@example.com', cliTelephone: '77665544' });
    drive.actor.send({ type: 'step.submit', data: { paymentOption: 1 } } as never);
    await waitFor(drive.actor, () => drive.context().ui.message === 'La activación fue rechazada: la dirección no tiene puerto disponible en el nodo', { timeout: 15_000 }).catch(() => undefined);
    expect(drive.context().ui.message).toBe('La activación fue rechazada: la dirección no tiene puerto disponible en el nodo');
    expect(drive.route()).toBe('/activacion');
    drive.actor.stop();
  }, 60_000);

  it('places a new order, under a new key, when the agent confirms again after a rejection (the rejected order\'s key was sent again and the provider refused it)', async () => {
    const sent: Array<{ operationId: string; input: CallInput | undefined }> = [];
    const drive = await toIdReview('0801199400002', 'maria-zelaya', { sent });
    // The review's number is the order's: the customer whose first order the provider rejects.
    await drive.step({ type: 'step.submit', data: { ...drive.context().sale.id.review, documentNumber: '0801199400002' } }, '/contrato-formulario');
    await toActivation(drive, { email: 'marco.diaz@example.com', cliTelephone: '77660022' });
    drive.actor.send({ type: 'step.submit', data: { paymentOption: 1 } } as never);
    await waitFor(drive.actor, () => drive.context().ui.message === 'La activación fue rechazada: la dirección no tiene puerto disponible en el nodo', { timeout: 15_000 });
    expect(drive.route()).toBe('/activacion');
    await activated(drive, 2, '/orden-exito');
    const keys = sent.filter((s) => s.operationId === 'activation').map((s) => (s.input as Record<string, unknown>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    drive.actor.stop();
  }, 60_000);

  it('asks again about an order still processing after 1000 s when the agent confirms again, never placing it twice (a second order went under the same key, and the provider refused it)', async () => {
    const clock = new SimulatedClock();
    const sent: Array<{ operationId: string; input: CallInput | undefined }> = [];
    const drive = await toIdReview('0801199400001', 'maria-zelaya', { clock, sent });
    await drive.step({ type: 'step.submit', data: { ...drive.context().sale.id.review, documentNumber: '0801199400001' } }, '/contrato-formulario');
    await toActivation(drive, { email: 'elena.soto@example.com', cliTelephone: '77660011' });
    const settled = () => waitFor(drive.actor, (s) => !s.hasTag('busy') || Object.values(s.children).every((c) => c?.getSnapshot().status !== 'active'), { timeout: 8_000 });
    drive.actor.send({ type: 'step.submit', data: { paymentOption: 1 } } as never);
    await waitFor(drive.actor, (s) => s.hasTag('busy') && Object.values(s.children).every((c) => c?.getSnapshot().status !== 'active'), { timeout: 8_000 });
    // The app stops asking after 1000 s: the order is still processing at the provider. The agent
    // was active meanwhile, so the app's keep-alive kept the provider's session (15 minutes idle).
    for (let i = 0; i < 4; i++) {
      moved += 250_000;
      expect((await drive.api.call('sessionKeepAlive', {})).ok).toBe(true);
    }
    clock.increment(1_000_000);
    await waitFor(drive.actor, () => drive.context().ui.message === 'La orden sigue en proceso. Revisa su estado en el reporte de ventas.', { timeout: 8_000 });
    expect(drive.route()).toBe('/activacion');
    // Confirmed again, with another payment chosen: the order is asked about, and it is done by now.
    drive.actor.send({ type: 'step.submit', data: { paymentOption: 2 } } as never);
    await settled();
    moved += 5_000;
    clock.increment(5_000);
    await waitFor(drive.actor, () => drive.route() === '/orden-exito', { timeout: 8_000 }).catch(() => undefined);
    expect(drive.route(), String(drive.context().ui.message)).toBe('/orden-exito');
    expect(sent.filter((s) => s.operationId === 'activation')).toHaveLength(1);
    expect(drive.context().sale.payment).toEqual({ paymentOption: 1 });
    drive.actor.stop();
  }, 60_000);

  it('cancels an open lead with a reason, and refuses to cancel a settled one', async () => {
    const { actor, context, step } = driveOverSandbox(journey, sandbox, [50], TEGUCIGALPA);
    await step({ type: 'step.submit', data: { pin: '2580' } }, '/inicio');
    await step({ type: 'menu.salesReport' }, '/ventas-reporte');
    await step({ type: 'lead.cancel', data: { leadId: 'L-1502', cancelReason: 'CUSTOMER_CHANGED_MIND' } }, '/ventas-reporte');
    expect(context().ui.message).toBe('La solicitud fue cancelada');
    expect((context().report.leads as Array<{ id: string; status: string }>).find((l) => l.id === 'L-1502')?.status).toBe('CANCELLED');
    await step({ type: 'lead.cancel', data: { leadId: 'L-1501', cancelReason: 'MORE_INFORMATION' } }, '/ventas-reporte');
    expect(context().ui.message).toBe('La solicitud ya no se puede cancelar');
    actor.stop();
  }, 30_000);
});
