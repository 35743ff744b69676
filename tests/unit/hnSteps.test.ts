import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateStepData } from '../../src/screens/stepValidator';
import { formatMessages } from '../../src/validation/formats';

// Honduras's rules (country-variants.md section 5) on its own screens, at the spec's edges: what
// the agent reads under each field. The three-field birth date's own table is in
// validation/dateWith.test.ts; the phone rule's in validation/rules.test.ts.
type Step = { schema?: object; messages?: Record<string, Record<string, string>> };
const step = (name: string) => JSON.parse(readFileSync(`schemas/steps/hn/${name}.json`, 'utf8')) as Step;
/** The message shown under one field, none when it is right. */
const under = (name: string, data: Record<string, unknown>, field: string) => validateStepData(step(name), data).find((p) => p.pointer === `/${field}`)?.message;

/** The agent's calendar day `offset` days from today, YYYY-MM-DD. */
function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const client = { documentType: 'CC', documentNumber: '0801199012345', cliFirstName: 'María', cliLastName: 'Zelaya', cliTelephone: '88765432' };
const contract = { email: 'maria@example.com', cliTelephone: '88765432', refNameA: 'Luis Cruz', refTelephoneA: '77887766', refNameB: 'Ana Flores', refTelephoneB: '22334455' };
const address = { department: '08', municipality: '0801', suburb: 'Kennedy', street: 'Calle 1', house: '12' };
const review = { documentNumber: '0801199012345', cliFirstName: 'María', cliLastName: 'Zelaya', birthDate: '15', birthMonth: '03', birthYear: '1990', gender: 'F' };

const rows: Array<[string, string, Record<string, unknown>, string, string | undefined]> = [
  ['an identity card of 13 digits', 'clientInformation', client, 'documentNumber', undefined],
  ['an identity card of 12 digits', 'clientInformation', { ...client, documentNumber: '080119901234' }, 'documentNumber', 'La tarjeta de identidad tiene al menos 13 dígitos'],
  ['an identity card with a letter', 'clientInformation', { ...client, documentNumber: '080119901234X' }, 'documentNumber', 'La tarjeta de identidad tiene al menos 13 dígitos'],
  ['a passport of 30 characters', 'clientInformation', { ...client, documentType: 'PA', documentNumber: 'P'.repeat(30) }, 'documentNumber', undefined],
  ['a passport of 31 characters', 'clientInformation', { ...client, documentType: 'PA', documentNumber: 'P'.repeat(31) }, 'documentNumber', 'Máximo 30 caracteres'],
  ['a resident card of letters and digits', 'clientInformation', { ...client, documentType: 'CR', documentNumber: 'RES-12' }, 'documentNumber', undefined],
  ['a phone starting with 8', 'clientInformation', client, 'cliTelephone', undefined],
  ['a phone starting with 5', 'clientInformation', { ...client, cliTelephone: '58765432' }, 'cliTelephone', formatMessages['phone-hn']],
  ['a phone of 7 digits', 'clientInformation', { ...client, cliTelephone: '9876543' }, 'cliTelephone', formatMessages['phone-hn']],
  ['a reference name of 19 letters', 'contractInfo', { ...contract, refNameA: 'A'.repeat(19) }, 'refNameA', undefined],
  ['a reference name of 20 letters', 'contractInfo', { ...contract, refNameB: 'A'.repeat(20) }, 'refNameB', 'Máximo 19 caracteres'],
  ['no residence number (optional)', 'contractInfo', contract, 'residencyNumber', undefined],
  ['a reference phone starting with 1', 'contractInfo', { ...contract, refTelephoneA: '12345678' }, 'refTelephoneA', formatMessages['phone-hn']],
  ['a reference of 255 characters', 'inputAddress', { ...address, addressref: 'x'.repeat(255) }, 'addressref', undefined],
  ['a reference of 256 characters', 'inputAddress', { ...address, addressref: 'x'.repeat(256) }, 'addressref', 'Máximo 255 caracteres'],
  ['no reference (optional)', 'inputAddress', address, 'addressref', undefined],
  ['a code of 6 digits', 'verifyPhone', { code: '123456' }, 'code', undefined],
  ['a code of 5 digits', 'verifyEmail', { code: '12345' }, 'code', formatMessages.otp],
  ['a reviewed birth of 2019', 'idReview', { ...review, birthYear: '2019' }, 'birthYear', 'El cliente debe ser mayor de 18 años'],
  ['a reviewed birth of 2020', 'idReview', { ...review, birthYear: '2020' }, 'birthYear', 'El año debe tener 4 dígitos y ser 2019 o anterior'],
  ['a reviewed 31 April', 'idReview', { ...review, birthDate: '31', birthMonth: '04' }, 'birthDate', formatMessages['date-dmy']],
  ['a reviewed day 32', 'idReview', { ...review, birthDate: '32' }, 'birthDate', 'El día debe tener 2 dígitos, del 01 al 31'],
  ['no message for the installer (optional)', 'scheduleVisit', { installationDate: day(1), time: 'AM', cliTelephone: '88765432' }, 'actComments', undefined],
  ['a visit today', 'scheduleVisit', { installationDate: day(0), time: 'AM', cliTelephone: '88765432' }, 'installationDate', undefined],
  ['a visit yesterday', 'scheduleVisit', { installationDate: day(-1), time: 'AM', cliTelephone: '88765432' }, 'installationDate', 'La fecha de instalación no puede estar en el pasado'],
];

describe('Honduras rules on its screens', () => {
  it.each(rows)('%s', (_name, screen, data, field, message) => {
    expect(under(screen, data, field)).toBe(message);
  });

  it('refuses an empty required field with the required message', () => {
    expect(under('clientInformation', { ...client, cliFirstName: undefined }, 'cliFirstName')).toBe('Campo requerido');
  });
});
