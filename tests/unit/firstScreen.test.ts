import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstScreen } from 'virtual:country/firstScreen';
import { firstScreenOf } from '../../src/pack/firstScreen';
import type { JourneyConfig } from '../../src/pack/journeyTypes';
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
    expect(firstScreen?.field.name).toBe('pin');
  });

  it('is left to the app, with the reason, when the first step is not a code and one button', () => {
    const journey = read<JourneyConfig>('journeys/sv.json');
    const landing = stepsOf('sv')('landing') as StepFile;
    const withStep = (step: StepFile) => firstScreenOf(journey, 'Venta D2D', (name) => (name === 'landing' ? step : undefined));
    const schema = landing.schema as { properties: Record<string, unknown>; required: string[] };
    expect(withStep({ ...landing, schema: { ...schema, properties: { ...schema.properties, user: { type: 'string' } } } })).toEqual({ reason: 'the first step has 2 fields, not one' });
    expect(withStep({ ...landing, messages: {} })).toEqual({ reason: 'the step file has no message for a "pin" too short or too long' });
    expect(withStep({ ...landing, text: ['Bienvenido'] })).toEqual({ reason: 'the first step has paragraphs of text the first screen does not draw' });
    expect(withStep({ ...landing, uiSchema: { pin: { 'ui:widget': 'password' } } })).toEqual({ reason: 'the first step\'s field "pin" is not a required code typed box by box (pinInput)' });
    expect(withStep({ ...landing, buttons: [...(landing.buttons ?? []), { label: 'Ayuda', event: 'help' }] })).toEqual({ reason: 'the first step has not exactly one button that sends the form' });
    expect(firstScreenOf(journey, 'Venta D2D', () => undefined)).toEqual({ reason: 'no step file "landing"' });
  });
});
