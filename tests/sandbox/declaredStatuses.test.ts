/**
 * The provider's contract, status by status (issue #30, point 9): every status the sandbox
 * answers for an operation is one its operation declares in the country's OpenAPI, for every
 * country the sandbox serves (`openapi/<cc>/` and the test packs of `tests/fixtures/packs/`).
 *
 * Two halves, the rule they hold in openapi/README.md ("Every answer is declared"):
 * - From the code: every status each handler can answer, read from its source
 *   (tests/support/handlerStatuses.ts: every answer it and the sandbox's functions it calls
 *   write), against the `responses` of every operation it serves, in every country; and the
 *   shared pipeline's refusals against what the country declares once (`x-every-operation`).
 * - From the wire: a real sandbox (HTTP on loopback, SQLite files) driven, for every operation,
 *   with what a caller can send: a valid request from the seed, the same naming ids and values
 *   the provider does not have, without each value, with a hidden character in each, without a
 *   session, with a body of the wrong type or too large, a path value too long, headers too
 *   large, a second copy of a signed request, and the seed's own branches (a customer the
 *   provider fails on, a settled lead, a wrong PIN until the wait...). Every answer's status must
 *   be declared (the operation's own, or for a refusal of the pipeline the country's
 *   `x-every-operation`), and its body must fit what is declared for it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTableOf } from '../../src/build/apiTypes';
import type { CallInput } from '../../src/api/callOperation';
import { loadCountryOperations } from '../../src/openapi/countryOperations';
import type { Operation } from '../../src/openapi/operations';
import { loadSpecFiles, resolveRefs } from '../../src/openapi/specFiles';
import { handlers } from '../../src/sandbox/handlers/registry';
import { refusals } from '../../src/sandbox/requestLimits';
import { countryApis, type CountryApi } from '../../src/sandbox/countryApis';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { handlerStatuses, type HandlerStatuses } from '../support/handlerStatuses';
import { signedHttpClient } from '../../src/tools/sandbox/signedHttpClient';
import { svCalls, type CallState } from '../support/svCalls';

type Json = Record<string, unknown>;
type Responses = Record<string, { schema: unknown }>;

const PACKS = 'tests/fixtures/packs';

/** Every country the sandbox serves: the repository's, then each test pack's. */
const countries: CountryApi[] = [
  ...countryApis(),
  ...readdirSync(PACKS).flatMap((pack) => countryApis(resolve(PACKS, pack, 'openapi'), resolve(PACKS, pack, 'seed'))),
].filter((country, i, all) => all.findIndex((other) => other.code === country.code) === i);

const operationsOf = (country: CountryApi): Operation[] => loadCountryOperations(country.code, resolve(country.openapiDir, '..'));

/** A response's schema as src/openapi/operations.ts reads one: its JSON content's, else its first content's. */
function schemaOf(response: Json): unknown {
  const media = (response.content ?? {}) as Record<string, { schema?: unknown }>;
  return media['application/json']?.schema ?? Object.values(media)[0]?.schema;
}

/**
 * What a country declares once for every operation (`x-every-operation.responses` at the root of
 * one of its spec files): the refusals of the provider's pipeline, before an operation is reached.
 */
function everyOperation(country: CountryApi): Responses {
  const files = loadSpecFiles(country.openapiDir);
  const declared: Responses = {};
  for (const [file, doc] of files) {
    const responses = ((doc['x-every-operation'] as Json | undefined)?.responses ?? {}) as Json;
    for (const [status, response] of Object.entries(resolveRefs(responses, file, files) as Record<string, Json>)) declared[status] = { schema: schemaOf(response) };
  }
  return declared;
}

/** The response a status answers with, as declared: its own, else its range (`4XX`), else `default`. */
function declaredFor(responses: Responses, status: number): { schema: unknown } | undefined {
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

/** The statuses an operation declares, for messages. */
const listed = (responses: Responses) => Object.keys(responses).join(', ') || 'none';

let reading: HandlerStatuses;
beforeAll(() => {
  reading = handlerStatuses();
}, 120_000);

describe('every status a handler can answer, read from its code', () => {
  it('is read as numbers, in every handler (no status from data, no answer cast from another value)', () => {
    expect(reading.unreadable).toEqual([]);
    expect(reading.statuses.size).toBe(Object.keys(handlers).length);
  });

  it('is read with teeth: a handler answering 418, a 409 through a helper, and a status from data are all seen', () => {
    const fixture = resolve('tests/fixtures/handlerStatuses');
    const read = handlerStatuses(join(fixture, 'registry.ts'), [resolve('src/sandbox'), fixture]);
    expect(Object.fromEntries([...read.statuses].map(([id, statuses]) => [id, [...statuses].sort()]))).toEqual({
      brewed: [201, 418],
      refusedOrMissing: [404, 409],
      fromData: [],
    });
    expect(read.unreadable).toEqual([expect.stringMatching(/registry\.ts:\d+: the status `Number\(body\.status\)` is any number/)]);
  }, 120_000);

  describe.each(countries.map((country) => [country.code, country] as const))('country %s', (cc, country) => {
    const operations = operationsOf(country);

    it('has a handler for every operation of its spec (the sandbox answers 501 for one it has not)', () => {
      expect(operations.filter((op) => !handlers[op.operationId]).map((op) => op.operationId)).toEqual([]);
    });

    it("declares, on each operation, every status its handler can answer", () => {
      const undeclared = operations.flatMap((op) =>
        [...(reading.statuses.get(op.operationId) ?? [])]
          .filter((status) => !declaredFor(op.responses, status))
          .map((status) => `${cc} ${op.operationId}: its handler can answer ${status}, which it does not declare (it declares ${listed(op.responses)})`),
      );
      expect(undeclared).toEqual([]);
    });

    it('declares 400 on every operation and 401 on every private or signed one: the pipeline answers them per call', () => {
      const signs = operations.some((op) => op.signing === 'publishes-keys') && operations.some((op) => op.signing === 'sign-in');
      const missing = operations.flatMap((op) => [
        ...(declaredFor(op.responses, 400) ? [] : [`${cc} ${op.operationId}: no 400`]),
        // A public call (x-signing: public) is neither private nor signed: the pipeline never answers it 401.
        ...((op.private || (signs && op.signing !== 'publishes-keys' && op.signing !== 'public')) && !declaredFor(op.responses, 401) ? [`${cc} ${op.operationId}: no 401`] : []),
      ]);
      expect(missing).toEqual([]);
    });

    it("declares once (x-every-operation) each refusal of the shared pipeline: request limits, an internal fault, a signed request's second copy", () => {
      const signs = operations.some((op) => op.signing === 'publishes-keys') && operations.some((op) => op.signing === 'sign-in');
      const once = everyOperation(country);
      // Every refusal the pipeline makes (requestLimits.ts), whatever it was given.
      const makers: Array<(...args: never[]) => { status: number }> = Object.values(refusals);
      const pipeline = new Set([...makers.map((make) => make().status), ...(signs ? [409] : [])]);
      const missing = [...pipeline].filter((status) => !declaredFor(once, status) && !operations.every((op) => declaredFor(op.responses, status)));
      expect(missing.map((status) => `${cc}: the pipeline answers ${status} to any call; declare it in x-every-operation`)).toEqual([]);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// From the wire.

type Inputs = Array<[operationId: string, input: (state: CallState) => CallInput]>;

const image = (name: string) => new Blob([readFileSync(`tests/fixtures/ids/${name}`)], { type: 'image/png' });
const now = () => new Date().toISOString();

/** SV's calls in the order an agent makes them, each valid with the seed (src/sandbox/seed/sv/README.md). */
const SV: Inputs = svCalls({ idempotencyKey: 'declared-statuses-sv', contract: 'C-100245', date: '' });

/** The seed's other branches in SV: each a request a caller can make, which the valid ones above do not reach. */
const SV_BRANCHES: Inputs = [
  // The record with `fault: 500`: the provider fails on this customer.
  ['clientInfoValidateV2', () => ({ identificationID: '015938470', identificationType: 'DUI', requestDate: now(), code: 'SV-POA-001' })],
  ['clientDetail', () => ({ id: '015938470' })],
  // A code asked for again at once: the wait (429).
  ['getOTP', () => ({ channel: 'sms', to: '70001234' })],
  // The order's key again with another order.
  ['activation', () => ({ 'Idempotency-Key': 'declared-statuses-sv', ifMultichannel: 'S', vendPass: '2580', poaSellerCode: 'SV-POA-001', cliFirstName: 'Otra', cliFirstLastName: 'Orden', cliEmail: 'otra@example.com', cliContactPhoneList: ['70001235'], cliDocument: [{ cliDocumentType: 'DUI', cliDocumentNum: '023567186' }], actAddress: { department: 'San Salvador', city: 'San Salvador', suburb: 'Centro Histórico', street: 'Calle Arce', house: '14' }, actNode: { id: 'N-SS-CEN-01' }, productList: [{ product: 'PLAN-TRIPLE-100' }], monthsContract: 12 })],
];

const HN_ORDER = {
  ifMultichannel: 'S',
  vendPass: '2580',
  poaSellerCode: 'HN-POA-001',
  cliFirstName: 'María',
  cliFirstLastName: 'Zelaya',
  cliEmail: 'maria.zelaya@example.com',
  cliContactPhoneList: ['88765432'],
  cliDocument: [{ cliDocumentType: 'CC', cliDocumentNum: '0801199012345' }],
  actAddress: { department: '08', city: '0801', suburb: 'Colonia Kennedy', street: 'Calle El Mirador', house: '12' },
  actNode: { id: 'N-TGU-0101' },
  productList: [{ product: 'HN-DOBLE-50' }],
  monthsContract: 12,
};

/** Honduras's calls in the order an agent makes them, each valid with the seed (src/sandbox/seed/hn/README.md). */
const HN: Inputs = [
  ['publicKey', () => ({})],
  ['accessToken', () => ({ code: '2580', country: 'HN' })],
  ['salesPersonDetails', () => ({ password: '2580' })],
  ['sessionKeepAlive', () => ({})],
  ['activeTransactions', () => ({ documentType: 'CC', documentNumber: '0801198011111' })],
  ['debts', () => ({ documentType: 'CC', documentNumber: '0801198522222' })],
  ['currentPlans', () => ({ documentType: 'CC', documentNumber: '0501199033333' })],
  ['checkCoverage', () => ({ latitude: 14.0818, longitude: -87.2068 })],
  ['coverageAreas', () => ({})],
  ['addressCoordinates', () => ({ department: '08', municipality: '0801' })],
  ['products', () => ({ node: 'N-TGU-0101', nodeClass: '10' })],
  ['addons', () => ({ node: 'N-TGU-0101', planId: 'HN-TRIPLE-100' })],
  ['activationCost', () => ({ pin: '2580', productType: 'Bundle', monthsContract: 12, node: 'N-TGU-0101', documentType: 'CC', documentNumber: '0801199012345', flow: 'O', productList: [{ product: 'HN-DOBLE-50' }] })],
  ['frontIdUpload', () => ({ region: 'HN', files: [{ field: 'file', blob: image('maria-zelaya-front.png'), name: 'front.png' }] })],
  ['idRecognition', (s) => ({ fileName: s.fileName ?? '', region: 'HN' })],
  ['documentEligibility', () => ({ documentType: 'CC', documentNumber: '0801199012345', firstName: 'María José', lastName: 'Zelaya Cruz', birthDay: '15', birthMonth: '03', birthYear: '1990', gender: 'F' })],
  ['agreements', () => ({ documentType: 'CC', documentNumber: '0801199012345', email: 'maria.zelaya@example.com', telephone: '88765432', references: [{ name: 'Luis Cruz', telephone: '77887766' }] })],
  ['getOTP', () => ({ channel: 'sms', to: '88765432' })],
  ['validateOTP', () => ({ channel: 'sms', to: '88765432', code: '000000' })],
  ['scheduleDates', () => ({ orderType: 'Instalation', node: 'N-TGU-0101' })],
  ['activation', () => ({ 'Idempotency-Key': 'declared-statuses-hn', ...HN_ORDER })],
  ['orderStatus', (s) => ({ orderId: s.leadId ?? '' })],
  ['appointment', (s) => ({ orderId: s.leadId ?? '', installationDate: s.date ?? '', time: 'AM', telephone: '88765432', comments: 'Portón negro' })],
  ['sales', () => ({ pin: '2580' })],
  ['cancelLead', () => ({ leadId: 'L-1502', reason: 'CUSTOMER_CHANGED_MIND' })],
  ['logout', () => ({ country: 'HN' })],
];

/** The seed's other branches in Honduras. */
const HN_BRANCHES: Inputs = [
  // The customer with `fault: 500`.
  ['activeTransactions', () => ({ documentType: 'CC', documentNumber: '0801199544444' })],
  ['debts', () => ({ documentType: 'CC', documentNumber: '0801199544444' })],
  ['currentPlans', () => ({ documentType: 'CC', documentNumber: '0801199544444' })],
  ['documentEligibility', () => ({ documentType: 'CC', documentNumber: '0801199544444', firstName: 'Ana', lastName: 'Falla' })],
  ['agreements', () => ({ documentType: 'CC', documentNumber: '0801199544444', email: 'falla@example.com', telephone: '88765439' })],
  // The register's refusal, and the agreement refused in the provider's words (422).
  ['documentEligibility', () => ({ documentType: 'CC', documentNumber: '0801198866666', firstName: 'José', lastName: 'Mejía' })],
  ['agreements', () => ({ documentType: 'CC', documentNumber: '0801199177777', email: 'ana.rivera@example.com', telephone: '88765431' })],
  // Another customer with María's phone.
  ['agreements', () => ({ documentType: 'CC', documentNumber: '0801199288888', email: 'pedro.lagos@example.com', telephone: '88765432' })],
  // A settled lead (COMPLETE): 409.
  ['cancelLead', () => ({ leadId: 'L-1501', reason: 'MORE_INFORMATION' })],
  // A visit in the past; on a day with no installers.
  ['appointment', (s) => ({ orderId: s.leadId ?? '', installationDate: '2020-01-01', time: 'PM', telephone: '88765432' })],
  ['appointment', (s) => ({ orderId: s.leadId ?? '', installationDate: `${new Date().getFullYear() + 1}-12-25`, time: 'PM', telephone: '88765432' })],
  ['scheduleDates', () => ({ orderType: 'Instalation', node: 'N-TGU-0101', workingDate: `${new Date().getFullYear() + 1}-12-25` })],
  ['getOTP', () => ({ channel: 'sms', to: '88765432' })],
  ['activation', () => ({ 'Idempotency-Key': 'declared-statuses-hn', ...HN_ORDER, cliFirstName: 'Otra' })],
];

const NI_ORDER = {
  ifMultichannel: 'S',
  vendPass: '2580',
  poaSellerCode: 'NI-POA-001',
  cliFirstName: 'María José',
  cliFirstLastName: 'Rivas',
  cliEmail: 'maria.rivas@example.com',
  cliContactPhoneList: ['88765432'],
  cliDocument: [{ cliDocumentType: 'CI', cliDocumentNum: '0011503900001A' }],
  actAddress: { department: '55', city: '5506', suburb: 'Barrio Altamira', street: 'Calle Principal', house: '12' },
  actNode: { id: 'N-MGA-0101' },
  productList: [{ product: 'NI-DOBLE-50' }],
  monthsContract: 12,
};

/** Nicaragua's calls in the order an agent makes them (the public coverage check first), each valid with the seed (src/sandbox/seed/ni/README.md). */
const NI: Inputs = [
  ['publicCoverage', () => ({ latitude: 12.1364, longitude: -86.2514 })],
  ['publicKey', () => ({})],
  ['accessToken', () => ({ code: '2580', country: 'NI' })],
  ['salesPersonDetails', () => ({ password: '2580' })],
  ['sessionKeepAlive', () => ({})],
  ['activeTransactions', () => ({ documentType: 'CI', documentNumber: '0011503900001A' })],
  ['debts', () => ({ documentType: 'CI', documentNumber: '0012208850002B' })],
  ['currentPlans', () => ({ documentType: 'CI', documentNumber: '0010507800003C' })],
  ['checkCoverage', () => ({ latitude: 12.1364, longitude: -86.2514 })],
  ['coverageAreas', () => ({})],
  ['addressCoordinates', () => ({ department: '55', municipality: '5506' })],
  ['products', () => ({ node: 'N-MGA-0101', nodeClass: '10' })],
  ['addons', () => ({ node: 'N-MGA-0101', planId: 'NI-TRIPLE-100' })],
  ['activationCost', () => ({ pin: '2580', productType: 'Bundle', monthsContract: 12, node: 'N-MGA-0101', documentType: 'CI', documentNumber: '0011503900001A', flow: 'O', productList: [{ product: 'NI-DOBLE-50' }] })],
  ['frontIdUpload', () => ({ region: 'NI', files: [{ field: 'file', blob: image('maria-rivas-front.png'), name: 'front.png' }] })],
  ['idRecognition', (s) => ({ fileName: s.fileName ?? '', region: 'NI' })],
  ['documentEligibility', () => ({ documentType: 'CI', documentNumber: '0011503900001A', firstName: 'María José', lastName: 'Rivas Pérez', birthDay: '15', birthMonth: '03', birthYear: '1990', gender: 'F' })],
  ['agreements', () => ({ documentType: 'CI', documentNumber: '0011503900001A', email: 'maria.rivas@example.com', telephone: '88765432', references: [{ name: 'Luis Pérez', telephone: '77887766' }] })],
  ['getOTP', () => ({ channel: 'sms', to: '88765432' })],
  ['validateOTP', () => ({ channel: 'sms', to: '88765432', code: '000000' })],
  ['scheduleDates', () => ({ orderType: 'Instalation', node: 'N-MGA-0101' })],
  ['activation', () => ({ 'Idempotency-Key': 'declared-statuses-ni', ...NI_ORDER })],
  ['orderStatus', (s) => ({ orderId: s.leadId ?? '' })],
  ['appointment', (s) => ({ orderId: s.leadId ?? '', installationDate: s.date ?? '', time: 'AM', telephone: '88765432', comments: 'Portón verde' })],
  ['sales', () => ({ pin: '2580' })],
  ['cancelLead', () => ({ leadId: 'L-3502', reason: 'CUSTOMER_CHANGED_MIND' })],
  ['logout', () => ({ country: 'NI' })],
];

/** The seed's other branches in Nicaragua. */
const NI_BRANCHES: Inputs = [
  // A point no node reaches: the public check says so (200), the agent's is the quiet 404.
  ['publicCoverage', () => ({ latitude: 11.1236, longitude: -84.7795 })],
  ['checkCoverage', () => ({ latitude: 11.1236, longitude: -84.7795 })],
  // The customer with `fault: 500`.
  ['debts', () => ({ documentType: 'CI', documentNumber: '0011111900004D' })],
  ['currentPlans', () => ({ documentType: 'CI', documentNumber: '0011111900004D' })],
  ['agreements', () => ({ documentType: 'CI', documentNumber: '0011111900004D', email: 'falla@example.com', telephone: '88765439' })],
  // The agreement refused in the provider's words (422); another customer with María's phone.
  ['agreements', () => ({ documentType: 'CI', documentNumber: '0012112910005E', email: 'ana.gutierrez@example.com', telephone: '88765431' })],
  ['agreements', () => ({ documentType: 'CI', documentNumber: '0010905920006F', email: 'pedro.sandino@example.com', telephone: '88765432' })],
  // A settled lead (COMPLETE): 409; a visit in the past; a second code at once: the wait.
  ['cancelLead', () => ({ leadId: 'L-3501', reason: 'MORE_INFORMATION' })],
  ['appointment', (s) => ({ orderId: s.leadId ?? '', installationDate: '2020-01-01', time: 'PM', telephone: '88765432' })],
  ['getOTP', () => ({ channel: 'sms', to: '88765432' })],
  ['activation', () => ({ 'Idempotency-Key': 'declared-statuses-ni', ...NI_ORDER, cliFirstName: 'Otra' })],
];

const ZZ: Inputs = [
  ['publicKey', () => ({})],
  ['accessToken', () => ({ code: '4321', country: 'ZZ' })],
  ['salesPersonDetails', () => ({ password: '4321' })],
  ['logout', () => ({ country: 'ZZ' })],
];

const ZC_FORM = { documentType: 'CIZ', documentNumber: '555123456', firstName: 'Lucía', lastName: 'Mora', phone: '88112233', email: 'lucia.mora@example.com' };

/**
 * The customer-facing test country (tests/fixtures/packs/zc): the public call, the customer's
 * session opened by the form and again by its lead's uid (before its own lead is read, so that
 * the session read is that lead's), then an agent's sign-in and the agent's own data.
 */
const ZC: Inputs = [
  ['publicKey', () => ({})],
  ['leadToCall', () => ({ firstName: 'Lucía', phone: '88112233', preferredTime: 'AM' })],
  ['registerClient', () => ZC_FORM],
  ['resumeLead', (s) => ({ uid: s.uid ?? '' })],
  ['customerLead', (s) => ({ leadId: s.leadId ?? '' })],
  ['saveLeadStep', (s) => ({ leadId: s.leadId ?? '', step: 'offers' })],
  ['accessToken', () => ({ code: '6543', country: 'ZC' })],
  ['salesPersonDetails', () => ({ password: '6543' })],
  ['sales', () => ({ pin: '6543' })],
  ['logout', () => ({ country: 'ZC' })],
];

/** The seed's other branches in ZC: a client, a client who owes, a document its rules refuse, one the provider fails on. */
const ZC_BRANCHES: Inputs = [
  ['registerClient', () => ({ ...ZC_FORM, documentNumber: '100200300' })],
  ['registerClient', () => ({ ...ZC_FORM, documentNumber: '100200400' })],
  ['registerClient', () => ({ ...ZC_FORM, documentNumber: '12' })],
  ['registerClient', () => ({ ...ZC_FORM, documentNumber: '100200999' })],
];

const ZF: Inputs = [
  ['publicKey', () => ({})],
  ['accessToken', () => ({ code: '4321', country: 'ZF' })],
  ['salesPersonDetails', () => ({ password: '4321' })],
  ['logout', () => ({ country: 'ZF' })],
];

/** The test country of issue 34's groups and copies (tests/fixtures/packs/zg): zf's calls under /zg/. */
const ZG: Inputs = [
  ['publicKey', () => ({})],
  ['accessToken', () => ({ code: '4321', country: 'ZG' })],
  ['salesPersonDetails', () => ({ password: '4321' })],
  ['logout', () => ({ country: 'ZG' })],
];

/** The test country of issue 34 (tests/fixtures/packs/zk): its upload takes a PDF as well as a photo. */
const ZK: Inputs = [
  ['publicKey', () => ({})],
  ['accessToken', () => ({ code: '4321', country: 'ZK' })],
  ['salesPersonDetails', () => ({ password: '4321' })],
  ['frontIdUpload', () => ({ region: 'ZK', files: [{ field: 'file', blob: new Blob([new Uint8Array(readFileSync('tests/fixtures/documents/patente.pdf'))], { type: 'application/pdf' }), name: 'patente.pdf' }] })],
  ['logout', () => ({ country: 'ZK' })],
];

/** Its other branches: a page named .pdf whose bytes are not a PDF's, refused. */
const ZK_BRANCHES: Inputs = [
  ['frontIdUpload', () => ({ region: 'ZK', files: [{ field: 'file', blob: new Blob([new Uint8Array(readFileSync('tests/fixtures/documents/pagina.pdf'))], { type: 'application/pdf' }), name: 'pagina.pdf' }] })],
];

const CR_FORM = { documentType: 'CED', documentNumber: '112340567', firstName: 'Sofía', lastName: 'Mora Vargas', phone: '88001122', email: 'sofia.mora@example.com' };

/**
 * Costa Rica's calls in the order a customer makes them (src/sandbox/seed/cr/README.md): the
 * public call, the form that opens the customer's session, the link's uid that opens it again,
 * then the purchase to its payment, approved on the hosted page (its return link's values verified).
 */
const CR: Inputs = [
  ['publicKey', () => ({})],
  ['leadToCall', () => ({ firstName: 'Sofía', phone: '88001122', preferredTime: 'AM' })],
  ['registerClient', () => CR_FORM],
  ['resumeLead', (s) => ({ uid: s.uid ?? '' })],
  ['sessionKeepAlive', () => ({})],
  ['getOTP', () => ({ channel: 'sms', to: '88001122' })],
  ['validateOTP', () => ({ channel: 'sms', to: '88001122', code: '000000' })],
  ['addressCoordinates', () => ({ department: '1', municipality: '101' })],
  ['checkCoverage', () => ({ latitude: 9.9326, longitude: -84.0796 })],
  ['coverageAreas', () => ({})],
  ['products', () => ({ node: 'N-SJO-0101', nodeClass: '10' })],
  ['frontIdUpload', () => ({ region: 'CR', files: [{ field: 'file', blob: image('sofia-mora-front.png'), name: 'front.png' }] })],
  ['idRecognition', (s) => ({ fileName: s.fileName ?? '', region: 'CR' })],
  ['scheduleDates', () => ({ orderType: 'Instalation', node: 'N-SJO-0101' })],
  [
    'customerOrder',
    (s) => ({
      'Idempotency-Key': 'declared-statuses-cr',
      leadId: s.leadId ?? '',
      node: 'N-SJO-0101',
      productList: [{ product: 'CR-TRIPLE-100' }],
      address: { province: '1', canton: '101', district: 'Catedral', addressRef: 'Frente al parque' },
      installationDate: s.date ?? '',
      time: 'AM',
    }),
  ],
  ['createPayment', (s) => ({ orderId: s.orderId ?? '', returnPath: '/pago/retorno' })],
  ['confirmPayment', (s) => ({ paymentId: s.payment ?? '', result: s.result ?? '', signature: s.signature ?? '' })],
  ['logout', () => ({ country: 'CR' })],
];

/** The seed's other branches in Costa Rica: a client, a client who owes, a document the register does not know, one the provider fails on; a link nobody sent. */
const CR_BRANCHES: Inputs = [
  ['registerClient', () => ({ ...CR_FORM, documentNumber: '203450678' })],
  ['registerClient', () => ({ ...CR_FORM, documentNumber: '304560789' })],
  ['registerClient', () => ({ ...CR_FORM, documentNumber: '105670890' })],
  ['registerClient', () => ({ ...CR_FORM, documentNumber: '406780901' })],
  ['resumeLead', () => ({ uid: 'A'.repeat(22) })],
];

const pdf = (name: string) => new Blob([new Uint8Array(readFileSync(`tests/fixtures/documents/${name}`))], { type: 'application/pdf' });

const GT_ADDRESS = { department: '01', city: '0101', locality: 'Zona 10', addresses: [{ addressType: 'Avenida', addressValue: 'Reforma 12-01' }] };

const GT_ORDER = {
  ifMultichannel: 'S',
  vendPass: '2580',
  poaSellerCode: 'GT-POA-001',
  actOrderType: 'Instalation',
  accountType: '0',
  cliFirstName: 'Ana Lucía',
  cliFirstLastName: 'Pérez García',
  cliNit: '1234567-9',
  cliBirthDate: '12/05/1991',
  cliGender: 'F',
  cliCivilStatus: 'Soltero',
  cliEmail: 'ana.perez@example.com',
  cliContactPhoneList: ['55123456'],
  cliDocument: [{ cliDocumentType: 'DPI', cliDocumentNum: '2547853280101' }],
  actAddress: { ...GT_ADDRESS, actAddressRef: 'Edificio azul', latitude: 14.5995, longitude: -90.513 },
  actNode: { id: 'N-GUA-0101' },
  productList: [{ product: 'GT-TRIPLE-100' }],
  monthsContract: 12,
  activationCost: 250,
  voucherNumber: '004512',
  installationTime: 'AM',
  installationPhone: '44556677',
  actComments: 'Casa de portón negro',
  actAttachment: [{ action: 'A', label: 'ID_front_side', location: '/uploads/front-1.jpg' }],
};

/** Guatemala's calls in the order an agent makes them, each valid with the seed (src/sandbox/seed/gt/). */
const GT: Inputs = [
  ['publicKey', () => ({})],
  ['accessToken', () => ({ code: '2580', country: 'GT' })],
  ['salesPersonDetails', () => ({ password: '2580' })],
  ['sessionKeepAlive', () => ({})],
  ['debts', () => ({ documentType: 'DPI', documentNumber: '2987123420101' })],
  ['currentPlans', () => ({ documentType: 'DPI', documentNumber: '3001456750101' })],
  ['addressSearch', () => GT_ADDRESS],
  ['addressCoordinates', () => ({ department: '01', municipality: '0101' })],
  ['checkCoverage', () => ({ latitude: 14.5995, longitude: -90.513 })],
  ['coverageAreas', () => ({})],
  ['products', () => ({ node: 'N-GUA-0101', nodeClass: '10' })],
  ['addons', () => ({ node: 'N-GUA-0101', planId: 'GT-TRIPLE-100' })],
  ['activationCost', () => ({ pin: '2580', productType: 'Bundle', monthsContract: 12, node: 'N-GUA-0101', documentType: 'DPI', documentNumber: '2547853280101', flow: 'O', productList: [{ product: 'GT-TRIPLE-100' }] })],
  ['frontIdUpload', () => ({ region: 'GT', fileName: 'ID_front_side', transaction_type: 'sale', files: [{ field: 'file', blob: image('ana-lucia-perez-front.png'), name: 'front.png' }] })],
  ['idRecognition', (s) => ({ fileName: s.fileName ?? '', region: 'GT' })],
  ['rearIdRecognition', () => ({ region: 'GT', fileName: 'ID_rear_side', files: [{ field: 'file', blob: image('ana-lucia-perez-rear.png'), name: 'rear.png' }] })],
  ['businessDocumentUpload', () => ({ region: 'GT', customDoc: 'patente-acta', files: [{ field: 'file', blob: pdf('patente.pdf'), name: 'patente.pdf' }] })],
  ['documentEligibility', () => ({ documentType: 'DPI', documentNumber: '2547853280101', firstName: 'Ana Lucía', lastName: 'Pérez García', birthDay: '12', birthMonth: '05', birthYear: '1991', gender: 'F' })],
  ['agreements', () => ({ documentType: 'DPI', documentNumber: '2547853280101', email: 'ana.perez@example.com', telephone: '55123456', rechargeNumber: '55123456', billing: { name: 'Ana Lucía Pérez', nit: '1234567-9', department: '01', city: '0101', locality: 'Zona 10', legalAddress: 'Avenida Reforma 12-01' } })],
  ['getOTP', () => ({ channel: 'sms', to: '55123456' })],
  ['validateOTP', () => ({ channel: 'sms', to: '55123456', code: '000000' })],
  ['termsAndConditions', () => ({})],
  ['scheduleDates', () => ({ orderType: 'Instalation', node: 'N-GUA-0101' })],
  ['activation', (s) => ({ 'Idempotency-Key': 'declared-statuses-gt', ...GT_ORDER, cliInstallationDate: s.date ?? '' })],
  ['orderStatus', (s) => ({ orderId: s.leadId ?? '' })],
  ['appointment', (s) => ({ orderId: s.leadId ?? '', installationDate: s.date ?? '', time: 'AM', telephone: '55123456', comments: 'Portón negro' })],
  ['sales', () => ({ pin: '2580' })],
  ['cancelLead', () => ({ leadId: 'L-2502', reason: 'CUSTOMER_CHANGED_MIND' })],
  ['logout', () => ({ country: 'GT' })],
];

/** The seed's other branches in Guatemala. */
const GT_BRANCHES: Inputs = [
  // The customer with `fault: 500`.
  ['debts', () => ({ documentType: 'DPI', documentNumber: '3112233460101' })],
  ['currentPlans', () => ({ documentType: 'DPI', documentNumber: '3112233460101' })],
  ['documentEligibility', () => ({ documentType: 'DPI', documentNumber: '3112233460101', firstName: 'Luis', lastName: 'Funes' })],
  ['agreements', () => ({ documentType: 'DPI', documentNumber: '3112233460101', email: 'luis.funes@example.com', telephone: '55123457' })],
  // A customer with no debt, with no plans; the agreement refused in the provider's words (422).
  ['debts', () => ({ documentType: 'DPI', documentNumber: '2547853280101' })],
  ['currentPlans', () => ({ documentType: 'DPI', documentNumber: '2547853280101' })],
  ['agreements', () => ({ documentType: 'DPI', documentNumber: '3889900150101', email: 'marta.giron@example.com', telephone: '55123458' })],
  // A business document whose bytes are not a PDF's; a photo.
  ['businessDocumentUpload', () => ({ region: 'GT', customDoc: 'rtu', files: [{ field: 'file', blob: pdf('pagina.pdf'), name: 'pagina.pdf' }] })],
  ['businessDocumentUpload', () => ({ region: 'GT', customDoc: 'rtu', files: [{ field: 'file', blob: image('ana-lucia-perez-front.png'), name: 'rtu.png' }] })],
  // The address search with no match.
  ['addressSearch', () => ({ ...GT_ADDRESS, locality: 'Zona 21' })],
  // A municipality the provider cannot place, nor its department: the quiet 404.
  ['addressCoordinates', () => ({ department: '05', municipality: '0501' })],
  // An order rejected; a modification of a service (add-ons on contract C-7001).
  ['activation', (s) => ({ 'Idempotency-Key': 'declared-statuses-gt-rejected', ...GT_ORDER, cliDocument: [{ cliDocumentType: 'DPI', cliDocumentNum: '3334455620101' }], cliInstallationDate: s.date ?? '' })],
  ['activation', () => ({ 'Idempotency-Key': 'declared-statuses-gt-modify', ifMultichannel: 'S', vendPass: '2580', poaSellerCode: 'GT-POA-001', actOrderType: 'Modify', contractId: 'C-7001', cliFirstName: 'Jorge', cliFirstLastName: 'Castillo', cliEmail: 'jorge.castillo@example.com', cliContactPhoneList: ['55123459'], cliDocument: [{ cliDocumentType: 'DPI', cliDocumentNum: '3001456750101' }], actNode: { id: 'N-GUA-0101' }, productList: [{ product: 'GT-INT-50' }], addonList: ['ADD-EXT'] })],
  // A settled lead (COMPLETE): 409; a second code at once: the wait.
  ['cancelLead', () => ({ leadId: 'L-2501', reason: 'MORE_INFORMATION' })],
  ['getOTP', () => ({ channel: 'sms', to: '55123456' })],
  ['activation', (s) => ({ 'Idempotency-Key': 'declared-statuses-gt', ...GT_ORDER, cliFirstName: 'Otra', cliInstallationDate: s.date ?? '' })],
];

const PY_ORDER = {
  ifMultichannel: 'S',
  vendPass: '2580',
  poaSellerCode: 'PY-POA-001',
  cliFirstName: 'Ana María',
  cliFirstLastName: 'Benítez Rojas',
  cliEmail: 'ana.benitez@example.com',
  cliContactPhoneList: ['595981234567'],
  cliDocument: [{ cliDocumentType: 'CI', cliDocumentNum: '4567890' }],
  actAddress: { department: '00', city: 'Asunción', suburb: 'Villa Morra', street: 'Avenida Mariscal López', house: '1234' },
  actNode: { id: 'N-ASU-0101', category: '2' },
  productList: [{ product: 'PY-HFC-TRIPLE-100' }],
  monthsContract: 12,
};

/** Paraguay's calls in the order an agent makes them, each valid with the seed (src/sandbox/seed/py/README.md): its phones with the prefix 5959. */
const PY: Inputs = [
  ['publicKey', () => ({})],
  ['accessToken', () => ({ code: '2580', country: 'PY' })],
  ['salesPersonDetails', () => ({ password: '2580' })],
  ['sessionKeepAlive', () => ({})],
  ['activeTransactions', () => ({ documentType: 'CI', documentNumber: '1111111' })],
  ['debts', () => ({ documentType: 'CI', documentNumber: '2222222' })],
  ['addressCoordinates', () => ({ department: '00', municipality: 'Asunción' })],
  ['checkCoverage', () => ({ latitude: -25.2946, longitude: -57.579 })],
  ['coverageAreas', () => ({})],
  ['products', () => ({ node: 'N-ASU-0101', nodeClass: '2' })],
  ['addons', () => ({ node: 'PY-DTH-SAT', planId: 'PY-DTH-FULL' })],
  ['activationCost', () => ({ pin: '2580', productType: 'Bundle', monthsContract: 12, node: 'N-ASU-0101', documentType: 'CI', documentNumber: '4567890', flow: 'O', productList: [{ product: 'PY-HFC-TRIPLE-100' }] })],
  ['frontIdUpload', () => ({ region: 'PY', files: [{ field: 'file', blob: image('ana-benitez-front.png'), name: 'front.png' }] })],
  ['idRecognition', (s) => ({ fileName: s.fileName ?? '', region: 'PY' })],
  ['documentEligibility', () => ({ documentType: 'CI', documentNumber: '4567890', firstName: 'Ana María', lastName: 'Benítez Rojas', birthDay: '15', birthMonth: '03', birthYear: '1990', gender: 'F' })],
  ['agreements', () => ({ documentType: 'CI', documentNumber: '4567890', email: 'ana.benitez@example.com', telephone: '595981234567', references: [{ name: 'Luis Cruz', telephone: '595982345678' }] })],
  ['getOTP', () => ({ channel: 'sms', to: '595981234567' })],
  ['validateOTP', () => ({ channel: 'sms', to: '595981234567', code: '000000' })],
  ['activation', () => ({ 'Idempotency-Key': 'declared-statuses-py', ...PY_ORDER })],
  ['orderStatus', (s) => ({ orderId: s.leadId ?? '' })],
  ['sales', () => ({ pin: '2580' })],
  ['cancelLead', () => ({ leadId: 'L-1502', reason: 'CUSTOMER_CHANGED_MIND' })],
  ['logout', () => ({ country: 'PY' })],
];

/** The seed's other branches in Paraguay. */
const PY_BRANCHES: Inputs = [
  // The customer with `fault: 500`.
  ['activeTransactions', () => ({ documentType: 'CI', documentNumber: '3333333' })],
  ['debts', () => ({ documentType: 'CI', documentNumber: '3333333' })],
  ['documentEligibility', () => ({ documentType: 'CI', documentNumber: '3333333', firstName: 'Luis', lastName: 'Ferreira' })],
  ['agreements', () => ({ documentType: 'CI', documentNumber: '3333333', email: 'luis.ferreira@example.com', telephone: '595983333333' })],
  // The register's refusal, and the agreement refused in the provider's words (422).
  ['documentEligibility', () => ({ documentType: 'CI', documentNumber: '4444444', firstName: 'Julio César', lastName: 'Acosta León' })],
  ['agreements', () => ({ documentType: 'CI', documentNumber: '5555555', email: 'sofia.caballero@example.com', telephone: '595985555555' })],
  // Another customer with Ana's phone; a CI with a letter (the provider's rule).
  ['agreements', () => ({ documentType: 'CI', documentNumber: '6666666', email: 'pedro.duarte@example.com', telephone: '595981234567' })],
  ['agreements', () => ({ documentType: 'CI', documentNumber: '45678A', email: 'otra@example.com', telephone: '595989999999' })],
  // A phone without the prefix, as the provider does not take it.
  ['getOTP', () => ({ channel: 'sms', to: '81234567' })],
  // No HFC node in Boquerón; Alto Paraguay not placed (quiet 404s).
  ['checkCoverage', () => ({ latitude: -22.3486, longitude: -60.0339 })],
  ['addressCoordinates', () => ({ department: '17' })],
  // A settled lead (COMPLETE): 409.
  ['cancelLead', () => ({ leadId: 'L-1501', reason: 'MORE_INFORMATION' })],
  ['activation', () => ({ 'Idempotency-Key': 'declared-statuses-py', ...PY_ORDER, cliFirstName: 'Otra' })],
];

/** Each country's valid calls and the seed's other branches; its sign-in PIN. */
const PLAYS: Record<string, { valid: Inputs; branches: Inputs }> = {
  sv: { valid: SV, branches: SV_BRANCHES },
  hn: { valid: HN, branches: HN_BRANCHES },
  ni: { valid: NI, branches: NI_BRANCHES },
  zz: { valid: ZZ, branches: [] },
  zc: { valid: ZC, branches: ZC_BRANCHES },
  zf: { valid: ZF, branches: [] },
  zg: { valid: ZG, branches: [] },
  zk: { valid: ZK, branches: ZK_BRANCHES },
  cr: { valid: CR, branches: CR_BRANCHES },
  gt: { valid: GT, branches: GT_BRANCHES },
  py: { valid: PY, branches: PY_BRANCHES },
};

/**
 * The payment provider's hosted page, answered as a customer does (approved): the return link's
 * values, which the next call hands to the provider to verify.
 */
async function approveOnHostedPage(address: string, redirectUrl: string): Promise<CallState> {
  const page = await fetch(new URL(redirectUrl, address), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'result=approved', redirect: 'manual' });
  return Object.fromEntries(new URL(page.headers.get('location') ?? '/', address).searchParams);
}

/** What the next calls' answers come from, when kept. */
async function remember(state: CallState, operationId: string, data: unknown, address: string): Promise<void> {
  if (!data || typeof data !== 'object') return;
  const answer = data as Json;
  if (operationId === 'frontIdUpload') state.fileName = String((answer.Payload as Json | undefined)?.fileName ?? '');
  if (operationId === 'users') state.userId = String(answer.id ?? '');
  if (operationId === 'scheduleDates') state.date = String((answer.dates as string[] | undefined)?.[0] ?? '');
  if (operationId === 'activation') state.leadId = String(answer.leadId ?? '');
  // A customer's lead and the uid that resumes it (a customer-facing country's form).
  if (operationId === 'registerClient') Object.assign(state, { leadId: String(answer.leadId ?? ''), uid: String(answer.uid ?? '') });
  // A customer's order and its payment.
  if (operationId === 'customerOrder') state.orderId = String(answer.orderId ?? '');
  if (operationId === 'createPayment') Object.assign(state, await approveOnHostedPage(address, String(answer.redirectUrl ?? '')));
}

/** A value the provider does not have, of the same shape: its digits 9s (8s if they were), else a letter more. */
function unknownValue(value: unknown): unknown {
  if (typeof value === 'number') return value + 9999;
  if (typeof value === 'boolean') return !value;
  if (typeof value !== 'string') return value;
  if (!/\d/.test(value)) return `${value}X`;
  const nines = value.replace(/\d/g, '9');
  return nines === value ? value.replace(/\d/g, '8') : nines;
}

/** Every leaf of a value with its path (keys and indexes). */
function leaves(value: unknown, path: Array<string | number> = []): Array<{ path: Array<string | number>; value: unknown }> {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]));
  if (value && typeof value === 'object' && !(value instanceof Blob)) return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  return [{ path, value }];
}

function withLeaf(input: CallInput, path: Array<string | number>, value: unknown): CallInput {
  const copy = structuredClone({ ...input, files: undefined }) as Json;
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = value;
  return { ...copy, ...(input.files ? { files: input.files } : {}) } as CallInput;
}

/** The requests a caller can make from a valid one: each value missing, naming what is not there, with a hidden character. */
function variants(input: CallInput): Array<{ probe: string; input: CallInput }> {
  const out: Array<{ probe: string; input: CallInput }> = [{ probe: 'nothing sent', input: {} }];
  for (const key of Object.keys(input)) {
    const { [key]: _dropped, ...rest } = input;
    void _dropped;
    out.push({ probe: `without ${key}`, input: rest as CallInput });
  }
  for (const leaf of leaves({ ...input, files: undefined })) {
    if (leaf.value === undefined) continue;
    const at = leaf.path.join('.');
    out.push({ probe: `${at} unknown (${JSON.stringify(unknownValue(leaf.value))})`, input: withLeaf(input, leaf.path, unknownValue(leaf.value)) });
    if (typeof leaf.value === 'string') out.push({ probe: `${at} with a zero-width space`, input: withLeaf(input, leaf.path, `${leaf.value}\u200b`) });
    out.push({ probe: `${at} of another type`, input: withLeaf(input, leaf.path, typeof leaf.value === 'string' ? { value: leaf.value } : String(leaf.value)) });
  }
  return out;
}

/** One answer seen, and what asked for it. */
interface Seen {
  operationId: string;
  probe: string;
  /** `handler`: a request the operation's handler may answer; `pipeline`: one the shared pipeline refuses first. */
  kind: 'handler' | 'pipeline';
  status: number;
  body: unknown;
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

describe.each(countries.map((country) => [country.code, country] as const))('every answer of country %s, from the wire', (cc, country) => {
  const operations = operationsOf(country);
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const table = operationTableOf(operations);
  const once = everyOperation(country);
  const signs = operations.some((op) => op.signing === 'publishes-keys') && operations.some((op) => op.signing === 'sign-in');
  const play = PLAYS[cc];
  const seen: Seen[] = [];
  const problems: string[] = [];
  let sandbox: Sandbox;
  let address: string;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'declared-statuses-'));
    // A real server over real SQLite files: this country alone (its sign-in throttle is its own).
    sandbox = await createSandbox({ db: join(dir, 'sandbox.db'), mode: 'test', countries: [country], country: cc });
    address = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await sandbox.app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has a valid request from the seed for every operation, in this test', () => {
    expect(operations.map((op) => op.operationId).filter((id) => !play?.valid.some(([each]) => each === id))).toEqual([]);
  });

  it('answers every request a caller can make with a status its operation declares', async () => {
    if (!play) return;
    const seller = signedHttpClient(address, { timeoutMs: 10_000 });
    let current: Omit<Seen, 'status' | 'body'> = { operationId: '', probe: '', kind: 'handler' };
    let lastRequest: Request | undefined;
    // The signed requests as they leave (to send one again), and every opened answer as the app reads it.
    const wire = Object.assign(
      async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        lastRequest = request.clone();
        return seller.fetch(request);
      },
      { cookies: seller.fetch.cookies },
    );
    const recorder: Middleware = {
      async onResponse({ response }) {
        seen.push({ ...current, status: response.status, body: parsed(await response.clone().text()) });
        return undefined;
      },
    };
    const api = seller.countryClient(table, { fetch: wire, middleware: [recorder] });
    const state: CallState = {};
    let keys = 0;
    /**
     * A call through the app's own client (signed, its answer opened). A variant of an order gets
     * a fresh idempotency key unless it is the key that varies: the same key with another body
     * is one refusal, which would hide every other.
     */
    const call = async (operationId: string, probe: string, input: CallInput, kind: Seen['kind'] = 'handler', freshKey = false) => {
      current = { operationId, probe, kind };
      const fresh = (byId.get(operationId)?.parameters ?? []).filter((p) => freshKey && p.in === 'header' && /idempotency/i.test(p.name) && typeof input[p.name] === 'string' && !probe.startsWith(p.name));
      const sent = Object.fromEntries(fresh.map((p) => [p.name, `declared-statuses-${cc}-${(keys += 1)}`]));
      return api.call(operationId, { ...input, ...sent });
    };
    /** A request written by hand, unsigned, with or without the session's cookie. */
    const raw = async (operationId: string, probe: string, input: CallInput, options: { cookie: boolean; contentType?: string; body?: BodyInit; headers?: Record<string, string>; pathValue?: string }) => {
      const op = byId.get(operationId) as Operation;
      const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(options.pathValue ?? String(input[name] ?? Date.now())));
      const query = new URLSearchParams(op.parameters.filter((p) => p.in === 'query' && input[p.name] !== undefined).map((p) => [p.name, String(input[p.name])]));
      const headers: Record<string, string> = { ...options.headers };
      if (options.cookie) headers.cookie = [...seller.fetch.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      if (options.contentType) headers['content-type'] = options.contentType;
      let body = options.body;
      if (body === undefined && op.body) {
        const { files, ...fields } = input;
        if (op.body.mediaType.startsWith('multipart/')) {
          const form = new FormData();
          for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
          for (const file of files ?? []) form.append(file.field, file.blob, file.name);
          body = form;
        } else {
          body = JSON.stringify(fields);
          headers['content-type'] ??= 'application/json';
        }
      }
      const response = await fetch(`${address}/v1/telco${path}${query.size ? `?${query}` : ''}`, { method: op.method.toUpperCase(), headers, ...(body === undefined ? {} : { body }) }).catch(() => undefined);
      // A refusal from Node's parser may close the connection before fetch reads it: nothing to hold it to then.
      if (response) seen.push({ operationId, probe, kind: 'pipeline', status: response.status, body: parsed(await response.text()) });
    };
    /** Everything a caller can send to an operation but its valid request. */
    const probe = async (operationId: string, input: CallInput) => {
      const op = byId.get(operationId) as Operation;
      // A second copy of the valid request, as it was signed and sent.
      const copy = lastRequest;
      if (copy && signs && op.signing !== 'publishes-keys') {
        const response = await seller.fetch(copy);
        seen.push({ operationId, probe: 'the same signed request again', kind: 'pipeline', status: response.status, body: parsed(await response.text()) });
      }
      for (const each of variants(input)) await call(operationId, each.probe, each.input, 'handler', true);
      await raw(operationId, 'without a session', input, { cookie: false });
      await raw(operationId, 'with the session, unsigned', input, { cookie: true });
      await raw(operationId, 'a body of another type', input, { cookie: true, contentType: 'text/plain', body: 'x' });
      await raw(operationId, 'headers over 16 KB', input, { cookie: true, headers: { 'x-padding': 'a'.repeat(20_000) } });
      if (op.parameters.some((p) => p.in === 'path')) await raw(operationId, 'a path value of 2,000 characters', input, { cookie: true, pathValue: 'a'.repeat(2000) });
      if (op.body) {
        const multipart = op.body.mediaType.startsWith('multipart/');
        await call(operationId, 'a body too large', { ...input, padding: 'x'.repeat(multipart ? 2_200_000 : 70_000) }, 'pipeline', true);
      } else {
        await raw(operationId, 'a body too large', input, { cookie: true, contentType: 'application/json', body: JSON.stringify({ padding: 'x'.repeat(70_000) }) });
      }
    };

    const valid = async ([operationId, input]: Inputs[number]) => {
      const outcome = await call(operationId, 'valid', input(state));
      const answer = seen.at(-1);
      if (!answer || answer.operationId !== operationId || answer.status >= 300) {
        problems.push(`${cc} ${operationId}: its valid request answered ${answer?.status ?? 'nothing'} ${JSON.stringify(answer?.body)}`);
      }
      if (outcome.ok) await remember(state, operationId, outcome.data, address);
    };
    const signIn = play.valid.find(([id]) => byId.get(id)?.signing === 'sign-in');
    const signOut = play.valid.find(([id]) => byId.get(id)?.session === 'sign-out');
    // Every operation but the session's own, with the session open.
    for (const each of play.valid) {
      if (each === signOut || each === signIn) {
        if (each === signIn) await valid(each);
        continue;
      }
      await valid(each);
      await probe(each[0], each[1](state));
    }
    for (const [operationId, input] of play.branches) await call(operationId, 'a branch of the seed', input(state));
    // The session's end, then the sign-in's every variant: wrong PINs until the throttle's wait.
    if (signOut) {
      await valid(signOut);
      await probe(signOut[0], signOut[1](state));
    }
    if (signIn) {
      await valid(signIn);
      await probe(signIn[0], signIn[1](state));
      const pin = Object.entries(signIn[1](state)).find(([key]) => key === 'code');
      for (let i = 0; pin && i < 7; i++) await call(signIn[0], 'a wrong PIN', { ...signIn[1](state), code: '0000' });
    }

    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    const validators = new Map<unknown, ReturnType<typeof ajv.compile>>();
    for (const answer of seen) {
      const op = byId.get(answer.operationId) as Operation;
      const own = declaredFor(op.responses, answer.status);
      const declared = own ?? (answer.kind === 'pipeline' ? declaredFor(once, answer.status) : undefined);
      const asked = `${cc} ${answer.operationId} (${answer.probe})`;
      if (!declared) {
        problems.push(`${asked}: answered ${answer.status}, which it does not declare (it declares ${listed(op.responses)}${answer.kind === 'pipeline' ? `; every operation: ${listed(once)}` : ''}) ${JSON.stringify(answer.body).slice(0, 120)}`);
        continue;
      }
      if (answer.kind === 'handler' && ![400, 401].includes(answer.status) && !reading.statuses.get(answer.operationId)?.has(answer.status)) {
        problems.push(`${asked}: answered ${answer.status}, which the reading of its handler's code does not find (tests/support/handlerStatuses.ts)`);
      }
      if (declared.schema === undefined) continue;
      let validate = validators.get(declared.schema);
      if (!validate) validators.set(declared.schema, (validate = ajv.compile(declared.schema as object)));
      if (!validate(answer.body)) problems.push(`${asked}: its ${answer.status} answer does not fit what is declared for it: ${ajv.errorsText(validate.errors)} ${JSON.stringify(answer.body).slice(0, 120)}`);
    }
    expect([...new Set(problems)]).toEqual([]);
    // The refusals were provoked, not only asked for: each came back somewhere in the country.
    const answered = new Set(seen.map((answer) => answer.status));
    const provoked = [
      401,
      431,
      ...(signs ? [409] : []),
      ...(operations.some((op) => op.body) ? [413, 415] : []),
      ...(operations.some((op) => op.parameters.some((p) => p.in === 'path')) ? [414] : []),
    ];
    expect(provoked.filter((status) => !answered.has(status))).toEqual([]);
    // Every operation was asked, and answered.
    expect(operations.filter((op) => !seen.some((answer) => answer.operationId === op.operationId)).map((op) => op.operationId)).toEqual([]);
  }, 300_000);
});
