import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCountryOperations } from '../../src/openapi/countryOperations';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { signedInject } from '../support/signedInject';

// The read handlers of the sandbox, through Fastify's real request pipeline (`app.inject`):
// every answer is checked against its operation's response schema in openapi/.

/** 10:00 in San Salvador on 2026-12-20: the booking window (2 to 21 days) spans Navidad and fin de año. */
const NOW = new Date('2026-12-20T16:00:00Z');
const FAMILIES = ['sales', 'fieldServices', 'locations', 'coverage', 'catalog', 'customers', 'content'];

const operations = loadCountryOperations('sv');
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
const validators = new Map<string, ValidateFunction>();
function validatorOf(operationId: string, status: string): ValidateFunction {
  const key = `${operationId} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    const schema = operations.find((o) => o.operationId === operationId)?.responses[status]?.schema;
    if (!schema) throw new Error(`no ${status} schema for ${operationId}`);
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** The operations whose 200 answer a test has validated. */
const validated = new Set<string>();

/** Asserts the answer's status and that its body validates against that status's schema. */
function expectAnswer(operationId: string, response: { statusCode: number; json: () => unknown }, status = 200): unknown {
  expect(response.statusCode).toBe(status);
  const body = response.json();
  // A 500 has no schema of its own: it is the provider's ErrorBody, as the 400 describes it.
  const validate = validatorOf(operationId, status === 500 ? '400' : String(status));
  const ok = validate(body);
  expect(ok ? [] : validate.errors, `${operationId} ${status} answer ${JSON.stringify(body)}`).toEqual([]);
  if (status === 200) validated.add(operationId);
  return body;
}

let sandbox: Sandbox;
let cookie: string;
let inject: ReturnType<typeof signedInject>;

type Method = 'GET' | 'POST';
const call = (method: Method, path: string, options: { query?: Record<string, string>; body?: unknown; signedIn?: boolean } = {}) =>
  inject({
    method,
    url: `/v1/telco/sv${path}`,
    query: options.query,
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
    headers: options.signedIn === false ? {} : { cookie },
  });

beforeAll(async () => {
  sandbox = await createSandbox({ db: ':memory:', mode: 'test', now: () => NOW });
  inject = signedInject(sandbox.app, { now: () => NOW.getTime() });
  const signIn = await inject({ method: 'POST', url: '/v1/telco/sv/accesstoken', payload: { code: '2580', country: 'SV' } });
  expect(signIn.statusCode).toBe(200);
  const session = signIn.cookies.find((c) => c.name === 'session');
  expect(session?.value).toBeTruthy();
  cookie = `session=${session?.value}`;
});
afterAll(() => sandbox.app.close());

describe('the session', () => {
  it.each([
    ['GET', '/departments'],
    ['GET', '/get-coverage?latitude=13.697366&longitude=-89.192282'],
    ['POST', '/sales'],
    ['GET', '/individualsv2?identificationID=046448482&identificationType=DUI&requestDate=2026-12-20T10:00:00-06:00&code=SV-POA-001'],
  ] as const)('refuses %s %s without the session cookie (401)', async (method, path) => {
    const response = await call(method, path, { signedIn: false, ...(method === 'POST' ? { body: { pin: '2580' } } : {}) });
    expect(response.statusCode).toBe(401);
  });

  it('gives the signed-in seller\'s credentials, with no secret', async () => {
    const body = expectAnswer('agentCredentials', await call('GET', '/agent/credentials', { query: { requestDate: '2026-12-20T10:00:00-06:00' } })) as Record<string, unknown>;
    expect(body).toEqual({ poaSellerCode: 'SV-POA-001', userName: 'cmendez.d2d', channel: 'D2D', validUntil: '2026-12-20T23:59:59-06:00' });
    expect(JSON.stringify(body)).not.toContain('2580');
  });
});

describe('sales', () => {
  beforeAll(() => {
    // What the activation writes: the lead object of the spec, its status, the seller's code.
    const insert = sandbox.db.prepare('insert into leads (id, seller_code, status, data, created_at) values (?, ?, ?, ?, ?)');
    insert.run(
      'L-2001',
      'SV-POA-001',
      'COMPLETE',
      JSON.stringify({
        cliFirstName: 'Ana',
        cliFirstLastName: 'Pérez',
        cliContactPhoneList: ['70001234'],
        cliDocument: [{ cliDocumentType: 'DUI', cliDocumentNum: '04644848-2' }],
        actAddress: { department: 'San Salvador', city: 'San Salvador', suburb: 'Colonia Escalón', node: { id: 'N-SS-ESC-01' } },
      }),
      Date.parse('2026-12-18T15:30:00Z'),
    );
    insert.run('L-2002', 'SV-POA-001', 'REQUESTED', JSON.stringify({ cliFirstName: 'Luis', cliFirstLastName: 'Gómez', actNode: { id: 'N-SS-SOY-01' } }), Date.parse('2026-12-19T15:30:00Z'));
    insert.run('L-3001', 'SV-POA-002', 'REQUESTED', JSON.stringify({ cliFirstName: 'Marta', cliFirstLastName: 'Cruz' }), Date.parse('2026-12-19T16:00:00Z'));
  });

  it('lists the signed-in seller\'s leads, newest first, never another seller\'s', async () => {
    const body = expectAnswer('sales', await call('POST', '/sales', { body: { pin: '2580' } })) as { leads: Array<Record<string, unknown>> };
    // The two above, then the seed's four (November), never L-3001 of SV-POA-002.
    expect(body.leads.map((l) => l.id)).toEqual(['L-2002', 'L-2001', 'L-1004', 'L-1003', 'L-1002', 'L-1001']);
    expect(body.leads[0]).toMatchObject({ status: 'REQUESTED', createdAt: '2026-12-19T09:30:00-06:00', actNode: { id: 'N-SS-SOY-01', category: '2', doubleWay: true } });
  });

  it('gives one lead with its node, taken from the address when the lead has no actNode', async () => {
    const body = expectAnswer('salesDetail', await call('POST', '/leadInfo/70000001/L-2001', { body: { pin: '2580' } }));
    expect(body).toMatchObject({ id: 'L-2001', status: 'COMPLETE', cliFirstName: 'Ana', actNode: { id: 'N-SS-ESC-01', category: '10', doubleWay: true } });
  });

  it.each([
    ['an unknown lead', '/leadInfo/70000001/L-9999'],
    ["another seller's lead", '/leadInfo/70000001/L-3001'],
    ["another seller's msisdn", '/leadInfo/70000002/L-2001'],
  ])('answers %s with the 404 "No hay resultados"', async (_case, path) => {
    const body = expectAnswer('salesDetail', await call('POST', path, { body: { pin: '2580' } }), 404);
    expect(body).toEqual({ error: { message: 'No hay resultados' } });
  });

  it('builds the offer bulletin from the offers with a benefit', async () => {
    const body = expectAnswer('promotionDetails', await call('GET', '/promotion/SV-POA-001')) as Array<{ planIds: string[]; validFrom: string; validTo: string; title: string }>;
    const planIds = body.flatMap((p) => p.planIds);
    expect(planIds).toEqual(expect.arrayContaining(['PLAN-DOBLE-200', 'PLAN-TRIPLE-500', 'PLAN-INT-200', 'PLAN-DTH-PLUS']));
    expect(planIds).not.toContain('PLAN-DOBLE-100');
    expect(body[0]).toMatchObject({ validFrom: '2026-12-01', validTo: '2026-12-31' });
    expect(body.find((p) => p.planIds.includes('PLAN-DOBLE-200'))?.title).toContain('-$10 por 3 meses');
  });

  it('answers an unknown seller code with a 404', async () => {
    expectAnswer('promotionDetails', await call('GET', '/promotion/SV-POA-999'), 404);
  });
});

describe('field services', () => {
  const install = { orderType: 'Instalation', node: 'N-SS-CEN-01' };

  it('suggests the days from 2 to 21 days ahead, without the days with no crews', async () => {
    const body = expectAnswer('scheduleDates', await call('POST', '/field-services/dates', { body: install })) as { dates: string[] };
    expect(body.dates[0]).toBe('2026-12-22');
    expect(body.dates.at(-1)).toBe('2027-01-10');
    for (const closed of ['2026-12-24', '2026-12-25', '2026-12-26', '2026-12-31', '2027-01-01']) expect(body.dates).not.toContain(closed);
    expect(body.dates).toContain('2026-12-27');
    expect(body.dates).toContain('2027-01-02');
    expect(body.dates).toHaveLength(20 - 5);
  });

  it('searches from the working date', async () => {
    const body = expectAnswer('scheduleDates', await call('POST', '/field-services/dates', { body: { ...install, workingDate: '2027-01-05' } })) as { dates: string[] };
    expect(body.dates).toEqual(['2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08', '2027-01-09', '2027-01-10']);
  });

  it.each([
    ['a working date in Navidad', '2026-12-25'],
    ['a working date in fin de año', '2027-01-01'],
    ['a working date past the booking window', '2027-02-15'],
  ])('answers %s with the no-availability 404', async (_case, workingDate) => {
    const body = expectAnswer('scheduleDates', await call('POST', '/field-services/dates', { body: { ...install, workingDate } }), 404) as { error: { message: string } };
    expect(body.error.message).toMatch(/^No hay disponibilidad/);
  });

  it('gives the slots of a day: the morning ones before 12:00, the afternoon ones after', async () => {
    const response = await call('POST', `/field-services/timeslots/${NOW.getTime()}`, { query: { requestDate: '2026-12-22' }, body: install });
    const body = expectAnswer('getTimeSlots', response) as { OptionalAppointments: Array<{ hour: string; date: string; startDateTime: string; slot: string }> };
    const slots = body.OptionalAppointments;
    expect(slots.map((s) => s.hour)).toEqual(['08:00', '09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00']);
    expect(slots.every((s) => s.date === '2026-12-22' && s.startDateTime === `2026-12-22T${s.hour}:00-06:00`)).toBe(true);
    const am = slots.filter((s) => s.slot === 'AM');
    const pm = slots.filter((s) => s.slot === 'PM');
    expect(am).toHaveLength(4);
    expect(am.every((s) => s.hour < '12:00')).toBe(true);
    expect(pm).toHaveLength(4);
    expect(pm.every((s) => s.hour > '12:00')).toBe(true);
  });

  it.each([
    ['a day with no crews', '2026-12-25'],
    ['a day before the lead days', '2026-12-21'],
  ])('gives no slots on %s', async (_case, requestDate) => {
    const body = expectAnswer('getTimeSlots', await call('POST', `/field-services/timeslots/${NOW.getTime()}`, { query: { requestDate }, body: install }));
    expect(body).toEqual({ OptionalAppointments: [] });
  });

  it('lists the field-service costs', async () => {
    const body = expectAnswer('fieldServicesCosts', await call('GET', '/field-services/costs')) as { costs: Array<{ orderType: string; amount: number }> };
    expect(body.costs.find((c) => c.orderType === 'Instalation')?.amount).toBe(40);
  });
});

describe('locations', () => {
  it('lists the fourteen departments', async () => {
    const body = expectAnswer('departments', await call('GET', '/departments')) as { departments: Array<{ name: string; code: string }> };
    expect(body.departments).toHaveLength(14);
    expect(body.departments).toContainEqual({ name: 'San Salvador', code: '06' });
  });

  it('lists the cities of a department, by name or id', async () => {
    const byName = expectAnswer('city', await call('GET', '/city', { query: { deparment: 'San Salvador' } })) as { cities: Array<{ name: string }> };
    const byId = expectAnswer('city', await call('GET', '/city', { query: { deparment: '06' } }));
    expect(byId).toEqual(byName);
    expect(byName.cities.map((c) => c.name)).toEqual(expect.arrayContaining(['San Salvador', 'Soyapango', 'Mejicanos']));
    const other = expectAnswer('city', await call('GET', '/city', { query: { deparment: 'la libertad' } })) as { cities: Array<{ name: string }> };
    expect(other.cities.map((c) => c.name)).toContain('Santa Tecla');
    expect(other.cities.map((c) => c.name)).not.toContain('Soyapango');
    expect(expectAnswer('city', await call('GET', '/city', { query: { deparment: 'Atlántida' } }))).toEqual({ cities: [] });
  });

  it('lists the suburbs of a department and city', async () => {
    const sanSalvador = expectAnswer('suburb', await call('POST', '/suburb', { body: { department: 'San Salvador', city: 'San Salvador' } })) as { suburbs: Array<{ name: string }> };
    expect(sanSalvador.suburbs.map((s) => s.name)).toContain('Colonia Escalón');
    const soyapango = expectAnswer('suburb', await call('POST', '/suburb', { body: { department: '06', city: '0602' } })) as { suburbs: Array<{ name: string }> };
    expect(soyapango.suburbs.map((s) => s.name)).toContain('Ciudad Credisa');
    expect(soyapango.suburbs.map((s) => s.name)).not.toContain('Colonia Escalón');
    // A city of another department has no suburbs here.
    expect(expectAnswer('suburb', await call('POST', '/suburb', { body: { department: 'La Libertad', city: 'Soyapango' } }))).toEqual({ suburbs: [] });
  });
});

describe('coverage', () => {
  const point = (latitude: number, longitude: number) => call('GET', '/get-coverage', { query: { latitude: String(latitude), longitude: String(longitude) } });

  it('covers the default map centre with Centro de San Salvador (FTTH)', async () => {
    expect(expectAnswer('checkCoverage', await point(13.697366, -89.192282))).toEqual({ node: 'N-SS-CEN-01', nodeClass: '10' });
  });

  it.each([
    ['N-SS-ESC-01', '10', 13.705, -89.242],
    ['N-SS-SOY-01', '2', 13.71, -89.14],
    ['N-LL-PTO-01', '4', 13.489, -89.322],
    ['N-SM-CEN-01', '2', 13.481, -88.177],
  ])('finds %s (class %s) at a point inside it', async (node, nodeClass, latitude, longitude) => {
    expect(expectAnswer('checkCoverage', await point(latitude, longitude))).toEqual({ node, nodeClass });
  });

  it.each([
    ['Suchitoto', 13.9381, -89.0278],
    ['Perquín', 13.9575, -88.1625],
    ['Playa El Cuco', 13.1767, -88.1086],
  ])('has no coverage in %s: the quiet 404', async (_place, latitude, longitude) => {
    expectAnswer('checkCoverage', await point(latitude, longitude), 404);
  });

  it('draws every node as a coverage area (the map step; tests/sandbox/coverageAreas.test.ts checks more)', async () => {
    const body = expectAnswer('coverageAreas', await call('GET', '/coverage-areas')) as { features: Array<{ properties: { node: string } }> };
    expect(body.features.map((f) => f.properties.node)).toContain('N-SS-CEN-01');
  });

  it('covers an address through the node named after its suburb', async () => {
    const body = expectAnswer('coverage', await call('POST', '/services/coverage', { body: { department: 'San Salvador', city: 'San Salvador', suburb: 'Colonia Escalón' } })) as {
      node: string;
      nodes: Array<{ id: string }>;
    };
    expect(body.node).toBe('N-SS-ESC-01');
    expect(body.nodes.map((n) => n.id).sort()).toEqual(['N-SS-CEN-01', 'N-SS-ESC-01', 'N-SS-SBN-01']);
  });

  it('takes the node at the map point when the address carries a covered one', async () => {
    const body = expectAnswer('coverage', await call('POST', '/services/coverage', {
      body: { department: 'San Salvador', city: 'San Salvador', suburb: 'Colonia Escalón', street: 'Calle El Mirador', house: '12', latitude: 13.697366, longitude: -89.192282 },
    }));
    expect(body).toMatchObject({ node: 'N-SS-CEN-01', nodeClass: '10' });
    expect((body as { nodes: Array<{ id: string }> }).nodes.map((n) => n.id).sort()).toEqual(['N-SS-CEN-01', 'N-SS-ESC-01', 'N-SS-SBN-01']);
  });

  it('lists the node at the map point too when it lies outside the address\'s city', async () => {
    const body = expectAnswer('coverage', await call('POST', '/services/coverage', {
      body: { department: 'San Salvador', city: 'Soyapango', suburb: 'Ciudad Credisa', latitude: 13.697366, longitude: -89.192282 },
    })) as { node: string; nodes: Array<{ id: string }> };
    expect(body.node).toBe('N-SS-CEN-01');
    expect(body.nodes.map((n) => n.id)).toEqual(['N-SS-CEN-01', 'N-SS-SOY-01']);
  });

  it('resolves the department and city by id, and a city node by its name', async () => {
    const body = expectAnswer('coverage', await call('POST', '/services/coverage', { body: { department: '06', city: '0602', suburb: 'Ciudad Credisa' } }));
    expect(body).toEqual({ node: 'N-SS-SOY-01', nodeClass: '2', nodes: [{ id: 'N-SS-SOY-01', category: '2', doubleWay: true }] });
  });

  it('does not take a suburb named like a faraway node', async () => {
    const body = expectAnswer('coverage', await call('POST', '/services/coverage', { body: { department: 'Sonsonate', city: 'Sonsonate', suburb: 'Barrio Mejicanos' } }));
    expect(body).toMatchObject({ node: 'N-SO-CEN-01', nodeClass: '2' });
  });

  it.each([
    ['a city with no node', { department: 'Cuscatlán', city: 'Suchitoto', suburb: 'Barrio Santa Lucía' }],
    ['a city of another department', { department: 'La Libertad', city: 'Soyapango', suburb: 'Ciudad Credisa' }],
    ['an unknown department', { department: 'Atlántida', city: 'La Ceiba', suburb: 'Centro' }],
  ])('answers %s with the quiet 404', async (_case, address) => {
    expectAnswer('coverage', await call('POST', '/services/coverage', { body: address }), 404);
  });
});

describe('catalog', () => {
  type Offer = { planId: string; addon?: boolean; offerType: unknown; priceList: Array<{ value: number; taxAmount?: number }> };
  const products = async (node: string, nodeClass: string) =>
    expectAnswer('products', await call('POST', '/products', { query: { node }, body: { nodeClass, department: 'San Salvador', city: 'San Salvador' } })) as Offer[];

  it('offers fibre plans and the add-ons at an FTTH node', async () => {
    const offers = await products('N-SS-CEN-01', '10');
    const ids = offers.map((o) => o.planId);
    expect(ids).toEqual(expect.arrayContaining(['PLAN-TRIPLE-300', 'PLAN-INT-200', 'PLAN-DOBLE-100', 'ADDON-WIFI-MESH', 'ADDON-PELICULAS']));
    expect(ids).not.toContain('PLAN-DOBLE-BASICO');
    expect(ids).not.toContain('PLAN-DTH-BASICO');
    expect(offers.find((o) => o.planId === 'ADDON-PELICULAS')).toMatchObject({ addon: true, offerType: 'activation supplementary' });
    const triple = offers.find((o) => o.planId === 'PLAN-TRIPLE-300');
    expect(triple?.priceList[0]?.taxAmount).toBeCloseTo((69.99 * 0.13) / 1.13, 2);
  });

  it('offers HFC plans at an HFC node, whatever class the body says', async () => {
    const ids = (await products('N-SS-SOY-01', '10')).map((o) => o.planId);
    expect(ids).toEqual(expect.arrayContaining(['PLAN-DOBLE-BASICO', 'PLAN-TV-ANALOGA']));
    expect(ids).not.toContain('PLAN-TRIPLE-300');
  });

  it('offers satellite TV and TV add-ons at a DTH node', async () => {
    const ids = (await products('N-LL-PTO-01', '4')).map((o) => o.planId);
    expect(ids).toEqual(expect.arrayContaining(['PLAN-DTH-BASICO', 'PLAN-DTH-PLUS', 'ADDON-DEPORTES']));
    expect(ids).not.toContain('ADDON-WIFI-MESH');
    expect(ids).not.toContain('PLAN-INT-50');
  });

  it('uses the body\'s node class for a node it does not know', async () => {
    const ids = (await products('N-OTHER-01', '4')).map((o) => o.planId);
    expect(ids).toContain('PLAN-DTH-BASICO');
  });

  const cost = (monthsContract: number, planIds: string[]) =>
    call('POST', '/activation-cost', {
      body: {
        pin: '2580',
        productType: 'Bundle',
        monthsContract,
        node: 'N-SS-CEN-01',
        documentType: 'DUI',
        documentNumber: '04644848-2',
        flow: 'O',
        productList: planIds.map((product) => ({ product })),
      },
    });

  it('prices the installation for the chosen months (add-ons carry no charge)', async () => {
    expect(expectAnswer('activationCost', await cost(12, ['PLAN-DOBLE-100', 'ADDON-PELICULAS']))).toEqual({ activationCost: 25, monthsContract: 12, currency: 'USD' });
    expect(expectAnswer('activationCost', await cost(0, ['PLAN-DTH-BASICO']))).toMatchObject({ activationCost: 75 });
  });

  it('answers a free installation with 0, not a 404', async () => {
    expect(expectAnswer('activationCost', await cost(24, ['PLAN-TRIPLE-300']))).toMatchObject({ activationCost: 0, monthsContract: 24 });
  });

  it.each([
    ['Triple Play 100 at 3 months (no charge seeded)', 3, ['PLAN-TRIPLE-100']],
    ['an unknown plan', 12, ['PLAN-NO-EXISTE']],
    ['add-ons only', 12, ['ADDON-PELICULAS']],
  ])('answers %s with the quiet 404', async (_case, months, planIds) => {
    expectAnswer('activationCost', await cost(months, planIds), 404);
  });
});

describe('customers', () => {
  const check = (identificationID: string, code = 'SV-POA-001') =>
    call('GET', '/individualsv2', { query: { identificationID, identificationType: 'DUI', requestDate: '2026-12-20T10:00:00-06:00', code } });
  type Check = { individualsLists: Array<{ firstName: string; customerAccountLists: { hasDebt: boolean; debtAmount?: number } }> };

  it.each(['04644848-2', '046448482'])('finds Ana Pérez (%s) with no debt', async (dui) => {
    const body = expectAnswer('clientInfoValidateV2', await check(dui)) as Check;
    expect(body.individualsLists[0]).toMatchObject({ firstName: 'Ana', customerAccountLists: { hasDebt: false, debtAmount: 0 } });
  });

  it.each([
    ['02356718-6', 'Roberto', 87.5],
    ['04917263-2', 'Marta', 152.3],
  ])('finds %s with a debt', async (dui, firstName, debtAmount) => {
    const body = expectAnswer('clientInfoValidateV2', await check(dui)) as Check;
    expect(body.individualsLists[0]).toMatchObject({ firstName, customerAccountLists: { hasDebt: true, debtAmount } });
  });

  it('answers a valid DUI that is no customer with the quiet 404 and the new-client message', async () => {
    const body = expectAnswer('clientInfoValidateV2', await check('05129374-5'), 404);
    expect(body).toEqual({ error: { message: 'No se encontro documentos para ese cliente' } });
  });

  it('fails with a 500 on the record that says so', async () => {
    const body = expectAnswer('clientInfoValidateV2', await check('01593847-0'), 500);
    expect(body).toEqual({ errors: [{ code: 'INTERNAL', message: 'Error de servidor interno' }] });
  });

  it('refuses a DUI with a wrong check digit, and another seller\'s code', async () => {
    expect(expectAnswer('clientInfoValidateV2', await check('04644848-8'), 400)).toMatchObject({ errors: [{ message: 'El DUI ingresado no es válido' }] });
    expectAnswer('clientInfoValidateV2', await check('04644848-2', 'SV-POA-002'), 400);
  });

  it('gives the client details and accounts of a DUI', async () => {
    const body = expectAnswer('clientDetail', await call('GET', '/customers/DUI/04917263-2/accounts'));
    expect(body).toMatchObject({ cliDocumentType: 'DUI', cliDocumentNum: '04917263-2', cliFirstName: 'Marta', hasDebt: true });
    expect((body as { accounts: Array<{ contractId: string }> }).accounts.map((a) => a.contractId)).toEqual(['C-100402', 'C-100403']);
    expectAnswer('clientDetail', await call('GET', '/customers/DUI/051293745/accounts'), 404);
  });

  it('gives a contract\'s products and balance', async () => {
    const subscription = expectAnswer('clientSubscription', await call('GET', '/portfolio/contracts/C-100245/products'));
    expect(subscription).toEqual({ contractId: 'C-100245', products: [{ prodCode: expect.any(String), name: 'Internet Hogar 50 Mbps', service: 'INTERNET', quantity: 1, status: 'active' }] });
    expect(expectAnswer('clientSubscriptionBalance', await call('GET', '/billing/contracts/C-100311/balance'))).toEqual({
      contractId: 'C-100311',
      balance: 87.5,
      currency: 'USD',
      hasDebt: true,
      dueDate: '2026-12-05',
    });
    expect(expectAnswer('clientSubscriptionBalance', await call('GET', '/billing/contracts/C-100245/balance'))).toMatchObject({ balance: 0, hasDebt: false });
    expectAnswer('clientSubscription', await call('GET', '/portfolio/contracts/C-000000/products'), 404);
    expectAnswer('clientSubscriptionBalance', await call('GET', '/billing/contracts/C-000000/balance'), 404);
  });

  it('stores the customer\'s contact', async () => {
    const contact = {
      cliFirstName: 'Luis',
      cliLastName: 'Gómez',
      cliTelephone: '70005678',
      cliEmail: 'luis.gomez@example.com',
      actAddress: { department: 'San Salvador', city: 'Soyapango', suburb: 'Ciudad Credisa' },
      comment: 'Llamar después de las 17:00',
    };
    const first = expectAnswer('customerContact', await call('POST', '/customer-contact', { body: contact })) as { id: string; createdAt: string };
    const second = expectAnswer('customerContact', await call('POST', '/customer-contact', { body: { ...contact, cliTelephone: '70005679' } })) as { id: string };
    expect(first.createdAt).toBe('2026-12-20T10:00:00-06:00');
    expect(second.id).not.toBe(first.id);
    const stored = sandbox.db.prepare('select seller_code, data from customer_contacts where id = ?').get(Number(first.id.replace('CC-', ''))) as { seller_code: string; data: string };
    expect(stored.seller_code).toBe('SV-POA-001');
    expect(JSON.parse(stored.data)).toEqual(contact);
  });

  const income = (customerIncome: number) =>
    call('GET', '/creditscore/nonclient', {
      query: {
        trxType: 'HOME',
        requestDate: '2026-12-20T10:00:00-06:00',
        identificationType: 'DUI',
        identificationId: '051293745',
        offerAmount: '57',
        offerTaxesAmount: '6.56',
        customerIncome: String(customerIncome),
      },
    });

  it('approves an income of at least three times the offer with taxes', async () => {
    expect(expectAnswer('incomeValidate', await income(850))).toEqual({ decision: 'approved' });
    expect(expectAnswer('incomeValidate', await income(190.68))).toEqual({ decision: 'approved' });
  });

  it('rejects a lower income with a message', async () => {
    const body = expectAnswer('incomeValidate', await income(190)) as { decision: string; message: string };
    expect(body.decision).toBe('rejected');
    expect(body.message).toContain('$190.68');
  });
});

describe('content', () => {
  it('gives the D2D configuration with cxiFlow off', async () => {
    const body = expectAnswer('getConfigParams', await call('GET', '/content/d2d/config')) as { data: Array<{ attributes: { module: string; configuration: Record<string, unknown> } }> };
    expect(body.data[0]?.attributes).toMatchObject({ module: 'd2d', configuration: { cxiFlow: false, country: 'SV', monthsContract: [0, 3, 6, 12, 18, 24] } });
  });

  it('answers an unknown module or id with a 404', async () => {
    expectAnswer('getConfigParams', await call('GET', '/content/d2d/otra'), 404);
    expectAnswer('getConfigParams', await call('GET', '/content/otro/config'), 404);
  });

  it('takes an entry from the settings when one is stored', async () => {
    sandbox.db.prepare('insert into settings (key, data) values (?, ?)').run('content:d2d/pilot', JSON.stringify({ cxiFlow: true, pilot: 'norte' }));
    const body = expectAnswer('getConfigParams', await call('GET', '/content/d2d/pilot')) as { data: Array<{ attributes: { configuration: Record<string, unknown> } }> };
    expect(body.data[0]?.attributes.configuration).toEqual({ cxiFlow: true, pilot: 'norte' });
  });
});

describe('coverage of the operations', () => {
  it('validated a 200 answer of every operation of these families', () => {
    const expected = operations.filter((o) => FAMILIES.includes(o.family)).map((o) => o.operationId);
    expect(expected.length).toBeGreaterThan(15);
    expect(expected.filter((id) => !validated.has(id))).toEqual([]);
  });
});
