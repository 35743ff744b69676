import { waitFor } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJourney } from '../support/journeyFiles';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { driveOverSandbox } from '../support/sandboxJourney';

// The Nicaragua journey with its real provider calls: the api layer's actors against a running
// sandbox that serves Nicaragua's API (openapi/ni/) over its own seed (src/sandbox/seed/ni/),
// signed and sealed as its country file says. The public coverage check runs first, without any
// session; each branch of the sale is reached by the seed's values (src/sandbox/seed/ni/README.md),
// none by a stand-in answer.
const journey = loadJourney('journeys/ni.json');
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox();
});
afterAll(() => sandbox.close());

const MANAGUA = { latitude: 12.1364, longitude: -86.2514 };
const client = (documentNumber: string, documentType = 'CI') => ({ documentType, documentNumber, cliFirstName: 'María José', cliLastName: 'Rivas Pérez', cliTelephone: '88765432' });
const address = { department: '55', municipality: '5506', suburb: 'Barrio Altamira', street: 'Calle Principal', house: '12' };

type Drive = ReturnType<typeof driveOverSandbox>;

/** At the welcome, no one signed in: the public coverage map, the device's position on it. */
async function publicMap(): Promise<Drive> {
  const drive = driveOverSandbox(journey, sandbox, [50, 100, 200], MANAGUA);
  expect(drive.route()).toBe('/');
  await drive.step({ type: 'step.coverage' }, '/cobertura/na');
  await drive.step({ type: 'step.submit' }, '/cobertura/na/mapa');
  expect(drive.context().coverageCheck.point).toEqual(MANAGUA);
  return drive;
}

/** Signed in as Nicaragua's seller, the client checked with the provider (debts, then plans): at `next`. */
async function clientChecked(documentNumber: string, next: string, documentType = 'CI'): Promise<Drive> {
  const drive = driveOverSandbox(journey, sandbox, [50, 100, 200], MANAGUA);
  await drive.step({ type: 'step.submit', data: { pin: '2580' } }, '/inicio');
  expect(drive.context().seller.poaSellerCode).toBe('NI-POA-001');
  await drive.step({ type: 'menu.newClient' }, '/información-del-cliente');
  await drive.step({ type: 'step.submit', data: client(documentNumber, documentType) }, next);
  return drive;
}

/** A new client from the address to the ID's front: Managua placed by the provider, an offer and an add-on, 12 months. */
async function toIdFront(drive: Drive) {
  const { step, context } = drive;
  await step({ type: 'step.submit', data: address }, '/direccion-mapa');
  expect(context().sale.point).toEqual(MANAGUA);
  await step({ type: 'step.submit', data: MANAGUA }, '/productos');
  const offer = (context().sale.catalog as Array<{ planId: string }>).find((o) => o.planId === 'NI-TRIPLE-100');
  expect(offer).toBeDefined();
  await step({ type: 'offer.toggle', planId: 'NI-TRIPLE-100', offer }, '/productos');
  await step({ type: 'step.submit' }, '/adicionales');
  await step({ type: 'step.submit', data: { addonIds: ['ADD-HBO'] } }, '/proceder-pago');
  await step({ type: 'checkout.months', months: 12 }, '/proceder-pago');
  expect(context().sale.checkout.activationCost).toBe(850);
  await step({ type: 'step.submit', data: { monthsContract: 12, activationCost: 850 } }, '/id-escaneo-frontal');
}

const contract = { email: 'maria.rivas@example.com', cliTelephone: '88765432', refNameA: 'Luis Pérez', refTelephoneA: '77887766', refNameB: 'Ana Flores', refTelephoneB: '22334455' };

/** Waits (the order's status asked every 5 s) until the journey shows `route`. */
async function activated(drive: Drive, route: string) {
  drive.actor.send({ type: 'step.submit', data: { paymentOption: 1 } } as never);
  // The journey's own answer to each status: waited for on its snapshots, not on a clock of the test's.
  await waitFor(drive.actor, (s) => drive.route() === route && Object.values(s.children).every((child) => child?.getSnapshot().status !== 'active'), { timeout: 15_000 }).catch(() => undefined);
  expect(drive.route(), String(drive.context().ui.message)).toBe(route);
}

describe('the Nicaragua journey against the sandbox', () => {
  it('checks coverage before any sign-in: no session, an answer that says only covered or not and the network', async () => {
    const drive = await publicMap();
    expect(drive.context().session.signedIn).toBe(false);
    await drive.step({ type: 'step.submit', data: MANAGUA }, '/cobertura/na/mapa');
    expect(drive.context().coverageCheck.result).toEqual({ covered: true, networkType: 'FTTH' });
    expect(drive.context().ui.message).toBe('Hay servicio de internet y televisión por fibra óptica en este punto.');
    await drive.step({ type: 'step.submit', data: { latitude: 12.4347, longitude: -86.879 } }, '/cobertura/na/mapa');
    expect(drive.context().coverageCheck.result).toEqual({ covered: true, networkType: 'HFC' });
    await drive.step({ type: 'step.submit', data: { latitude: 12.9256, longitude: -85.9175 } }, '/cobertura/na/mapa');
    expect(drive.context().ui.message).toBe('En este punto solo hay televisión satelital.');
    await drive.step({ type: 'step.submit', data: { latitude: 11.1236, longitude: -84.7795 } }, '/cobertura/na/mapa');
    expect(drive.context().coverageCheck.result).toEqual({ covered: false });
    expect(drive.context().ui.message).toBe('Todavía no hay servicio en este punto.');
    expect(drive.context().session.signedIn).toBe(false);
    // From the map to the sign-in, and in.
    await drive.step({ type: 'step.home' }, '/');
    await drive.step({ type: 'step.submit', data: { pin: '2580' } }, '/inicio');
    drive.actor.stop();
  }, 30_000);

  it('opens the public map at the country\'s centre when the agent looks the point up', async () => {
    const drive = driveOverSandbox(journey, sandbox, [50], MANAGUA);
    await drive.step({ type: 'step.coverage' }, '/cobertura/na');
    await drive.step({ type: 'step.map' }, '/cobertura/na/mapa');
    expect(drive.context().coverageCheck.point).toBeNull();
    drive.actor.stop();
  }, 30_000);

  it('sells to a new client: address, offer, ID front and rear, review, contract, both codes, proof of address, the order activated, the visit booked', async () => {
    const drive = await clientChecked('0011503900001A', '/ingresa-direccion');
    await toIdFront(drive);
    const { step, upload, context, outboxCode } = drive;
    const front = await upload('frontIdUpload', 'maria-rivas-front.png', { fileName: 'ID_front_side', transaction_type: 'sale' });
    await step({ type: 'step.submit', data: front.Payload }, '/id-escaneo-posterior');
    const rear = await upload('frontIdUpload', 'maria-rivas-rear.png', { fileName: 'ID_rear_side', transaction_type: 'sale' });
    await step({ type: 'step.submit', data: rear.Payload }, '/id-revisar');
    expect(context().sale.id.review).toMatchObject({ documentNumber: '0011503900001A', cliFirstName: 'MARÍA JOSÉ', birthDate: '15', birthMonth: '03', birthYear: '1990', gender: 'F' });
    await step({ type: 'step.submit', data: { ...context().sale.id.review } }, '/informacion-adicional');
    await step({ type: 'step.submit', data: contract }, '/verificar-telefono');
    await step({ type: 'step.submit', data: { code: await outboxCode(contract.cliTelephone) } }, '/verificar-correo');
    await step({ type: 'step.submit', data: { code: await outboxCode(contract.email) } }, '/documentos');
    const proof = await upload('frontIdUpload', 'maria-rivas-rear.png', { fileName: 'proof_of_address', customDoc: 'proof_of_address', transaction_type: 'sale' });
    await step({ type: 'step.submit', data: proof.Payload }, '/activacion');
    expect(Object.keys(context().sale.id.attachments)).toEqual(['ID_front_side', 'ID_rear_side', 'proof_of_address']);
    await activated(drive, '/transaccion-exitosa');
    await step({ type: 'step.submit' }, '/agendar-cita');
    const date = (context().sale.schedule.dates as string[])[0];
    await step({ type: 'step.submit', data: { installationDate: date, time: 'AM', cliTelephone: '88765432', actComments: 'Portón verde' } }, '/venta-exitosa');
    expect(context().sale.appointment).toMatchObject({ installationDate: date, time: 'AM' });
    drive.actor.stop();
  }, 60_000);

  it('keeps the agent on the activation with the provider\'s words when the order is rejected, and confirming again sends a new order, which the provider activates', async () => {
    const drive = await clientChecked('0010905920006F', '/ingresa-direccion');
    await toIdFront(drive);
    const { step, upload, context, outboxCode } = drive;
    const front = await upload('frontIdUpload', 'pedro-sandino-front.png', { fileName: 'ID_front_side', transaction_type: 'sale' });
    await step({ type: 'step.submit', data: front.Payload }, '/id-escaneo-posterior');
    const rear = await upload('frontIdUpload', 'pedro-sandino-rear.png', { fileName: 'ID_rear_side', transaction_type: 'sale' });
    await step({ type: 'step.submit', data: rear.Payload }, '/id-revisar');
    await step({ type: 'step.submit', data: { ...context().sale.id.review } }, '/informacion-adicional');
    const contact = { ...contract, email: 'pedro.sandino@example.com', cliTelephone: '88765499' };
    await step({ type: 'step.submit', data: contact }, '/verificar-telefono');
    await step({ type: 'step.submit', data: { code: await outboxCode(contact.cliTelephone) } }, '/verificar-correo');
    await step({ type: 'step.submit', data: { code: await outboxCode(contact.email) } }, '/documentos');
    await step({ type: 'step.submit', data: rear.Payload }, '/activacion');
    const firstKey = context().sale.saleId as string;
    drive.actor.send({ type: 'step.submit', data: { paymentOption: 1 } } as never);
    // The order placed, and its status asked until the provider rejects it (the step stays).
    await waitFor(drive.actor, () => context().sale.order?.status === 'REJECTED', { timeout: 15_000 }).catch(() => undefined);
    expect(drive.route()).toBe('/activacion');
    const firstLead = context().sale.order.leadId as string;
    expect(context().ui.message).toBe('La activación fue rechazada: la dirección no tiene puerto disponible en el nodo');
    // A rejected order is final: the next confirmation is another order, under another key.
    expect(context().sale.saleId).not.toBe(firstKey);
    await activated(drive, '/transaccion-exitosa');
    expect(context().sale.order.leadId).not.toBe(firstLead);
    drive.actor.stop();
  }, 60_000);

  it('takes a passport straight from the front to the review (it has no rear)', async () => {
    const drive = await clientChecked('C01234567', '/ingresa-direccion', 'PA');
    await toIdFront(drive);
    const front = await drive.upload('frontIdUpload', 'carla-vega-pasaporte-front.png', { fileName: 'ID_front_side', transaction_type: 'sale' });
    await drive.step({ type: 'step.submit', data: front.Payload }, '/id-revisar');
    expect(drive.context().sale.id.review.documentNumber).toBe('C01234567');
    drive.actor.stop();
  }, 30_000);

  it('stops a client who owes the provider at the debt screen, with the amount', async () => {
    const drive = await clientChecked('0012208850002B', '/deuda-pendiente');
    expect(drive.context().sale.debt).toMatchObject({ hasDebt: true, amount: 1520.75 });
    await drive.step({ type: 'step.home' }, '/inicio');
    drive.actor.stop();
  }, 30_000);

  it("shows a client's existing services, and sells at a new residence from there", async () => {
    const drive = await clientChecked('0010507800003C', '/servicios-existentes');
    expect(drive.context().sale.currentPlans).toEqual([expect.objectContaining({ contractId: 'C-8001', planName: 'Internet Hogar 50 Mbps', address: 'Bo. Altamira, Managua' })]);
    await drive.step({ type: 'step.submit' }, '/ingresa-direccion');
    drive.actor.stop();
    const home = await clientChecked('0010507800003C', '/servicios-existentes');
    await home.step({ type: 'step.home' }, '/inicio');
    home.actor.stop();
  }, 30_000);

  it('sends a point no node reaches to the no-offer screen, and back to the map', async () => {
    const drive = await clientChecked('0011503900012M', '/ingresa-direccion');
    await drive.step({ type: 'step.submit', data: { department: '85', municipality: '8504', suburb: 'Barrio El Centro', street: 'Calle del Muelle', house: '3' } }, '/direccion-mapa');
    await drive.step({ type: 'step.submit', data: drive.context().sale.point }, '/oferta-no-disponible');
    await drive.step({ type: 'step.retry' }, '/direccion-mapa');
    drive.actor.stop();
  }, 30_000);

  it("keeps the client information with the provider's words when its check fails", async () => {
    const drive = await clientChecked('0011111900004D', '/información-del-cliente');
    expect(drive.context().ui.message).toBe('Error de servidor interno');
    drive.actor.stop();
  }, 30_000);

  it('opens the sales report with the four statuses', async () => {
    const drive = driveOverSandbox(journey, sandbox, [50], MANAGUA);
    await drive.step({ type: 'step.submit', data: { pin: '2580' } }, '/inicio');
    await drive.step({ type: 'menu.salesReport' }, '/ventas-reporte');
    const statuses = (drive.context().report.leads as Array<{ id: string; status: string }>).map((l) => `${l.id} ${l.status}`);
    expect(statuses).toEqual(expect.arrayContaining(['L-3501 COMPLETE', 'L-3502 REQUESTED', 'L-3503 REJECTED', 'L-3504 TOMODIFY']));
    drive.actor.stop();
  }, 30_000);
});
