import { readFileSync } from 'node:fs';
import type { CallInput } from '../../src/api/callOperation';
import type { OperationId } from '../../src/api/generated/sv/operations';
import { sampleOrder } from './sampleOrder';

/** What earlier answers gave, for the calls that name it: the upload's file, the user, the order (leadId), the visit's date. */
export type CallState = Record<string, string>;

const image = (name: string) => new Blob([readFileSync(`tests/fixtures/ids/${name}`)], { type: 'image/png' });
const now = () => new Date().toISOString();

/**
 * Every El Salvador provider call in the order an agent makes them, with the seed's values
 * (src/sandbox/seed/sv/README.md); later inputs read what earlier answers gave (`state`).
 * `idempotencyKey`: the activation's; `contract`: the contract whose products and balance are
 * asked; `date`: the visit's date until scheduleDates has given one.
 */
export function svCalls({ idempotencyKey, contract, date }: { idempotencyKey: string; contract: string; date: string }): Array<[OperationId, (state: CallState) => CallInput]> {
  return [
    ['publicKey', () => ({})],
    ['accessToken', () => ({ code: '2580', country: 'SV' })],
    ['salesPersonDetails', () => ({ password: '2580' })],
    ['sessionKeepAlive', () => ({})],
    ['agentCredentials', () => ({ requestDate: now() })],
    ['getConfigParams', () => ({ module: 'd2d', id: 'config' })],
    ['promotionDetails', () => ({ salesPersonCode: 'SV-POA-001' })],
    ['departments', () => ({})],
    ['city', () => ({ deparment: '06' })],
    ['suburb', () => ({ department: '06', city: '0614' })],
    ['clientInfoValidateV2', () => ({ identificationID: '046448482', identificationType: 'DUI', requestDate: now(), code: 'SV-POA-001' })],
    ['clientDetail', () => ({ id: '046448482' })],
    ['clientSubscription', () => ({ id: contract })],
    ['clientSubscriptionBalance', () => ({ id: contract })],
    ['customerContact', () => ({ cliFirstName: 'Ana', cliLastName: 'Pérez', cliTelephone: '70001234', cliEmail: 'ana.perez@example.com' })],
    ['coverageAreas', () => ({})],
    ['checkCoverage', () => ({ latitude: 13.697366, longitude: -89.192282 })],
    ['coverage', () => ({ department: 'San Salvador', city: 'San Salvador', suburb: 'Centro Histórico', latitude: 13.697366, longitude: -89.192282 })],
    ['products', () => ({ node: 'N-SS-CEN-01', nodeClass: '10' })],
    ['activationCost', () => ({ pin: '2580', productType: 'Bundle', monthsContract: 12, node: 'N-SS-CEN-01', documentType: 'DUI', documentNumber: '046448482', flow: 'O', productList: [{ product: 'PLAN-TRIPLE-100' }] })],
    ['incomeValidate', () => ({ trxType: 'HOME', requestDate: now(), identificationType: 'DUI', identificationId: '046448482', offerAmount: 45, offerTaxesAmount: 5.85, customerIncome: 900 })],
    ['frontIdUpload', () => ({ region: 'SV', files: [{ field: 'file', blob: image('ana-perez-front.png'), name: 'front.png' }] })],
    ['idRecognition', (s) => ({ fileName: s.fileName ?? '', region: 'SV' })],
    ['rearIdRecognition', () => ({ region: 'SV', files: [{ field: 'file', blob: image('ana-perez-rear.png'), name: 'rear.png' }] })],
    ['validateDUI', () => ({ dui: '046448482' })],
    ['emailChecker', () => ({ email: 'ana.perez@example.com' })],
    ['users', () => ({ documentType: 'DUI', documentNumber: '046448482', cliFirstName: 'Ana', cliLastName: 'Pérez', cliEmail: 'ana.perez@example.com', cliTelephone: '70001234' })],
    ['getUser', (s) => ({ id: s.userId ?? '' })],
    ['contactMediumsPhones', (s) => ({ id: s.userId ?? '', phone: '70001234' })],
    ['contactMediumsEmails', (s) => ({ id: s.userId ?? '', email: 'ana.perez@example.com' })],
    ['getOTP', () => ({ channel: 'sms', to: '70001234' })],
    ['validateOTP', () => ({ channel: 'sms', to: '70001234', code: '000000' })],
    ['termsAndConditions', () => ({})],
    ['fieldServicesCosts', () => ({})],
    ['scheduleDates', () => ({ orderType: 'Instalation', node: 'N-SS-CEN-01' })],
    ['getTimeSlots', (s) => ({ requestDate: s.date ?? date, orderType: 'Instalation', node: 'N-SS-CEN-01' })],
    // The key first: a test that varies each key of an input in turn varies it first.
    ['activation', (s) => ({ 'Idempotency-Key': idempotencyKey, ...sampleOrder({ cliInstallationDate: s.date ?? date }) })],
    ['sales', () => ({ pin: '2580', page: 1, pageSize: 20 })],
    ['salesDetail', (s) => ({ msisdn: '70000001', id: s.leadId ?? '', pin: '2580' })],
    ['logout', () => ({ country: 'SV' })],
  ];
}
