import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstScreen } from 'virtual:country/firstScreen';
import { firstScreenOf } from '../../src/pack/firstScreen';
import type { JourneyConfig, JsonObject } from '../../src/pack/journeyTypes';
import type { StepFile } from '../../src/pack/stepFile';

// The journey's first screen as the page draws it before the app loads (src/app/firstScreen.ts):
// read from the journey's first step and its step file, or refused with a reason.

const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
const stepsOf = (cc: string) => (name: string) => {
  try {
    return read<StepFile>(`schemas/steps/${cc}/${name}.json`);
  } catch {
    return undefined;
  }
};

describe("the journey's first screen", () => {
  it("is each country's PIN sign-in, in its step file's words", () => {
    for (const cc of ['sv', 'hn']) {
      const first = firstScreenOf(read<JourneyConfig>(`journeys/${cc}.json`), 'Venta D2D', stepsOf(cc));
      expect(first).toEqual({
        screen: {
          appTitle: 'Venta D2D',
          route: '/',
          title: 'Iniciar sesión',
          description: 'Ingresa tu PIN de vendedor',
          field: { name: 'pin', label: 'PIN', boxes: 8, minLength: 4, maxLength: 8, secret: true, tooShort: 'El PIN debe tener de 4 a 8 dígitos', tooLong: 'El PIN debe tener de 4 a 8 dígitos' },
          button: { label: 'Ingresar', event: 'step.submit' },
        },
      });
    }
  });

  it('is what the build gives the page (virtual:country/firstScreen)', () => {
    expect(firstScreen?.title).toBe('Iniciar sesión');
    expect(firstScreen && 'field' in firstScreen ? firstScreen.field.name : undefined).toBe('pin');
  });

  it('is left to the app, with the reason, when the first step is not a code and one button', () => {
    const journey = read<JourneyConfig>('journeys/sv.json');
    const landing = stepsOf('sv')('landing') as StepFile;
    const withStep = (step: StepFile) => firstScreenOf(journey, 'Venta D2D', (name) => (name === 'landing' ? step : undefined));
    const schema = landing.schema as { properties: Record<string, unknown>; required: string[] };
    expect(withStep({ ...landing, schema: { ...schema, properties: { ...schema.properties, user: { type: 'string' } } } })).toEqual({ reason: 'the first step has 2 fields, not one' });
    expect(withStep({ ...landing, messages: {} })).toEqual({ reason: 'the step file has no message for a "pin" too short or too long' });
    expect(withStep({ ...landing, text: ['Bienvenido'] })).toEqual({ reason: 'the first step has paragraphs of text the first screen does not draw' });
    expect(withStep({ ...landing, uiSchema: { pin: { 'ui:widget': 'password' } } })).toEqual({ reason: 'the field "pin" is a password, a widget the page\'s form does not know' });
    expect(withStep({ ...landing, buttons: [...(landing.buttons ?? []), { label: 'Ayuda', event: 'help' }] })).toEqual({ reason: 'the first step has not exactly one button that sends the form' });
    expect(firstScreenOf(journey, 'Venta D2D', () => undefined)).toEqual({ reason: 'no step file "landing"' });
  });
});

describe('a first screen that is a form (tests/fixtures/packs/zf)', () => {
  const ZF = 'tests/fixtures/packs/zf';
  const journey = read<JourneyConfig>(`${ZF}/journeys/zf.json`);
  const client = read<StepFile>(`${ZF}/schemas/steps/zf/zfCliente.json`);
  const withStep = (step: StepFile) => firstScreenOf(journey, 'Clientes Formilandia', (name) => (name === 'zfCliente' ? step : undefined));

  it("is the step's fields and buttons, in its order and words", () => {
    const first = withStep(client);
    if (!('screen' in first) || !('fields' in first.screen)) throw new Error(`not a form: ${JSON.stringify(first)}`);
    const { screen } = first;
    expect(screen.step).toBe('zfCliente');
    expect(screen.fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['documentType', 'select', true],
      ['documentNumber', 'text', true],
      ['firstName', 'text', true],
      ['email', 'text', true],
      ['phone', 'text', false],
      ['consent', 'checkbox', true],
    ]);
    expect(screen.fields[0]).toMatchObject({ options: [{ value: 'CIF', label: 'Cédula de Formilandia' }, { value: 'PASAPORTE', label: 'Pasaporte' }], placeholder: 'Elige un documento' });
    expect(screen.fields[1]).toMatchObject({ inputType: 'tel', maxLength: 9 });
    expect(screen.fields[3]).toMatchObject({ inputType: 'email' });
    expect(screen.fields[5]).toMatchObject({ consent: true });
    // A masked field, as the app's masked widget: digits typed into the mask, its prefix shown.
    expect(screen.fields[4]).toMatchObject({ mask: '####-####', prefix: '+998', help: 'Ocho dígitos, sin el código del país' });
    expect(screen.buttons).toEqual([
      { label: 'Llámame', event: 'client.callMe', primary: false, validate: false },
      { label: 'Continuar', event: 'step.submit', primary: true, validate: true },
    ]);
    expect(screen.messages['/phone']).toEqual({ pattern: 'El teléfono tiene 8 dígitos' });
  });

  it('is drawn at the routes the journey leaves at once for it (a "/" that goes on to the form)', () => {
    const states = journey.states as Record<string, JourneyConfig>;
    const cliente = states.cliente as JourneyConfig;
    const redirecting = { ...journey, initial: 'inicio', states: { ...states, inicio: { meta: { route: '/', public: true }, always: 'cliente' }, cliente: { ...cliente, meta: { ...cliente.meta, route: '/cliente' } } } } as JourneyConfig;
    const first = firstScreenOf(redirecting, 'Clientes Formilandia', (name) => (name === 'zfCliente' ? client : undefined));
    expect('screen' in first && [first.screen.route, first.screen.alsoAt]).toEqual(['/cliente', ['/']]);
  });

  it('is left to the app, with the reason, when a field is a widget the page does not know or needs the journey', () => {
    const ui = client.uiSchema as Record<string, unknown>;
    expect(withStep({ ...client, uiSchema: { ...ui, phone: { 'ui:inputType': 'tel', 'ui:options': { mask: '#### ####' } } } })).toEqual({ reason: 'the field "phone" has the option "mask", which needs the app' });
    expect(withStep({ ...client, uiSchema: { ...ui, phone: { 'ui:widget': 'referenceSelect' } } })).toEqual({ reason: 'the field "phone" is a referenceSelect, a widget the page\'s form does not know' });
    expect(withStep({ ...client, uiSchema: { ...ui, firstName: { 'ui:options': { from: '/context/client/firstName' } } } })).toEqual({ reason: 'the field "firstName" has the option "from", which needs the app' });
    const schema = client.schema as { properties: Record<string, JsonObject> } & JsonObject;
    expect(withStep({ ...client, schema: { ...schema, properties: { ...schema.properties, born: { type: 'string', format: 'date-dmy', adult: true } } } })).toEqual({ reason: 'the field "born" has "adult", which the page\'s form does not draw' });
    expect(withStep({ ...client, schema: { ...schema, if: { properties: { documentType: { const: 'CIF' } } }, then: { properties: { other: { format: 'digits' } } } } })).toEqual({ reason: 'a condition of the first step names "other", a field the page\'s form does not draw' });
    expect(withStep({ ...client, buttons: [{ label: 'Cancelar', event: 'step.back', when: '/context/client/firstName' }] })).toEqual({ reason: 'the button "Cancelar" shows only with the journey\'s data (when)' });
  });
});
