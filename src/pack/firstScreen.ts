import type { JourneyConfig, StateConfig } from './journeyTypes';
import type { StepFile } from './stepFile';

/**
 * The journey's first screen as the page's own small script draws it (src/app/firstScreen.ts),
 * before the app is loaded: the step the journey starts at, when it is a code typed box by box
 * and one button, as every country's PIN sign-in is. Built from the journey and the step file
 * at build time (src/build/countryModules.ts), so a product owner's edit to either shows there too.
 */
export interface FirstScreen {
  /** The header's app name (the country file's). */
  appTitle: string;
  /** The route the journey starts at: the page draws the screen only when opened there. */
  route: string;
  title: string;
  description?: string;
  field: {
    /** The data's property, as the button's event carries it: `{ type, data: { [name]: value } }`. */
    name: string;
    label: string;
    /** How many boxes. */
    boxes: number;
    minLength: number;
    maxLength: number;
    /** Drawn as dots. */
    secret: boolean;
    /** The step file's messages for a code too short or too long. */
    tooShort: string;
    tooLong: string;
  };
  button: { label: string; event: string };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The journey's first screen, or why the page cannot draw it by itself (the app is then loaded
 * at once and draws it, as it draws every other step).
 *
 * @example
 * firstScreenOf(journey, 'Venta D2D', (name) => stepFiles[name]);
 * // { screen: { route: '/', title: 'Iniciar sesión', field: { name: 'pin', boxes: 8, ... }, ... } }
 */
export function firstScreenOf(journey: JourneyConfig, appTitle: string, stepFile: (name: string) => StepFile | undefined): { screen: FirstScreen } | { reason: string } {
  let state: StateConfig = journey;
  // The leaf the journey starts in (a compound initial state opens its own initial).
  while (state.initial && state.states?.[state.initial]) state = state.states[state.initial] as StateConfig;
  const meta = state.meta;
  if (!meta?.step || !meta.route) return { reason: 'the journey does not start at a step with a route' };
  if (!meta.public) return { reason: `the first step "${meta.step}" is not public` };
  const step = stepFile(meta.step);
  if (!step) return { reason: `no step file "${meta.step}"` };
  if (step.text?.length) return { reason: 'the first step has paragraphs of text the first screen does not draw' };
  const properties = isObject(step.schema?.properties) ? step.schema.properties : {};
  const names = Object.keys(properties);
  if (names.length !== 1) return { reason: `the first step has ${names.length} fields, not one` };
  const name = names[0] as string;
  const field = properties[name];
  const ui = isObject(step.uiSchema?.[name]) ? (step.uiSchema[name] as Json) : {};
  const options = isObject(ui['ui:options']) ? ui['ui:options'] : {};
  const required = Array.isArray(step.schema?.required) && step.schema.required.includes(name);
  if (!isObject(field) || field.type !== 'string' || ui['ui:widget'] !== 'pinInput' || !required) {
    return { reason: `the first step's field "${name}" is not a required code typed box by box (pinInput)` };
  }
  if (field.format !== undefined && field.format !== 'digits') return { reason: `the field "${name}" has a format (${String(field.format)}) the first screen does not check` };
  if (field.pattern !== undefined) return { reason: `the field "${name}" has a pattern the first screen does not check` };
  const boxes = Number(options.length ?? 6);
  const minLength = typeof field.minLength === 'number' ? field.minLength : boxes;
  const maxLength = typeof field.maxLength === 'number' ? field.maxLength : boxes;
  const messages = step.messages?.[`/${name}`] ?? {};
  const tooShort = messages.minLength;
  const tooLong = messages.maxLength;
  if (!tooShort || !tooLong) return { reason: `the step file has no message for a "${name}" too short or too long` };
  const buttons = step.buttons ?? [];
  const button = buttons[0];
  if (buttons.length !== 1 || !button || button.validate !== true || button.when !== undefined) {
    return { reason: 'the first step has not exactly one button that sends the form' };
  }
  return {
    screen: {
      appTitle,
      route: meta.route,
      title: step.title,
      ...(step.description ? { description: step.description } : {}),
      field: {
        name,
        label: typeof field.title === 'string' ? field.title : name,
        boxes,
        minLength,
        maxLength,
        secret: options.secret === true,
        tooShort,
        tooLong,
      },
      button: { label: button.label, event: button.event },
    },
  };
}
