import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJourney } from '../support/journeyFiles';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { signedHttpClient } from '../../src/tools/sandbox/signedHttpClient';
import { driveOverSandbox } from '../support/sandboxJourney';

// Costa Rica's journey with its real provider calls, in Node: the customer's own session opened
// by the public form (or by the SMS's link), every branch reached by the seed's values
// (src/sandbox/seed/cr/README.md), and the payment ended on the sandbox's hosted page, whose
// return link's values the journey hands to the provider to verify.
const journey = loadJourney('journeys/cr.json');
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox();
});
afterAll(() => sandbox.close());

const SAN_JOSE = { latitude: 9.9326, longitude: -84.0796 };
const customer = (documentNumber: string, phone = '88001122', email = 'sofia.mora@example.com') => ({ documentType: 'CED', documentNumber, firstName: 'Sofía', lastName: 'Mora Vargas', phone, email });

/** A customer on a browser of their own (its own cookies and call keys), at the public form. */
function freshCustomer() {
  const browser = signedHttpClient(sandbox.address);
  return driveOverSandbox(journey, { ...sandbox, countryClient: browser.countryClient }, [50, 100, 200], SAN_JOSE);
}

type Drive = ReturnType<typeof freshCustomer>;

/** The client information sent: at the branch `next`. */
async function registered(documentNumber: string, next: string, phone?: string, email?: string): Promise<Drive> {
  const drive = freshCustomer();
  expect(drive.route()).toBe('/informacion-cliente');
  await drive.step({ type: 'step.submit', data: customer(documentNumber, phone, email) }, next);
  return drive;
}

/** From the phone check to the payment step: the codes from the outbox, the address, an offer, the ID, the signature, the visit and the order. */
async function toPayment(drive: Drive, phone: string, email: string) {
  const { step, context, upload, outboxCode } = drive;
  await step({ type: 'step.submit', data: { code: await outboxCode(phone) } }, '/verificar-correo');
  await step({ type: 'step.submit', data: { code: await outboxCode(email) } }, '/ingresa-direccion');
  await step({ type: 'step.submit', data: { province: '1', canton: '101', district: 'Catedral', addressref: 'De la iglesia 100 m al norte, casa blanca' } }, '/direccion-mapa');
  expect(context().sale.point).toEqual(SAN_JOSE);
  await step({ type: 'step.submit', data: SAN_JOSE }, '/seleccion-de-oferta');
  const offer = (context().sale.catalog as Array<{ planId: string }>).find((o) => o.planId === 'CR-TRIPLE-100');
  await step({ type: 'offer.toggle', planId: 'CR-TRIPLE-100', offer }, '/seleccion-de-oferta');
  await step({ type: 'step.submit' }, '/identificacion-cliente');
  await step({ type: 'step.submit', data: { consent: true } }, '/id-escaneo-frontal');
  const front = await upload('frontIdUpload', 'sofia-mora-front.png', { fileName: 'ID_front_side', transaction_type: 'sale' });
  await step({ type: 'step.submit', data: front.Payload ?? front }, '/informacion-firma-contrato');
  await step({ type: 'step.submit' }, '/firma-cliente');
  await step({ type: 'step.submit', data: { fileName: 'signature.png', imageUrl: '/uploads/signature.png' } }, '/agendar-cita');
  const date = (context().sale.dates as string[])[0];
  await step({ type: 'step.submit', data: { installationDate: date, time: 'AM' } }, '/confirmar-orden');
  await step({ type: 'step.submit' }, '/pago');
  expect(context().sale.order).toMatchObject({ status: 'PENDING_PAYMENT', amount: 30000, currency: 'CRC' });
}

/** The hosted page's answer for `result`: the values its return link carries. */
async function endPayment(drive: Drive, result: 'approved' | 'declined' | 'abandoned') {
  await drive.act({ type: 'step.submit' });
  const page = drive.context().sale as { paymentId: string };
  const redirect = await fetch(`${sandbox.address}/__payments/cr/${page.paymentId}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `result=${result}`, redirect: 'manual' });
  expect(redirect.status).toBe(303);
  const back = new URL(redirect.headers.get('location') ?? '', sandbox.address);
  expect(back.pathname).toBe('/pago/retorno');
  return Object.fromEntries(back.searchParams) as { payment: string; result: string; signature: string };
}

describe('the Costa Rica journey against the sandbox', () => {
  it('sells to a new customer: the public form opens the session, both codes, the address, an offer, the ID, the signature, the visit, the order, and the payment approved on the hosted page', async () => {
    const drive = await registered('112340567', '/verificar-telefono', '88001122', 'sofia.mora@example.com');
    await toPayment(drive, '88001122', 'sofia.mora@example.com');
    const values = await endPayment(drive, 'approved');
    await drive.step({ type: 'link.paymentReturn', values }, '/orden-exito');
    expect(drive.context().sale.paid).toMatchObject({ status: 'APPROVED' });
  });

  it('takes a declined payment to paymentFailed, and a retry that is approved to the order success', async () => {
    const drive = await registered('112340567', '/verificar-telefono', '88001123', 'sofia.b@example.com');
    await toPayment(drive, '88001123', 'sofia.b@example.com');
    await drive.step({ type: 'link.paymentReturn', values: await endPayment(drive, 'declined') }, '/pago-fallido');
    await drive.step({ type: 'step.retry' }, '/pago');
    await drive.step({ type: 'link.paymentReturn', values: await endPayment(drive, 'approved') }, '/orden-exito');
  });

  it('resumes an abandoned payment where it left, and refuses a return whose values were changed', async () => {
    const drive = await registered('112340567', '/verificar-telefono', '88001124', 'sofia.c@example.com');
    await toPayment(drive, '88001124', 'sofia.c@example.com');
    await drive.step({ type: 'link.paymentReturn', values: await endPayment(drive, 'abandoned') }, '/pago');
    expect(drive.context().ui.message).toBe('El pago no se completó. Puedes intentarlo de nuevo cuando quieras.');
    const declined = await endPayment(drive, 'declined');
    // The URL says approved; the provider's books and signature say otherwise.
    await drive.step({ type: 'link.paymentReturn', values: { ...declined, result: 'approved' } }, '/pago');
    expect(drive.context().ui.message).toBe('No pudimos verificar el pago');
  });

  it.each([
    ['203450678', '/cliente-existente'],
    ['304560789', '/deuda-pendiente'],
    ['105670890', '/cliente-no-valido'],
  ])('takes document %s to %s', async (documentNumber, next) => {
    await registered(documentNumber, next, `8800${documentNumber.slice(-4)}`, `c${documentNumber}@example.com`);
  });

  it('keeps the public form with the provider\'s words when it fails', async () => {
    const drive = await registered('406780901', '/informacion-cliente');
    expect(drive.context().ui.message).toBe('Error de servidor interno');
  });

  it('goes on from "Eres cliente" to the phone check', async () => {
    const drive = await registered('203450678', '/cliente-existente', '88002222', 'andres@example.com');
    await drive.step({ type: 'step.submit' }, '/verificar-telefono');
  });

  it('takes a point no node reaches to noCoverage', async () => {
    const drive = await registered('112340570', '/verificar-telefono', '88001125', 'sofia.d@example.com');
    const { step, outboxCode } = drive;
    await step({ type: 'step.submit', data: { code: await outboxCode('88001125') } }, '/verificar-correo');
    await step({ type: 'step.submit', data: { code: await outboxCode('sofia.d@example.com') } }, '/ingresa-direccion');
    await step({ type: 'step.submit', data: { province: '7', canton: '704', district: 'Bratsi', addressref: 'Frente a la escuela' } }, '/direccion-mapa');
    await step({ type: 'step.submit', data: { latitude: 9.63, longitude: -82.85 } }, '/sin-cobertura');
  });

  it('asks for a call without a session, answered with a ticket only', async () => {
    const drive = freshCustomer();
    await drive.step({ type: 'step.callMe' }, '/llamame');
    await drive.step({ type: 'step.submit', data: { firstName: 'Sofía', phone: '88001122', preferredTime: 'AM' } }, '/llamame-confirmacion');
    expect(Object.keys(drive.context().callMe)).toEqual(['ticket']);
  });

  it('opens the phone check from the SMS\'s link on another browser, and refuses a link it does not know', async () => {
    const first = await registered('112340571', '/verificar-telefono', '88001126', 'sofia.e@example.com');
    const { uid, leadId } = first.context().lead as { uid: string; leadId: string };
    const other = freshCustomer();
    await other.step({ type: 'link.verifyPhone', values: { id: leadId, uid } }, '/verificar-telefono');
    expect(other.context().customer).toMatchObject({ phone: '88001126' });
    const stranger = freshCustomer();
    await stranger.step({ type: 'link.verifyPhone', values: { uid: 'A'.repeat(22) } }, '/informacion-cliente');
    expect(stranger.context().ui.message).toBe('El enlace no es válido o ya expiró. Ingresa tus datos para continuar.');
  });
});
