import { readFileSync } from 'node:fs';
import { SimulatedClock, waitFor } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallInput } from '../../src/api/callOperation';
import { loadJourney } from '../support/journeyFiles';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { driveOverSandbox } from '../support/sandboxJourney';

// The Guatemala journey with its real provider calls: the api layer's actors against a running
// sandbox that serves Guatemala's API (openapi/gt/) over its own seed (src/sandbox/seed/gt/),
// signed and sealed as its country file says. Each branch is reached by the seed's values
// (src/sandbox/seed/gt/people.json, replay.json), none by a stand-in answer. The journey's timers
// (the order's status asked every 5 s) run on a simulated clock, and the sandbox's clock moves
// with it: an order is activated by the provider 2 s after it is placed, so the first status
// asked 5 s later says so, with no waiting in the test.
const journey = loadJourney('journeys/gt.json');
let moved = 0;
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox({ now: () => new Date(Date.now() + moved) });
});
afterAll(() => sandbox.close());

const ZONA_10 = { latitude: 14.5995, longitude: -90.513 };
const CLIENT = { accountType: '0', documentType: 'DPI', inputDocumentNumber: '2547853280101', cliFirstName: 'Ana Lucía', cliLastName: 'Pérez', cliTelephone: '55123456', cliEmail: 'ana.perez@example.com', nit: '1234567-9' };
const CORPORATE = { ...CLIENT, accountType: '1', cliBusinessName: 'Comercial Pérez, S.A.' };
const ADDRESS = { department: '01', city: '0101', locality: 'Zona 10', addresses: [{ addressType: 'Avenida', addressValue: 'Reforma 12-01' }], addressref: 'Edificio azul, tercer nivel' };
const REJECTED_ORDER = 'La activación fue rechazada: la dirección no tiene puerto disponible en el nodo';

type Drive = ReturnType<typeof drive>;

function drive() {
  const clock = new SimulatedClock();
  const sent: Array<{ operationId: string; input: CallInput | undefined }> = [];
  const driven = driveOverSandbox(journey, sandbox, [50, 100, 200], ZONA_10, { clock, sent });
  /** The inputs the provider was sent for an operation, in order. */
  const sentTo = (operationId: string) => sent.filter((each) => each.operationId === operationId).map((each) => each.input as Record<string, unknown>);
  /** The order's status asked 5 s after it was placed (the journey's timer and the provider's clock moved together): at `route`. */
  const polled = async (route: string) => {
    expect(driven.actor.getSnapshot().hasTag('busy')).toBe(true);
    moved += 5_000;
    clock.increment(5_000);
    // The status asked, and answered: no call in flight, no longer polling.
    await waitFor(driven.actor, (s) => !s.hasTag('busy') && Object.values(s.children).every((c) => c?.getSnapshot().status !== 'active'), { timeout: 8_000 }).catch(() => undefined);
    expect(driven.route(), String(driven.context().ui?.message)).toBe(route);
  };
  return { ...driven, sentTo, polled };
}

/** Signed in as Guatemala's seller, the client checked with the provider (debts, then plans): at `next`. */
async function clientChecked(client: Record<string, string>, next: string): Promise<Drive> {
  const driven = drive();
  await driven.step({ type: 'step.submit', data: { pin: '2580' } }, '/inicio');
  expect(driven.context().seller.poaSellerCode).toBe('GT-POA-001');
  await driven.step({ type: 'menu.newClient' }, '/información-del-cliente');
  await driven.step({ type: 'step.submit', data: client }, next);
  return driven;
}

/** A new client's address: searched among the provider's (the home is not the agent's place), at `next`. */
async function addressSearched(client: Record<string, string>, locality: string, next: string): Promise<Drive> {
  const driven = await clientChecked(client, '/servicios-de-ubicacion');
  await driven.step({ type: 'step.submit' }, '/ingresa-direccion');
  await driven.step({ type: 'step.submit', data: { ...ADDRESS, locality, home: false } }, next);
  return driven;
}

/**
 * A new client from the address found in Zona 10 (its second row chosen) to the ID review: the
 * front `card`'s photo, and the rear's when the document is a DPI.
 */
async function toIdReview(client: Record<string, string>, card: string): Promise<Drive> {
  const driven = await addressSearched(client, 'Zona 10', '/lista-de-direcciones');
  await driven.step({ type: 'address.choose', id: 'DIR-0101-2' }, '/id-escaneo-frontal');
  const front = await driven.upload('frontIdUpload', `${card}-front.png`, { fileName: 'ID_front_side', transaction_type: 'sale' });
  if (client.documentType === 'PA') {
    await driven.step({ type: 'step.submit', data: front.Payload }, '/id-revisar');
    return driven;
  }
  await driven.step({ type: 'step.submit', data: front.Payload }, '/id-escaneo-posterior');
  const rear = await driven.upload('rearIdRecognition', `${card}-rear.png`, { fileName: 'ID_rear_side' });
  await driven.step({ type: 'step.submit', data: { fileName: rear.fileName, imageUrl: rear.imageUrl, reading: rear } }, '/id-revisar');
  return driven;
}

/** The ID reviewed as read (what the agent adds: countries, civil status, the confirmation), `changes` typed over it: at `next`. */
async function reviewed(driven: Drive, next: string, changes: Record<string, string> = {}) {
  const review = { ...driven.context().sale.id.review, paiseEmission: '1001', issuingCountry: 'GTM', gender: 'F', civilStatus: 'Soltero', confirmID: true, ...changes };
  await driven.step({ type: 'step.submit', data: review }, next);
}

/** The service bill, photographed and copied: at `next` (the business documents, or the products). */
async function billed(driven: Drive, next: string) {
  await driven.step({ type: 'step.submit', data: { billType: 'EEGSA', bill: [{ fileName: 'recibo.jpg', imageUrl: '/uploads/recibo.jpg' }] } }, '/confirmar-recibo');
  await driven.step({ type: 'step.submit', data: { address: 'Avenida Reforma 12-01, Zona 10', id: 'EEG-5521349', pole: 'P-20931' } }, next);
}

/** Chooses the offer `planId` among the node's offers (the catalogue the provider answered). */
async function chosen(driven: Drive, planId: string, route: string) {
  const offer = (driven.context().sale.catalog as Array<{ planId: string }>).find((o) => o.planId === planId);
  expect(offer, planId).toBeDefined();
  await driven.step({ type: 'offer.toggle', planId, offer }, route);
}

/** The prepaid offer, straight from the products to the activation, and the order placed: polled to `route`. */
async function prepaidOrdered(driven: Drive, route: string) {
  await chosen(driven, 'GT-TV-PREPAGO', '/productos');
  await driven.step({ type: 'step.submit' }, '/activacion');
  await driven.step({ type: 'step.submit' }, '/activacion');
  await driven.polled(route);
}

const CONTRACT = {
  cliEmail: 'ana.perez@example.com',
  cliTelephone: '55123456',
  rechargeNumber: '55123456',
  billingFromClient: true,
  billingName: 'Ana Lucía Pérez',
  billingNit: '1234567-9',
  billingFromAddress: true,
  billingDepartment: '01',
  billingCity: '0101',
  billingLocality: 'Zona 10',
  legalAddress: 'Avenida Reforma 12-01',
};

/** Signed in and a customer with current plans checked: their service modified as `change` says, to the order's confirmation. */
async function modifying(documentNumber: string, contractId: string, change: 'addons' | 'plan'): Promise<Drive> {
  const driven = await clientChecked({ ...CLIENT, inputDocumentNumber: documentNumber }, '/servicios-existentes');
  await driven.step({ type: 'step.submit', data: { choice: '0' } }, '/modificar-servicios');
  await driven.step({ type: 'step.submit', data: { contractId, change } }, change === 'addons' ? '/actualizar-adicionales' : '/cambiar-plan');
  return driven;
}

describe('the Guatemala journey against the sandbox', () => {
  it('stops a customer who owes the provider at the debt screen', async () => {
    const { actor, context } = await clientChecked({ ...CLIENT, inputDocumentNumber: '2987123420101' }, '/existing-debt');
    expect(context().sale.debt).toMatchObject({ hasDebt: true, amount: 842.5 });
    actor.stop();
  }, 30_000);

  it("keeps the client's form with the provider's words when the client check fails (500)", async () => {
    const { actor, context } = await clientChecked({ ...CLIENT, inputDocumentNumber: '3112233460101' }, '/información-del-cliente');
    expect(context().ui.message).toBe('Error de servidor interno');
    actor.stop();
  }, 30_000);

  it("adds add-ons to a customer's current service: a Modify order of its contract, activated, to /orden-actualizada", async () => {
    const driven = await modifying('3001456750101', 'C-7001', 'addons');
    expect(driven.context().sale.modify.contract).toEqual({ contractId: 'C-7001', planName: 'Internet Hogar 50 Mbps', planId: 'GT-INT-50', node: 'N-GUA-0101', nodeClass: '10', address: 'Zona 10, Ciudad de Guatemala' });
    await driven.step({ type: 'step.submit', data: { addonIds: ['ADD-EXT'] } }, '/confirmar-orden');
    await driven.step({ type: 'step.submit' }, '/confirmar-orden');
    expect(driven.sentTo('activation')).toEqual([
      expect.objectContaining({ actOrderType: 'Modify', contractId: 'C-7001', actNode: { id: 'N-GUA-0101' }, productList: [{ product: 'GT-INT-50' }], addonList: ['ADD-EXT'], cliDocument: [{ cliDocumentType: 'DPI', cliDocumentNum: '3001456750101' }] }),
    ]);
    await driven.polled('/orden-actualizada');
    expect(driven.context().sale.order.status).toBe('ACTIVATED');
    driven.actor.stop();
  }, 30_000);

  it("changes a customer's plan with its installation visit: the new plan and the visit in the order, to /orden-actualizada", async () => {
    const driven = await modifying('3001456750101', 'C-7001', 'plan');
    await chosen(driven, 'GT-TRIPLE-100', '/cambiar-plan');
    await driven.step({ type: 'step.submit' }, '/agendar-visita');
    const date = driven.context().sale.schedule.dates[0] as string;
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(driven.sentTo('scheduleDates')).toEqual([expect.objectContaining({ node: 'N-GUA-0101' })]);
    await driven.step({ type: 'step.submit', data: { installationDate: date, time: 'PM', cliTelephone: '44556677', actComments: 'Portón negro' } }, '/confirmar-orden');
    await driven.step({ type: 'step.submit' }, '/confirmar-orden');
    expect(driven.sentTo('activation')).toEqual([
      expect.objectContaining({ actOrderType: 'Modify', contractId: 'C-7001', productList: [{ product: 'GT-TRIPLE-100' }], cliInstallationDate: date, installationTime: 'PM', installationPhone: '44556677', actComments: 'Portón negro' }),
    ]);
    await driven.polled('/orden-actualizada');
    driven.actor.stop();
  }, 30_000);

  it("ends a modification the provider rejects at /orden-fallida with the provider's words", async () => {
    const driven = await modifying('3445566700101', 'C-7002', 'addons');
    await driven.step({ type: 'step.submit', data: { addonIds: ['ADD-HBO'] } }, '/confirmar-orden');
    await driven.step({ type: 'step.submit' }, '/confirmar-orden');
    expect(driven.sentTo('activation')[0]).toMatchObject({ contractId: 'C-7002', productList: [{ product: 'GT-DOBLE-50' }] });
    await driven.polled('/orden-fallida');
    expect(driven.context().ui.message).toBe('La modificación fue rechazada: el servicio tiene una orden técnica abierta');
    driven.actor.stop();
  }, 30_000);

  it("lists the provider's addresses that match, and the row chosen is the journey's point", async () => {
    const driven = await addressSearched(CLIENT, 'Zona 10', '/lista-de-direcciones');
    expect(driven.sentTo('addressSearch')).toEqual([{ department: '01', city: '0101', locality: 'Zona 10', addresses: [{ addressType: 'Avenida', addressValue: 'Reforma 12-01' }] }]);
    expect((driven.context().sale.foundAddresses as Array<{ id: string }>).map((a) => a.id)).toEqual(['DIR-0101-1', 'DIR-0101-2', 'DIR-0101-3']);
    await driven.step({ type: 'address.choose', id: 'DIR-0101-2' }, '/id-escaneo-frontal');
    expect(driven.context().sale.point).toEqual({ latitude: 14.6032, longitude: -90.5147 });
    expect(driven.sentTo('checkCoverage')).toEqual([{ latitude: 14.6032, longitude: -90.5147 }]);
    expect(driven.context().sale.coverage.node).toBe('N-GUA-0101');
    driven.actor.stop();
  }, 30_000);

  it('opens the map at the municipality when none of the found addresses is the customer\'s (it opened at the country\'s centre)', async () => {
    const driven = await addressSearched(CLIENT, 'Zona 10', '/lista-de-direcciones');
    await driven.step({ type: 'step.map' }, '/direccion-mapa');
    expect(driven.sentTo('addressCoordinates')).toEqual([{ department: '01', municipality: '0101' }]);
    expect(driven.context().sale.point).toEqual({ latitude: 14.6349, longitude: -90.5069 });
    driven.actor.stop();
  }, 30_000);

  it('places the address on the map when the provider finds none, the map opened at its municipality (it opened at the country\'s centre)', async () => {
    const driven = await addressSearched(CLIENT, 'Zona 21', '/direccion-mapa');
    expect(driven.context().sale.foundAddresses).toBeNull();
    expect(driven.sentTo('addressCoordinates')).toEqual([{ department: '01', municipality: '0101' }]);
    expect(driven.context().sale.point).toEqual({ latitude: 14.6349, longitude: -90.5069 });
    await driven.step({ type: 'step.submit', data: ZONA_10 }, '/id-escaneo-frontal');
    driven.actor.stop();
  }, 30_000);

  it("reads a DPI's rear into the review, and a passport's front goes straight to the review", async () => {
    const dpi = await toIdReview(CLIENT, 'ana-lucia-perez');
    expect(dpi.context().sale.id.review).toMatchObject({ documentNumber: '2547853280101', birthDate: '12', birthMonth: '05', birthYear: '1991', departmento: '01', municipio: '0101' });
    dpi.actor.stop();
    const passport = await toIdReview({ ...CLIENT, documentType: 'PA', inputDocumentNumber: 'P1234567' }, 'lucia-mendez');
    expect(passport.context().sale.id.review).toMatchObject({ documentNumber: 'P1234567', cliLastName: 'MÉNDEZ ROCA' });
    expect(passport.context().sale.id.attachments.ID_rear_side).toBeUndefined();
    passport.actor.stop();
  }, 30_000);

  it("sells the prepaid offer to a corporate account: its business documents (a PDF among them), the products, the activation, /orden-exito", async () => {
    const driven = await toIdReview(CORPORATE, 'ana-lucia-perez');
    await reviewed(driven, '/recibo-servicio');
    await billed(driven, '/documentos-empresa');
    const pdf = new Blob([new Uint8Array(readFileSync('tests/fixtures/documents/patente.pdf'))], { type: 'application/pdf' });
    const uploaded = await driven.api.call('businessDocumentUpload', { region: 'GT', customDoc: 'patente-acta', files: [{ field: 'file', blob: pdf, name: 'patente.pdf' }] });
    if (!uploaded.ok) throw new Error(uploaded.error.message);
    const patente = (uploaded.data as { Payload: { fileName: string; imageUrl: string } }).Payload;
    await driven.step({ type: 'step.submit', data: { patenteActa: [patente], rtu: [{ fileName: 'rtu.jpg', imageUrl: '/uploads/rtu.jpg' }] } }, '/productos');
    await prepaidOrdered(driven, '/orden-exito');
    const [order] = driven.sentTo('activation');
    expect(order).toMatchObject({ actOrderType: 'Instalation', accountType: '1', cliBusinessName: 'Comercial Pérez, S.A.', cliNit: '1234567-9', productList: [{ product: 'GT-TV-PREPAGO' }], monthsContract: 0 });
    expect((order?.actAttachment as Array<{ label: string; location: string }>).map((a) => a.label).sort()).toEqual(['ID_front_side', 'ID_rear_side', 'bill', 'patente-acta', 'rtu']);
    expect(order?.actAttachment).toContainEqual({ action: 'A', label: 'patente-acta', location: patente.imageUrl });
    driven.actor.stop();
  }, 30_000);

  it("sends an individual from the bill straight to the products, and sells a plan with add-ons: both codes skipped ('OMITIR'), the receipt, the visit, /orden-exito", async () => {
    const driven = await toIdReview(CLIENT, 'ana-lucia-perez');
    await reviewed(driven, '/recibo-servicio');
    await billed(driven, '/productos');
    await chosen(driven, 'GT-TRIPLE-100', '/productos');
    await driven.step({ type: 'step.submit' }, '/adicionales');
    await driven.step({ type: 'step.submit', data: { addonIds: ['ADD-HBO', 'ADD-FUTBOL'] } }, '/proceder-pago');
    await driven.step({ type: 'step.submit', data: { monthsContract: 12, activationCost: driven.context().sale.checkout.activationCost } }, '/contrato-formulario');
    await driven.step({ type: 'step.submit', data: CONTRACT }, '/verificar-telefono');
    expect(driven.sentTo('agreements')).toEqual([expect.objectContaining({ documentNumber: '2547853280101', billing: { name: 'Ana Lucía Pérez', nit: '1234567-9', department: '01', city: '0101', locality: 'Zona 10', legalAddress: 'Avenida Reforma 12-01' } })]);
    await driven.step({ type: 'otp.skip' }, '/verificar-correo');
    await driven.step({ type: 'otp.skip' }, '/terminos-y-condiciones');
    expect(driven.sentTo('validateOTP')).toEqual([]);
    await driven.step({ type: 'step.submit', data: { contractTerms: true, privacyNotice: true } }, '/informacion-firma-contrato');
    await driven.step({ type: 'step.submit' }, '/firma-del-cliente');
    await driven.step({ type: 'step.submit', data: { fileName: 'firma-cliente.png', imageUrl: '/uploads/firma-cliente.png' } }, '/comprobante-de-pago');
    await driven.step({ type: 'step.submit', data: { voucherNumber: '004512', payment_receipt: [{ fileName: 'boleta.jpg', imageUrl: '/uploads/boleta.jpg' }] } }, '/agendar-visita');
    const date = driven.context().sale.schedule.dates[0] as string;
    await driven.step({ type: 'step.submit', data: { installationDate: date, time: 'AM', cliTelephone: '44556677', actComments: 'Casa de dos pisos, portón negro' } }, '/activacion');
    await driven.step({ type: 'step.submit' }, '/activacion');
    await driven.polled('/orden-exito');
    const [order] = driven.sentTo('activation');
    expect(order).toMatchObject({
      actOrderType: 'Instalation',
      accountType: '0',
      cliBirthDate: '12/05/1991',
      cliCivilStatus: 'Soltero',
      cliDocument: [{ cliDocumentType: 'DPI', cliDocumentNum: '2547853280101' }],
      // The address typed, at the point of the row chosen in the list.
      actAddress: { department: '01', city: '0101', locality: 'Zona 10', addresses: ADDRESS.addresses, actAddressRef: ADDRESS.addressref, latitude: 14.6032, longitude: -90.5147 },
      actNode: { id: 'N-GUA-0101' },
      productList: [{ product: 'GT-TRIPLE-100' }],
      addonList: ['ADD-HBO', 'ADD-FUTBOL'],
      monthsContract: 12,
      voucherNumber: '004512',
      cliInstallationDate: date,
      installationTime: 'AM',
      installationPhone: '44556677',
    });
    expect(order?.actAddress).not.toHaveProperty('addressref');
    expect((order?.actAttachment as Array<{ label: string }>).map((a) => a.label).sort()).toEqual(['ID_front_side', 'ID_rear_side', 'bill', 'payment_receipt', 'signature']);
    driven.actor.stop();
  }, 30_000);

  it("sends a refused agreement (422) back to the ID review with the provider's words", async () => {
    const driven = await toIdReview(CLIENT, 'ana-lucia-perez');
    await reviewed(driven, '/recibo-servicio', { documentNumber: '3889900150101' });
    await billed(driven, '/productos');
    await chosen(driven, 'GT-TRIPLE-100', '/productos');
    await driven.step({ type: 'step.submit' }, '/adicionales');
    await driven.step({ type: 'step.submit', data: { addonIds: [] } }, '/proceder-pago');
    await driven.step({ type: 'step.submit', data: { monthsContract: 12, activationCost: driven.context().sale.checkout.activationCost } }, '/contrato-formulario');
    await driven.step({ type: 'step.submit', data: CONTRACT }, '/id-revisar');
    expect(driven.sentTo('agreements')[0]).toMatchObject({ documentType: 'DPI', documentNumber: '3889900150101' });
    expect(driven.context().ui.message).toBe('El cliente no puede firmar un contrato nuevo: tiene un acuerdo anulado por fraude');
    driven.actor.stop();
  }, 30_000);

  it("ends an order the provider rejects at /orden-fallida with the provider's words", async () => {
    const driven = await toIdReview({ ...CLIENT, inputDocumentNumber: '3334455620101', cliFirstName: 'Pedro José', cliLastName: 'López' }, 'pedro-lopez');
    expect(driven.context().sale.id.review.documentNumber).toBe('3334455620101');
    await reviewed(driven, '/recibo-servicio', { gender: 'M' });
    await billed(driven, '/productos');
    await prepaidOrdered(driven, '/orden-fallida');
    expect(driven.sentTo('activation')[0]).toMatchObject({ cliDocument: [{ cliDocumentType: 'DPI', cliDocumentNum: '3334455620101' }] });
    expect(driven.context().ui.message).toBe(REJECTED_ORDER);
    driven.actor.stop();
  }, 30_000);
});
