/**
 * Issue 31, findings 4 and 5, written as the attacks: a second seller registering another
 * seller's customer (El Salvador's `users`, Honduras's `agreements`), and request fields that are
 * not what their spec says (a 43-letter document number, a birth date that is no date).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { sampleOrder } from '../support/sampleOrder';
import { signedInject } from '../support/signedInject';

const START = new Date('2026-11-20T15:00:00Z');
let clock = START;
let sandbox: Sandbox;
let inject: ReturnType<typeof signedInject>;

async function signIn(cc: 'sv', pin: string): Promise<string> {
  const response = await inject({ method: 'POST', url: `/v1/telco/${cc}/accesstoken`, payload: { code: pin, country: cc.toUpperCase() } });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'session');
  if (!cookie) throw new Error('no session cookie');
  return cookie.value;
}

async function call(method: 'GET' | 'POST', url: string, cookie: string, body?: object, headers: Record<string, string> = {}) {
  const response = await inject({ method, url: `/v1/telco${url}`, headers: { cookie: `session=${cookie}`, ...headers }, ...(body ? { payload: body } : {}) });
  const json = (response.headers['content-type'] ?? '').includes('json') ? (response.json() as Record<string, any>) : { text: response.body }; // eslint-disable-line @typescript-eslint/no-explicit-any -- read by path
  return { status: response.statusCode, body: json };
}

/** Every message the outbox holds for `to`. */
async function outboxTo(to: string): Promise<string[]> {
  const response = await sandbox.app.inject({ method: 'GET', url: `/__sandbox/outbox?to=${encodeURIComponent(to)}` });
  return (response.json() as { messages: Array<{ message: string }> }).messages.map((m) => m.message);
}

beforeAll(async () => {
  sandbox = await createSandbox({ db: ':memory:', mode: 'test', now: () => clock });
  inject = signedInject(sandbox.app, { now: () => clock.getTime() });
});

afterAll(async () => {
  await sandbox.app.close();
});

describe("a second seller registering another seller's customer (finding 4)", () => {
  const customer = {
    documentType: 'DUI',
    documentNumber: '02345678-3',
    cliFirstName: 'Rosa Elena',
    cliLastName: 'Martínez Flores',
    cliDob: '14/03/1971',
    cliGender: 'F',
    cliProfession: 'Enfermera',
    cliEmail: 'rosa.martinez@example.com',
    cliTelephone: '70004444',
    cliTelephoneSecondary: '22004444',
  };
  const intruder = { cliFirstName: 'Intruso', cliLastName: 'Ajeno', cliDob: '01/01/1980', cliProfession: 'Ladrón', cliEmail: 'vendedor.b@example.com', cliTelephone: '79990001', cliTelephoneSecondary: '29990001' };

  it.each([
    ['with the dash', '02345678-3'],
    ['without the dash', '023456783'],
  ])('changes nothing of the customer and reveals nothing the first seller typed (%s)', async (_how, documentNumber) => {
    clock = new Date(clock.getTime() + 60_000);
    const a = await signIn('sv', '2580');
    const b = await signIn('sv', '135790');
    const registered = await call('POST', '/sv/users', a, customer);
    expect(registered.status).toBe(200);
    const id = registered.body.id as string;
    const before = (await call('GET', `/sv/users/${id}`, a)).body;

    const second = await call('POST', '/sv/users', b, { ...customer, ...intruder, documentNumber });
    // The provider's words: the customer exists; the same id to go on with, nothing of the record.
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ id, existing: true, message: 'El cliente ya existe: se continúa con los datos que el proveedor tiene registrados' });
    // The first seller's customer is as it was.
    expect((await call('GET', `/sv/users/${id}`, a)).body).toEqual(before);
    // The second seller reads nothing the first one typed.
    const seen = await call('GET', `/sv/users/${id}`, b);
    for (const typed of ['Rosa', 'Martínez', '14/03/1971', 'Enfermera', '70004444', '22004444', 'rosa.martinez']) expect(JSON.stringify(seen.body)).not.toContain(typed);
    // Nor can it change the record's phones or e-mail afterwards.
    const phone = await call('POST', `/sv/users/${id}/contact-mediums/phones`, b, { phone: '79990002', type: 'main' });
    expect(phone.status).toBe(400);
    const email = await call('POST', `/sv/users/${id}/contact-mediums/emails`, b, { email: 'otro.b@example.com' });
    expect(email.status).toBe(400);
    expect((await call('GET', `/sv/users/${id}`, a)).body).toEqual(before);
  });

  it("sends the customer's codes only to the phone and e-mail on record, never to one the second seller names", async () => {
    clock = new Date(clock.getTime() + 60_000);
    const a = await signIn('sv', '2580');
    const b = await signIn('sv', '135790');
    const id = (await call('POST', '/sv/users', a, customer)).body.id as string;
    expect((await call('POST', '/sv/users', b, { ...customer, ...intruder })).body.id).toBe(id);

    const redirected = await call('POST', '/sv/otp', b, { channel: 'sms', to: '79990001', userId: id });
    expect(redirected.status).toBe(400);
    expect(redirected.body.errors[0]).toMatchObject({ message: 'El teléfono no es el que el cliente tiene registrado', field: 'to' });
    const mail = await call('POST', '/sv/otp', b, { channel: 'email', to: 'vendedor.b@example.com', userId: id });
    expect(mail.status).toBe(400);
    expect(await outboxTo('79990001')).toEqual([]);
    expect(await outboxTo('vendedor.b@example.com')).toEqual([]);
    // The sale goes on with the provider's record: the code goes to the customer's own phone.
    expect((await call('POST', '/sv/otp', b, { channel: 'sms', to: '70004444', userId: id })).status).toBe(200);
    expect(await outboxTo('70004444')).toHaveLength(1);
  });
});

describe('request fields by their format and limits (finding 5)', () => {
  it('refuses a 43-letter document number, and a DUI by its check digit, naming the field', async () => {
    const a = await signIn('sv', '2580');
    const base = { documentType: 'PASAPORTE', cliFirstName: 'Ana', cliLastName: 'Pérez', cliEmail: 'largo@example.com', cliTelephone: '70006666' };
    const long = await call('POST', '/sv/users', a, { ...base, documentNumber: 'A'.repeat(43) });
    expect(long.status).toBe(400);
    expect(long.body.errors[0].field).toBe('body/documentNumber');
    const dui = await call('POST', '/sv/users', a, { ...base, documentType: 'DUI', documentNumber: '02345678-1' });
    expect(dui.status).toBe(400);
    expect(dui.body.errors[0]).toMatchObject({ code: 'INVALID_DUI', message: 'El DUI ingresado no es válido', field: 'documentNumber' });
    const check = await call('GET', `/sv/individualsv2?identificationType=PASAPORTE&identificationID=${'A'.repeat(43)}&code=SV-POA-001&requestDate=2026-11-20T15:00:00Z`, a);
    expect(check.status).toBe(400);
  });

  // The screens take a passport of up to 30 characters (the spec's limit): the provider must too
  // (a limit of 20 refused what the agent was let type).
  it('takes a 30-character passport, as the screens do', async () => {
    const a = await signIn('sv', '2580');
    const passport = await call('POST', '/sv/users', a, { documentType: 'PASAPORTE', documentNumber: 'P'.repeat(30), cliFirstName: 'Ana', cliLastName: 'Pérez', cliEmail: 'treinta@example.com', cliTelephone: '70005555' });
    expect(passport.status).toBe(200);
  });

  it.each(['banana', '31/02/1990', '1990-01-01', '00/01/1990', '01/13/1990'])('refuses an order whose birth date is %s, naming the field', async (date) => {
    const a = await signIn('sv', '2580');
    // A whole order but its birth date: the one thing the provider may refuse it for.
    const order = await call('POST', '/home/sv/activator/services/activation', a, sampleOrder({ cliBirthDate: date }), { 'Idempotency-Key': `birth-date-${date}` });
    expect(order.status).toBe(400);
    expect(order.body.errors[0].field).toBe('body/cliBirthDate');
    const user = await call('POST', '/sv/users', a, { documentType: 'PASAPORTE', documentNumber: 'A1234567', cliFirstName: 'Ana', cliLastName: 'Pérez', cliDob: date, cliEmail: 'fecha@example.com', cliTelephone: '70007777' });
    expect(user.status).toBe(400);
    expect(user.body.errors[0].field).toBe('body/cliDob');
  });

  it("refuses an order whose DUI's check digit is wrong, with the rule's words and the field", async () => {
    const a = await signIn('sv', '2580');
    // The order's document has the general shape (DocumentNumber) but its type's rule refuses it.
    const order = await call(
      'POST',
      '/home/sv/activator/services/activation',
      a,
      sampleOrder({ cliDocument: [{ cliDocumentType: 'DUI', cliDocumentNum: '02345678-1' }] }),
      { 'Idempotency-Key': 'order-dui-check-digit' },
    );
    expect(order.status).toBe(400);
    expect(order.body.errors[0]).toMatchObject({ code: 'INVALID_DUI', message: 'El DUI ingresado no es válido', field: 'cliDocument/0/cliDocumentNum' });
    // The same order with a good DUI is placed.
    const good = await call('POST', '/home/sv/activator/services/activation', a, sampleOrder(), { 'Idempotency-Key': 'order-dui-good' });
    expect(good.status).toBe(200);
  });
});
