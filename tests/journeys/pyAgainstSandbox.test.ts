import { waitFor } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJourney } from '../support/journeyFiles';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { armFault } from '../../src/tools/sandbox/testerTools';
import { driveOverSandbox } from '../support/sandboxJourney';

// Paraguay's journey with its real provider calls: the api layer's actors against a running
// sandbox that serves Paraguay's API (openapi/py/) over its own seed (src/sandbox/seed/py/),
// signed and sealed as its country file says. Each branch is reached by the seed's values
// (src/sandbox/seed/py/README.md), none by a stand-in answer. What the provider records is read
// back from it: the lead the sales report lists.
const journey = loadJourney('journeys/py.json');
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox();
});
afterAll(() => sandbox.close());

const ASUNCION = { latitude: -25.2946, longitude: -57.579 };
type Drive = ReturnType<typeof driveOverSandbox>;
type Lead = Record<string, unknown> & { id: string; status: string };

/** A customer as the client form sends it; each sale has its own phone and e-mail (the provider refuses them for another document). */
const client = (documentNumber: string, phone: string, more: Record<string, unknown> = {}) => ({
  documentType: 'CI',
  documentNumber,
  cliFirstName: 'Ana María',
  cliLastName: 'Benítez Rojas',
  cliTelephone: phone,
  cliEmail: `cliente.${phone}@example.com`,
  ...more,
});
const address = (department: string) => ({ department, city: 'Asunción', suburb: 'Villa Morra', street: 'Avenida Mariscal López', house: '1234', home: false });

/** Signed in as Paraguay's seller, the client form sent by one of its two buttons: at `next`. */
async function clientChecked(technology: 'hfc' | 'dth', data: Record<string, unknown>, next: string): Promise<Drive> {
  const drive = driveOverSandbox(journey, sandbox, [50, 100, 200], ASUNCION);
  await drive.step({ type: 'step.submit', data: { pin: '2580' } }, '/inicio');
  await drive.step({ type: 'menu.newClient' }, '/informacion-del-cliente');
  await drive.step({ type: `sale.${technology}`, data }, next);
  return drive;
}

/** From the location to the ID review: the address in `department`, the plan `planId`, the photos of `card`. */
async function toIdReview(drive: Drive, department: string, planId: string, card = 'ana-benitez') {
  const { step, context, upload } = drive;
  await step({ type: 'step.submit' }, '/ingresa-direccion');
  await step({ type: 'step.submit', data: address(department) }, '/productos');
  const offer = (context().sale.catalog as Array<{ planId: string }>).find((o) => o.planId === planId);
  expect(offer, `${planId} among the offers`).toBeDefined();
  await step({ type: 'offer.toggle', planId, offer }, '/productos');
  await step({ type: 'step.submit' }, '/adicionales');
  await step({ type: 'step.submit', data: { addonIds: ['ADD-HBO'] } }, '/proceder-pago');
  // 12 months chosen: the installation priced again for them.
  await step({ type: 'checkout.months', months: 12 }, '/proceder-pago');
  await step({ type: 'step.submit', data: { monthsContract: 12, activationCost: context().sale.checkout.activationCost } }, '/id-escaneo-frontal');
  const front = await upload('frontIdUpload', `${card}-front.png`, { fileName: 'ID_front_side', transaction_type: 'sale' });
  await step({ type: 'step.submit', data: front.Payload }, '/id-escaneo-posterior');
  const rear = await upload('frontIdUpload', 'ana-benitez-rear.png', { fileName: 'ID_rear_side', transaction_type: 'sale' });
  await step({ type: 'step.submit', data: rear.Payload }, '/id-revisar');
}

/** The review as read, the contract with one reference, both codes from the outbox (sent to the prefixed phone): at the order's confirmation. */
async function toConfirmation(drive: Drive, phone: string, email: string) {
  const { step, context, outboxCode } = drive;
  await step({ type: 'step.submit', data: { ...context().sale.id.review } }, '/contrato-formulario');
  await step({ type: 'step.submit', data: { email, cliTelephone: phone, refNameA: 'Luis Cruz', refTelephoneA: '82345678' } }, '/verificar-telefono');
  // The code went to the number as the provider takes it: 5959 and the 8 digits typed.
  expect(await outboxCode(phone)).toBe('');
  await step({ type: 'step.submit', data: { code: await outboxCode(`5959${phone}`) } }, '/verificar-correo');
  await step({ type: 'step.submit', data: { code: await outboxCode(email) } }, '/confirmar-orden');
}

/** Waits (the journey asks the order's status every 5 s) until it shows `route`. */
async function ended(drive: Drive, route: string) {
  await waitFor(drive.actor, () => drive.route() === route, { timeout: 20_000 }).catch(() => undefined);
  expect(drive.route(), String(drive.context().ui.message)).toBe(route);
}

/** The lead the provider recorded for the sale's order, as the sales report lists it. */
async function recorded(drive: Drive): Promise<Lead> {
  const leadId = drive.context().sale.order.leadId as string;
  await drive.step({ type: 'step.home' }, '/inicio');
  await drive.step({ type: 'menu.salesReport' }, '/ventas-reporte');
  const lead = (drive.context().report.leads as Lead[]).find((l) => l.id === leadId);
  if (!lead) throw new Error(`the report does not list ${leadId}`);
  return lead;
}

describe("Paraguay's journey against the sandbox", () => {
  it("signs in with Paraguay's seller and opens the sales report with every status", async () => {
    const { actor, context, step } = driveOverSandbox(journey, sandbox, [50, 100, 200], ASUNCION);
    await step({ type: 'step.submit', data: { pin: '2580' } }, '/inicio');
    expect(context().seller.poaSellerCode).toBe('PY-POA-001');
    await step({ type: 'menu.salesReport' }, '/ventas-reporte');
    const statuses = (context().report.leads as Lead[]).map((l) => `${l.id} ${l.status}`);
    expect(statuses).toEqual(expect.arrayContaining(['L-1501 COMPLETE', 'L-1502 REQUESTED', 'L-1503 REJECTED', 'L-1504 TOMODIFY']));
    actor.stop();
  }, 30_000);

  it('sells HFC to a CI client: the node at the address, the order activated, and every phone recorded with 5959 and no nationality', async () => {
    // A nationality left in the form from a DE chosen before is not the CI client's.
    const drive = await clientChecked('hfc', client('4567890', '81234567', { cliNationality: 'Brasil' }), '/activar-ubicacion');
    expect(drive.context().sale.technology).toBe('hfc');
    expect(drive.context().sale.client.cliNationality).toBeNull();
    await toIdReview(drive, '00', 'PY-HFC-TRIPLE-100');
    expect(drive.context().sale.coverage).toEqual({ node: 'N-ASU-0101', nodeClass: '2' });
    await toConfirmation(drive, '81234567', 'ana.benitez@example.com');
    await drive.step({ type: 'step.submit' }, '/transaccion-en-proceso');
    await ended(drive, '/orden-exito');
    const lead = await recorded(drive);
    expect(lead).toMatchObject({
      status: 'COMPLETE',
      cliContactPhoneList: ['595981234567'],
      cliReference: [{ refName: 'Luis Cruz', refPhone: '595982345678' }],
      actAddress: expect.objectContaining({ department: '00', city: 'Asunción', telephone: '595981234567' }),
      actNode: { id: 'N-ASU-0101', category: '2' },
      productList: [{ product: 'PY-HFC-TRIPLE-100' }],
      addonList: ['ADD-HBO'],
      cliDocument: [{ cliDocumentType: 'CI', cliDocumentNum: '4567890' }],
      activationCost: 150000,
    });
    expect(lead).not.toHaveProperty('cliNationality');
    expect(lead.actAttachment).toEqual([
      { action: 'A', label: 'ID_front_side', location: expect.stringMatching(/^\/uploads\//) },
      { action: 'A', label: 'ID_rear_side', location: expect.stringMatching(/^\/uploads\//) },
    ]);
    drive.actor.stop();
  }, 90_000);

  it("sells DTH to a DE client where no cable reaches: the satellite's node, the DTH plans only, and the nationality recorded", async () => {
    const drive = await clientChecked('dth', client('AR30123456', '82223333', { documentType: 'DE', cliNationality: 'Argentina', cliFirstName: 'Martín', cliLastName: 'Sosa' }), '/activar-ubicacion');
    expect(drive.context().sale.technology).toBe('dth');
    // Boquerón: HFC stops there (below); DTH goes on.
    await toIdReview(drive, '16', 'PY-DTH-FULL', 'martin-sosa');
    expect(drive.context().sale.coverage).toEqual({ node: 'PY-DTH-SAT', nodeClass: '4' });
    expect((drive.context().sale.catalog as Array<{ type: string }>).map((o) => o.type)).toEqual(['Single DTH', 'Single DTH']);
    await toConfirmation(drive, '82223333', 'martin.sosa@example.com');
    await drive.step({ type: 'step.submit' }, '/transaccion-en-proceso');
    await ended(drive, '/orden-exito');
    const lead = await recorded(drive);
    expect(lead).toMatchObject({
      status: 'COMPLETE',
      cliNationality: 'Argentina',
      cliContactPhoneList: ['595982223333'],
      actNode: { id: 'PY-DTH-SAT', category: '4' },
      productList: [{ product: 'PY-DTH-FULL' }],
      cliDocument: [{ cliDocumentType: 'DE', cliDocumentNum: '30123456' }],
    });
    drive.actor.stop();
  }, 90_000);

  it('keeps an HFC sale on the address where no cable reaches, or where the provider cannot place it', async () => {
    const drive = await clientChecked('hfc', client('4567891', '83334444'), '/activar-ubicacion');
    await drive.step({ type: 'step.submit' }, '/ingresa-direccion');
    await drive.step({ type: 'step.submit', data: address('16') }, '/ingresa-direccion');
    expect(drive.context().ui.message).toBe('No hay cobertura HFC en esta dirección. Revisa la dirección, o vuelve a la información del cliente y elige una venta DTH.');
    await drive.step({ type: 'step.submit', data: address('17') }, '/ingresa-direccion');
    expect(drive.context().ui.message).toBe('No pudimos ubicar la dirección. Revisa el departamento y la ciudad.');
    // At the customer's house the device's point decides: Asunción has the cable.
    await drive.step({ type: 'step.submit', data: { ...address('17'), home: true } }, '/productos');
    drive.actor.stop();
  }, 30_000);

  it("shows a customer's open order on the sales management screen", async () => {
    const { actor, context } = await clientChecked('hfc', client('1111111', '84445555'), '/gestion-de-ventas');
    expect(context().sale.transactions).toEqual([{ orderId: 'L-1001', status: 'REQUESTED', createdAt: '2026-11-20T09:00:00-03:00' }]);
    actor.stop();
  }, 30_000);

  it('stops a customer who owes the provider on the validation error, and tries again from the client form with the data kept', async () => {
    const drive = await clientChecked('dth', client('2222222', '85556666'), '/error-de-validacion');
    expect(drive.context().sale.debt).toEqual({ hasDebt: true, amount: 350000, currency: 'PYG' });
    await drive.step({ type: 'step.retry' }, '/informacion-del-cliente');
    expect(drive.context().sale.client.documentNumber).toBe('2222222');
    expect(drive.context().sale.debt).toBeUndefined();
    drive.actor.stop();
  }, 30_000);

  it("shows the provider's failure of the client check on the validation error", async () => {
    const { actor, context } = await clientChecked('hfc', client('3333333', '86667777'), '/error-de-validacion');
    expect(context().ui.message).toBe('Error de servidor interno');
    actor.stop();
  }, 30_000);

  it('sends an ID the register does not recognise to the ID-not-valid screen, and back to the review', async () => {
    const drive = await clientChecked('hfc', client('4444444', '87778888'), '/activar-ubicacion');
    await toIdReview(drive, '00', 'PY-HFC-INT-100', 'julio-acosta');
    await drive.step({ type: 'step.submit', data: { ...drive.context().sale.id.review } }, '/id-no-valido');
    expect(drive.context().ui.message).toBe('El documento no coincide con el registro de identificaciones');
    await drive.step({ type: 'step.retry' }, '/id-revisar');
    drive.actor.stop();
  }, 30_000);

  it("sends a refused agreement to the validation error with the provider's words", async () => {
    const drive = await clientChecked('hfc', client('5555555', '88889999'), '/activar-ubicacion');
    await toIdReview(drive, '00', 'PY-HFC-INT-100', 'sofia-caballero');
    await drive.step({ type: 'step.submit', data: { ...drive.context().sale.id.review } }, '/contrato-formulario');
    await drive.step({ type: 'step.submit', data: { email: 'sofia.caballero@example.com', cliTelephone: '88889999', refNameA: 'Luis Cruz', refTelephoneA: '82345678' } }, '/error-de-validacion');
    expect(drive.context().ui.message).toBe('El cliente no puede firmar un contrato nuevo: tiene un contrato anulado por fraude');
    drive.actor.stop();
  }, 30_000);

  it("ends an order whose activation the provider rejects on the order-failed screen, with its words", async () => {
    const drive = await clientChecked('hfc', client('6666666', '89990000'), '/activar-ubicacion');
    await toIdReview(drive, '00', 'PY-HFC-DOBLE-50', 'pedro-duarte');
    await toConfirmation(drive, '89990000', 'pedro.duarte@example.com');
    await drive.step({ type: 'step.submit' }, '/transaccion-en-proceso');
    await ended(drive, '/orden-fallida');
    expect(drive.context().ui.message).toBe('La activación fue rechazada: el nodo no tiene puertos disponibles');
    expect((await recorded(drive)).status).toBe('REJECTED');
    drive.actor.stop();
  }, 90_000);

  it('ends an order that never reached the provider on the order-not-sent screen; sent again, it is made once', async () => {
    const drive = await clientChecked('dth', client('4567892', '81112222'), '/activar-ubicacion');
    await toIdReview(drive, '00', 'PY-DTH-BASICO');
    await toConfirmation(drive, '81112222', 'cliente.reintento@example.com');
    await armFault(sandbox.address, 'activation', '500', 'py');
    await drive.step({ type: 'step.submit' }, '/orden-no-enviada');
    expect(drive.context().sale.order).toBeUndefined();
    await drive.step({ type: 'step.retry' }, '/transaccion-en-proceso');
    await ended(drive, '/orden-exito');
    const lead = await recorded(drive);
    const sameOrder = (drive.context().report.leads as Lead[]).filter((l) => JSON.stringify(l.cliContactPhoneList) === '["595981112222"]');
    expect(sameOrder.map((l) => l.id)).toEqual([lead.id]);
    drive.actor.stop();
  }, 90_000);
});
