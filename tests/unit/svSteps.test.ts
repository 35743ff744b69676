import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { widgetCatalogue } from '../../src/pack/widgetCatalogue';
import { createStepValidator, validateStepData } from '../../src/screens/stepValidator';
import { formatRules } from '../../src/validation/formats';

// The El Salvador step screens (schemas/steps/sv/*.json) against the meta-schema, the journey
// that names them (journeys/sv.json) and the limits and messages of the spec.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Button {
  label: string;
  event: string;
  primary?: boolean;
  validate?: boolean;
}

interface StepFile {
  $schema: string;
  step: string;
  title: string;
  schema?: JsonObject;
  uiSchema?: JsonObject;
  buttons?: Button[];
  messages?: Record<string, Record<string, string>>;
}

interface StateNode {
  meta?: { step?: string };
  on?: Record<string, Json>;
  states?: Record<string, StateNode>;
}

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const readJson = (path: string): unknown => JSON.parse(readFileSync(root(path), 'utf8'));

const STEPS_DIR = 'schemas/steps/sv';
const stepFiles = readdirSync(root(STEPS_DIR))
  .filter((name) => name.endsWith('.json'))
  .sort();
const steps = new Map(stepFiles.map((file) => [file.replace(/\.json$/, ''), readJson(`${STEPS_DIR}/${file}`) as StepFile]));
const journey = readJson('journeys/sv.json') as StateNode;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every state naming a step (`meta.step`), with the states above it, root first. */
function stepStates(node: StateNode, ancestors: StateNode[] = [], found = new Map<string, { state: StateNode; ancestors: StateNode[] }[]>()) {
  const step = node.meta?.step;
  if (step) found.set(step, [...(found.get(step) ?? []), { state: node, ancestors }]);
  for (const child of Object.values(node.states ?? {})) stepStates(child, [...ancestors, node], found);
  return found;
}
const journeySteps = stepStates(journey);

function descendants(node: StateNode): StateNode[] {
  return [node, ...Object.values(node.states ?? {}).flatMap(descendants)];
}

/** The events the journey handles while a step shows: on its state, the states under it and the ones above it. */
function eventsAt(step: string): Set<string> {
  const events = new Set<string>();
  for (const { state, ancestors } of journeySteps.get(step) ?? []) {
    for (const node of [...ancestors, ...descendants(state)]) for (const event of Object.keys(node.on ?? {})) events.add(event);
  }
  return events;
}

/** The `step.submit` transitions of a step (its state and the states under it), as objects. */
function submitTransitions(step: string): JsonObject[] {
  return (journeySteps.get(step) ?? []).flatMap(({ state }) =>
    descendants(state).flatMap((node) => {
      const value = node.on?.['step.submit'];
      const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
      return list.map((t) => (isObject(t) ? t : { target: t }));
    }),
  );
}

function exampleData(transition: JsonObject): Json | undefined {
  const meta = transition.meta;
  const example = isObject(meta) ? meta.example : undefined;
  return isObject(example) ? example.data : undefined;
}

/** A copy of the example data of the first `step.submit` transition of a step that has one. */
function exampleOf(step: string): JsonObject {
  const data = submitTransitions(step).map(exampleData).find(isObject);
  if (!data) throw new Error(`journeys/sv.json has no step.submit example for ${step}`);
  return structuredClone(data);
}

/** Every value under `key` anywhere in a JSON tree. */
function valuesOf(tree: unknown, key: string): unknown[] {
  if (Array.isArray(tree)) return tree.flatMap((item) => valuesOf(item, key));
  if (!isObject(tree)) return [];
  return Object.entries(tree).flatMap(([k, v]) => [...(k === key ? [v] : []), ...valuesOf(v, key)]);
}

/** Every string anywhere in a JSON tree. */
function stringsOf(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (Array.isArray(tree)) return tree.flatMap(stringsOf);
  return isObject(tree) ? Object.values(tree).flatMap(stringsOf) : [];
}

const allowedFormats = new Set(Object.keys(formatRules));
const validator = createStepValidator();
const check = (step: string, data: unknown) => validateStepData(steps.get(step) as StepFile, data, validator);

/** `DD/MM/YYYY` of the device's today (the day the age rule counts from) moved by years and days. */
function dmyFromToday(years: number, days = 0): string {
  const now = new Date();
  const date = new Date(now.getFullYear() + years, now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

const stepSchema = readJson('schemas/step.schema.json') as JsonObject;
const validateStepFile = new Ajv2020({ strict: false, allErrors: true }).compile(stepSchema);

describe.each([...steps.keys()])('schemas/steps/sv/%s.json', (name) => {
  const step = steps.get(name) as StepFile;

  it('is a step file by schemas/step.schema.json, named as the file', () => {
    const valid = validateStepFile(step);
    expect(validateStepFile.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(step.step).toBe(name);
    expect(step.$schema).toBe('../../step.schema.json');
  });

  it('has buttons that send events the journey handles at this step', () => {
    const handled = eventsAt(name);
    for (const button of step.buttons ?? []) expect(handled, `${button.label} → ${button.event}`).toContain(button.event);
    // Fields that send an event on change (ui:options `{ event }`) too.
    for (const event of valuesOf(step.uiSchema, 'event')) expect(handled).toContain(event);
  });

  it('validates with its main button when it collects data', () => {
    const submit = (step.buttons ?? []).filter((button) => button.event === 'step.submit');
    if (step.schema && eventsAt(name).has('step.submit')) {
      expect(submit).toHaveLength(1);
      expect(submit[0]).toMatchObject({ primary: true, validate: true });
    }
    expect((step.buttons ?? []).filter((button) => button.primary).length).toBeLessThanOrEqual(1);
  });

  it('names only catalogued widgets and known formats', () => {
    for (const widget of valuesOf(step.uiSchema, 'ui:widget')) expect(Object.keys(widgetCatalogue)).toContain(widget);
    for (const format of valuesOf(step.schema, 'format')) expect(allowedFormats).toContain(format);
  });

  it('orders, requires and overrides only fields it has', () => {
    if (!step.schema) return expect(step.messages).toBeUndefined();
    const properties = Object.keys(isObject(step.schema.properties) ? step.schema.properties : {});
    const required = (step.schema.required ?? []) as string[];
    for (const field of required) expect(properties).toContain(field);
    const order = step.uiSchema?.['ui:order'];
    if (properties.length > 0) expect([...(order as string[])].sort()).toEqual([...properties].sort());
    for (const key of Object.keys(step.uiSchema ?? {}).filter((k) => !k.startsWith('ui:'))) expect(properties).toContain(key);
    for (const pointer of Object.keys(step.messages ?? {})) expect(properties).toContain(pointer.split('/')[1]);
  });
});

describe('the El Salvador journey and its step files', () => {
  it('has a step file for every meta.step, and every file is used', () => {
    const named = [...journeySteps.keys()].sort();
    expect(named.length).toBeGreaterThan(30);
    expect([...steps.keys()].sort()).toEqual(named);
  });

  const examples = [...journeySteps.keys()].flatMap((step) =>
    submitTransitions(step)
      .map(exampleData)
      .filter((data) => data !== undefined)
      .map((data) => ({ step, data })),
  );

  it('has step.submit examples to check', () => {
    expect(examples.map((e) => e.step)).toEqual(expect.arrayContaining(['landing', 'address', 'idReview', 'contract', 'terms', 'scheduleVisit']));
  });

  it.each(examples)('accepts the journey example of $step', ({ step, data }) => {
    const file = steps.get(step) as StepFile;
    expect(file.schema).toBeDefined();
    expect(check(step, data)).toEqual([]);
    // The example's fields are fields of the screen.
    const properties = Object.keys(isObject(file.schema?.properties) ? file.schema.properties : {});
    for (const field of Object.keys(isObject(data) ? data : {})) expect(properties).toContain(field);
  });

  it('has the fields the journey reads from each saved step', () => {
    const everyString = stringsOf(journey);
    const checked: string[] = [];
    for (const step of journeySteps.keys()) {
      const properties = Object.keys(isObject(steps.get(step)?.schema?.properties) ? (steps.get(step)?.schema?.properties as JsonObject) : {});
      for (const transition of submitTransitions(step)) {
        for (const action of valuesOf(transition.actions, 'params').filter(isObject)) {
          // `save` without `from` keeps the step's data (`/event/data`) at `to`.
          const savedAt = action.to;
          if (typeof savedAt !== 'string' || action.from !== undefined) continue;
          for (const read of everyString.filter((s) => s.startsWith(`${savedAt}/`))) {
            const field = read.slice(savedAt.length + 1).split('/')[0];
            expect(properties, `${read} (${step})`).toContain(field);
            checked.push(read);
          }
        }
      }
    }
    expect(checked).toEqual(expect.arrayContaining(['/context/sale/client/documentNumber', '/context/sale/contract/phone', '/context/sale/contract/email']));
    // Data read straight from the submit event: the sign-in PIN and the OTP code.
    const eventReads = everyString.filter((s) => s.startsWith('/event/data/')).map((s) => s.split('/')[3]);
    expect(eventReads).toEqual(expect.arrayContaining(['pin', 'code']));
    const allFields = [...steps.values()].flatMap((s) => Object.keys(isObject(s.schema?.properties) ? s.schema.properties : {}));
    for (const field of eventReads) expect(allFields).toContain(field);
  });
});

describe('limits and messages of the spec', () => {
  const badDui = '046448488';

  // Each case starts from the journey's example for the step and changes one field.
  const invalid: { name: string; step: string; set?: Record<string, Json>; unset?: string; pointer: string; message: string }[] = [
    { name: 'street of 31 characters', step: 'address', set: { street: 'A'.repeat(31) }, pointer: '/street', message: 'Máximo 30 caracteres' },
    { name: 'house of 11 characters', step: 'address', set: { house: '1'.repeat(11) }, pointer: '/house', message: 'Máximo 10 caracteres' },
    { name: 'complementary info of 31 characters', step: 'address', set: { actAddressRef: 'B'.repeat(31) }, pointer: '/actAddressRef', message: 'Máximo 30 caracteres' },
    { name: 'complementary info with symbols', step: 'address', set: { actAddressRef: 'Casa #5, portón' }, pointer: '/actAddressRef', message: 'Solo se permiten letras, números y espacios' },
    { name: 'missing suburb', step: 'address', unset: 'suburb', pointer: '/suburb', message: 'Campo requerido' },
    { name: 'reference name of 20 characters', step: 'contract', set: { refNameA: 'A'.repeat(20) }, pointer: '/refNameA', message: 'Máximo 19 caracteres' },
    { name: 'reference name with digits', step: 'contract', set: { refNameB: 'Marta 2' }, pointer: '/refNameB', message: 'Solo se permiten letras y espacios' },
    { name: 'missing reference phone', step: 'contract', unset: 'refPhoneB', pointer: '/refPhoneB', message: 'Campo requerido' },
    { name: 'missing reference name', step: 'contract', unset: 'refNameA', pointer: '/refNameA', message: 'Campo requerido' },
    { name: 'phone of 7 digits', step: 'contract', set: { phone: '7000123' }, pointer: '/phone', message: 'El número de teléfono debe tener 8 dígitos' },
    { name: 'phone of 9 digits', step: 'contract', set: { phone: '700012345' }, pointer: '/phone', message: 'El número de teléfono debe tener 8 dígitos' },
    { name: 'e-mail without a top-level domain', step: 'contract', set: { email: 'ana@example' }, pointer: '/email', message: 'El correo electrónico no es válido' },
    { name: 'bad DUI', step: 'clientInformation', set: { documentNumber: badDui }, pointer: '/documentNumber', message: 'El DUI ingresado no es válido' },
    { name: 'all-zero DUI', step: 'clientInformation', set: { documentNumber: '000000000' }, pointer: '/documentNumber', message: 'El DUI ingresado no es válido' },
    { name: 'passport number of 31 characters', step: 'clientInformation', set: { documentType: 'PASAPORTE', documentNumber: 'A'.repeat(31) }, pointer: '/documentNumber', message: 'Máximo 30 caracteres' },
    { name: 'unknown document type', step: 'clientInformation', set: { documentType: 'NIT' }, pointer: '/documentType', message: 'Por favor, valida la información' },
    { name: 'bad DUI on the review', step: 'idReview', set: { cliDUINumber: badDui }, pointer: '/cliDUINumber', message: 'El DUI ingresado no es válido' },
    { name: 'a 17-year-old (18 tomorrow)', step: 'idReview', set: { cliDob: dmyFromToday(-18, 1) }, pointer: '/cliDob', message: 'El cliente debe ser mayor de 18 años' },
    { name: 'a date of birth that is no date', step: 'idReview', set: { cliDob: '31/02/1990' }, pointer: '/cliDob', message: 'Fecha inválido' },
    { name: 'a date of birth in ISO form', step: 'idReview', set: { cliDob: '1990-01-01' }, pointer: '/cliDob', message: 'Fecha inválido' },
    { name: 'a document expiry that is no date', step: 'idReview', set: { cliDocExpiry: '32/01/2030' }, pointer: '/cliDocExpiry', message: 'Fecha inválido' },
    { name: 'first name of 51 characters', step: 'idReview', set: { cliFirstName: 'A'.repeat(51) }, pointer: '/cliFirstName', message: 'Máximo 50 caracteres' },
    { name: 'last name of 51 characters', step: 'idReview', set: { cliLastName: 'B'.repeat(51) }, pointer: '/cliLastName', message: 'Máximo 50 caracteres' },
    { name: 'first name with digits', step: 'idReview', set: { cliFirstName: 'Ana 2' }, pointer: '/cliFirstName', message: 'Solo se permiten letras y espacios' },
    { name: 'profession of 51 characters', step: 'idReview', set: { cliProfession: 'C'.repeat(51) }, pointer: '/cliProfession', message: 'Máximo 50 caracteres' },
    { name: 'gender other than M (Masculino) or F (Femenino)', step: 'idReview', set: { cliGender: 'X' }, pointer: '/cliGender', message: 'Por favor, valida la información' },
    { name: 'review phone of 7 digits', step: 'idReview', set: { cliTelephone: '7000123' }, pointer: '/cliTelephone', message: 'El número de teléfono debe tener 8 dígitos' },
    { name: 'unticked credit consultation', step: 'terms', set: { creditConsultation: false }, pointer: '/creditConsultation', message: 'Campo requerido' },
    { name: 'unticked 12-month validity', step: 'terms', set: { contractValidity: false }, pointer: '/contractValidity', message: 'Campo requerido' },
    { name: 'missing dispute resolution', step: 'terms', unset: 'disputeResolution', pointer: '/disputeResolution', message: 'Campo requerido' },
    { name: 'unticked clauses', step: 'clauses', set: { accepted: false }, pointer: '/accepted', message: 'Campo requerido' },
    { name: 'unticked privacy notice', step: 'confirmOrder', set: { privacyNotice: false }, pointer: '/privacyNotice', message: 'Campo requerido' },
    { name: 'missing general conditions', step: 'confirmOrder', unset: 'generalConditions', pointer: '/generalConditions', message: 'Campo requerido' },
    { name: 'SMS code 12345', step: 'verifyPhone', set: { code: '12345' }, pointer: '/code', message: 'El código debe tener 6 dígitos' },
    { name: 'e-mail code 12345', step: 'verifyEmail', set: { code: '12345' }, pointer: '/code', message: 'El código debe tener 6 dígitos' },
    { name: 'e-mail code with a letter', step: 'verifyEmail', set: { code: '12345a' }, pointer: '/code', message: 'El código debe tener 6 dígitos' },
    { name: 'PIN of 3 digits', step: 'landing', set: { pin: '258' }, pointer: '/pin', message: 'El PIN debe tener de 4 a 8 dígitos' },
    { name: 'PIN of 9 digits', step: 'landing', set: { pin: '123456789' }, pointer: '/pin', message: 'El PIN debe tener de 4 a 8 dígitos' },
    { name: 'PIN with a letter', step: 'landing', set: { pin: '25a0' }, pointer: '/pin', message: 'Solo se permiten números' },
    { name: 'income of 0', step: 'income', set: { customerIncome: 0 }, pointer: '/customerIncome', message: 'El ingreso debe ser mayor a 0' },
    { name: 'no utility bill', step: 'documents', set: { utilityBill: [] }, pointer: '/utilityBill', message: 'Campo requerido' },
    { name: 'no proof of income', step: 'documents', unset: 'incomeProof', pointer: '/incomeProof', message: 'Campo requerido' },
    { name: 'a time slot other than AM or PM', step: 'scheduleVisit', set: { time: 'NOCHE' }, pointer: '/time', message: 'Por favor, valida la información' },
    { name: 'missing confirmation phone', step: 'scheduleVisit', unset: 'cliTelephone', pointer: '/cliTelephone', message: 'Campo requerido' },
    { name: 'installation date not as YYYY-MM-DD', step: 'scheduleVisit', set: { installationDate: '01/12/2026' }, pointer: '/installationDate', message: 'Fecha inválido' },
    { name: 'missing signature', step: 'clientSignature', unset: 'imageUrl', pointer: '/imageUrl', message: 'Campo requerido' },
    { name: 'missing ID photo', step: 'idFront', unset: 'imageUrl', pointer: '/imageUrl', message: 'Campo requerido' },
  ];

  it.each(invalid)('$step: $name → $message', ({ step, set, unset, pointer, message }) => {
    const data = Object.fromEntries(Object.entries({ ...exampleOf(step), ...set }).filter(([field]) => field !== unset));
    expect(check(step, data)).toEqual([{ pointer, message }]);
  });

  it('rejects 5 contract months and accepts each option of the spec', () => {
    expect(check('checkout', { monthsContract: 5 }).map((p) => p.pointer)).toEqual(['/monthsContract']);
    for (const months of [0, 3, 6, 12, 18, 24]) expect(check('checkout', { monthsContract: months })).toEqual([]);
  });

  // The limits themselves are allowed.
  const valid: { name: string; step: string; set: Record<string, Json> }[] = [
    { name: 'street of 30 characters', step: 'address', set: { street: 'A'.repeat(30) } },
    { name: 'numbered street', step: 'address', set: { street: '79 Avenida Norte' } },
    { name: 'house of 10 characters', step: 'address', set: { house: '1'.repeat(10) } },
    { name: 'complementary info of 30 characters with accents', step: 'address', set: { actAddressRef: 'Frente a la iglesia Ñ 2'.padEnd(30, 'a') } },
    { name: 'reference names of 19 characters', step: 'contract', set: { refNameA: 'Á'.repeat(19), refNameB: 'ñ'.repeat(19) } },
    { name: 'DUI written with a hyphen', step: 'clientInformation', set: { documentNumber: '04644848-2' } },
    { name: 'passport number', step: 'clientInformation', set: { documentType: 'PASAPORTE', documentNumber: 'A1234567' } },
    { name: 'resident card number', step: 'clientInformation', set: { documentType: 'CRES', documentNumber: 'C'.repeat(30) } },
    { name: 'someone who turned 18 yesterday', step: 'idReview', set: { cliDob: dmyFromToday(-18, -1) } },
    { name: 'date of birth with hyphens', step: 'idReview', set: { cliDob: '01-01-1990', cliDocExpiry: '01-01-2030' } },
    { name: 'names of 50 characters', step: 'idReview', set: { cliFirstName: 'A'.repeat(50), cliLastName: 'B'.repeat(50), cliProfession: 'C'.repeat(50) } },
    { name: 'optional contact data', step: 'idReview', set: { cliEmail: 'ana@example.com', cliTelephone: '70001234', cliTelephoneSecondary: '22001234', cliGender: 'M' } },
    { name: 'PIN of 8 digits', step: 'landing', set: { pin: '12345678' } },
    { name: 'PM slot without a message', step: 'scheduleVisit', set: { time: 'PM', actComments: '' } },
  ];

  it.each(valid)('$step: $name', ({ step, set }) => {
    expect(check(step, { ...exampleOf(step), ...set })).toEqual([]);
  });

  it('rejects a date of birth in the future', () => {
    expect(check('idReview', { ...exampleOf('idReview'), cliDob: dmyFromToday(1) }).map((p) => p.pointer)).toEqual(['/cliDob']);
  });

  it('lets the secondary phone be left out', () => {
    const contract = exampleOf('contract');
    delete contract.secondaryPhone;
    expect(check('contract', contract)).toEqual([]);
    expect(check('contract', { ...contract, secondaryPhone: '2200123' })).toEqual([{ pointer: '/secondaryPhone', message: 'El número de teléfono debe tener 8 dígitos' }]);
  });
});
