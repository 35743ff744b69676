import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallInput } from '../../src/api/callOperation';
import { operations, type OperationId } from '../../src/api/generated/sv/operations';
import { loadCountryOperations } from '../../src/sandbox/openapiSpecs';
import { runningSandbox } from '../support/runningSandbox';
import { sampleOrder } from '../support/sampleOrder';

// Contract: every provider operation called through the typed client against a running
// sandbox, and every answer, errors included, valid against its operation's response schema.
const specs = new Map(loadCountryOperations('sv').map((op) => [op.operationId, op]));
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
const answers: Array<{ url: string; status: number; body: unknown }> = [];

beforeAll(async () => {
  sandbox = await runningSandbox();
  // Record every answer the client receives, opened (answers travel sealed), to check it against the spec.
  const recorder: Middleware = {
    async onResponse({ request, response }) {
      const text = await response.clone().text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: kept as text
      }
      answers.push({ url: request.url, status: response.status, body });
      return undefined;
    },
  };
  api = sandbox.client({ middleware: [recorder] });
});
afterAll(() => sandbox.close());
let api: ReturnType<Awaited<ReturnType<typeof runningSandbox>>['client']>;

const today = new Date().toISOString().slice(0, 10);
const image = (name: string) => new Blob([readFileSync(`tests/fixtures/ids/${name}`)], { type: 'image/png' });
const state: Record<string, string> = {};

/** The calls in the order an agent makes them; later inputs use what earlier answers gave. */
const calls: Array<[OperationId, () => CallInput]> = [
  ['publicKey', () => ({})],
  ['accessToken', () => ({ code: '2580', country: 'SV' })],
  ['salesPersonDetails', () => ({ password: '2580' })],
  ['sessionKeepAlive', () => ({})],
  ['agentCredentials', () => ({ requestDate: new Date().toISOString() })],
  ['getConfigParams', () => ({ module: 'd2d', id: 'config' })],
  ['promotionDetails', () => ({ salesPersonCode: 'SV-POA-001' })],
  ['departments', () => ({})],
  ['city', () => ({ deparment: '06' })],
  ['suburb', () => ({ department: '06', city: '0614' })],
  ['clientInfoValidateV2', () => ({ identificationID: '046448482', identificationType: 'DUI', requestDate: new Date().toISOString(), code: 'SV-POA-001' })],
  ['clientDetail', () => ({ id: '046448482' })],
  ['clientSubscription', () => ({ id: 'C-0001' })],
  ['clientSubscriptionBalance', () => ({ id: 'C-0001' })],
  ['customerContact', () => ({ cliFirstName: 'Ana', cliLastName: 'Pérez', cliTelephone: '70001234', cliEmail: 'ana.perez@example.com' })],
  ['coverageAreas', () => ({})],
  ['checkCoverage', () => ({ latitude: 13.697366, longitude: -89.192282 })],
  ['coverage', () => ({ department: 'San Salvador', city: 'San Salvador', suburb: 'Centro Histórico', latitude: 13.697366, longitude: -89.192282 })],
  ['products', () => ({ node: 'N-SS-CEN-01', nodeClass: '10' })],
  ['activationCost', () => ({ pin: '2580', productType: 'Bundle', monthsContract: 12, node: 'N-SS-CEN-01', documentType: 'DUI', documentNumber: '046448482', flow: 'O', productList: [{ product: 'PLAN-TRIPLE-100' }] })],
  ['incomeValidate', () => ({ trxType: 'HOME', requestDate: new Date().toISOString(), identificationType: 'DUI', identificationId: '046448482', offerAmount: 45, offerTaxesAmount: 5.85, customerIncome: 900 })],
  ['frontIdUpload', () => ({ region: 'SV', files: [{ field: 'file', blob: image('ana-perez-front.png'), name: 'front.png' }] })],
  ['idRecognition', () => ({ fileName: state.fileName ?? '', region: 'SV' })],
  ['rearIdRecognition', () => ({ region: 'SV', files: [{ field: 'file', blob: image('ana-perez-rear.png'), name: 'rear.png' }] })],
  ['validateDUI', () => ({ dui: '046448482' })],
  ['emailChecker', () => ({ email: 'ana.perez@example.com' })],
  ['users', () => ({ documentType: 'DUI', documentNumber: '046448482', cliFirstName: 'Ana', cliLastName: 'Pérez', cliEmail: 'ana.perez@example.com', cliTelephone: '70001234' })],
  ['getUser', () => ({ id: state.userId ?? '' })],
  ['contactMediumsPhones', () => ({ id: state.userId ?? '', phone: '70001234' })],
  ['contactMediumsEmails', () => ({ id: state.userId ?? '', email: 'ana.perez@example.com' })],
  ['getOTP', () => ({ channel: 'sms', to: '70001234' })],
  ['validateOTP', () => ({ channel: 'sms', to: '70001234', code: '000000' })],
  ['termsAndConditions', () => ({})],
  ['fieldServicesCosts', () => ({})],
  ['scheduleDates', () => ({ orderType: 'Instalation', node: 'N-SS-CEN-01' })],
  ['getTimeSlots', () => ({ requestDate: state.date ?? today, orderType: 'Instalation', node: 'N-SS-CEN-01' })],
  [
    'activation',
    () => sampleOrder({ 'Idempotency-Key': 'contract-1', cliInstallationDate: state.date ?? today }),
  ],
  ['sales', () => ({ pin: '2580', page: 1, pageSize: 20 })],
  ['salesDetail', () => ({ msisdn: '70000001', id: state.leadId ?? '', pin: '2580' })],
  ['logout', () => ({ country: 'SV' })],
];

describe('the provider API, operation by operation, against the sandbox', () => {
  it('has a call here for every operation of openapi/', () => {
    expect(calls.map(([id]) => id).sort()).toEqual(Object.keys(operations).sort());
  });

  it.each(calls)('%s answers as its spec says', async (operationId, input) => {
    const before = answers.length;
    const outcome = await api.call(operationId, input());
    const answer = answers.slice(before).at(-1);
    expect(answer, 'the client sent the request').toBeDefined();
    if (!answer) return;
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    const schema = specs.get(operationId)?.responses[String(answer.status)]?.schema;
    expect(schema, `the spec documents a ${answer.status} for ${operationId}`).toBeDefined();
    const validate = ajv.compile(schema as object);
    expect(validate(answer.body), JSON.stringify(validate.errors)).toBe(true);
    if (outcome.ok && outcome.data && typeof outcome.data === 'object') {
      const data = outcome.data as Record<string, unknown>;
      if (operationId === 'frontIdUpload') state.fileName = String((data.Payload as { fileName?: string } | undefined)?.fileName ?? '');
      if (operationId === 'users') state.userId = String(data.id ?? '');
      if (operationId === 'scheduleDates') state.date = String((data.dates as string[] | undefined)?.[0] ?? today);
      if (operationId === 'activation') state.leadId = String(data.leadId ?? '');
    }
  });
});
