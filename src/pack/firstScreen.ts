import { asList, buildJourneyGraph, enteredLeaf, resolveTarget } from './journeyGraph';
import type { JourneyConfig, StateConfig, TransitionConfig } from './journeyTypes';
import type { StepFile } from './stepFile';

/**
 * The journey's first screen as the page's own small script draws it (src/app/firstScreen.ts,
 * src/app/firstScreenForm.ts), before the app is loaded: the step the journey starts at, when it
 * is a code typed box by box and one button, as every signed-in country's PIN sign-in is
 * (`PinScreen`), or a form of plain fields and its buttons, as a public entry's client form is
 * (`FormScreen`). Built from the journey and the step file at build time
 * (src/build/countryModules.ts), so a product owner's edit to either shows there too.
 */
export type FirstScreen = PinScreen | FormScreen;

interface ScreenBase {
  /** The header's app name (the country file's). */
  appTitle: string;
  /** The route of the step the journey starts at: the page draws the screen only when opened there (or at `alsoAt`). */
  route: string;
  /** The routes of the states the journey passes on its way there without an event (`/` that goes on to the client form at once). */
  alsoAt?: string[];
  title: string;
  description?: string;
}

/** A code typed box by box and its one button. */
export interface PinScreen extends ScreenBase {
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

/** A form of plain fields, checked by the step's own precompiled validator with the app's messages. */
export interface FormScreen extends ScreenBase {
  /** The step's name: its validator is the build's (src/screens/generated/steps/<cc>/<step>.js). */
  step: string;
  fields: FormField[];
  buttons: Array<{ label: string; event: string; primary: boolean; validate: boolean }>;
  /** The step file's own messages, by the field's pointer and the rule (`{"/phone": {"pattern": "..."}}`). */
  messages: Record<string, Record<string, string>>;
}

/** A field of a first screen's form, as the app draws it. */
export type FormField = {
  name: string;
  label: string;
  description?: string;
  /** The uiSchema's `ui:help`, under the field. */
  help?: string;
  required: boolean;
  /** Shows the required field's asterisk (`ui:options.withAsterisk`, true by default). */
  asterisk: boolean;
  autofocus: boolean;
} & (
  | {
      kind: 'text';
      /** The input's type: `email` for the e-mail widget, else the uiSchema's `ui:inputType` (`tel`) or text. */
      inputType: 'text' | 'email' | 'tel';
      /** No more can be typed (`ui:options.maxLength`; a masked field typed free: the schema's). */
      maxLength?: number;
      placeholder?: string;
      autocomplete?: string;
      /** Digits typed into a mask (the maskedInput widget: `#` a digit), kept as digits only. */
      mask?: string;
      /** The mask follows another field's value; a value with no mask is typed free. */
      maskBy?: { field: string; masks: Record<string, string> };
      /** Shown before what is typed, not kept (`+506`). */
      prefix?: string;
    }
  | { kind: 'select'; options: Array<{ value: string; label: string }>; placeholder?: string; default?: string }
  | { kind: 'checkbox'; /** A consent (`const: true`): opens unticked, a box unticked again is no answer. */ consent: boolean }
);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The journey's first screen, or why the page cannot draw it by itself (the app is then loaded
 * at once and draws it, as it draws every other step).
 *
 * @example
 * firstScreenOf(journey, 'Venta D2D', (name) => stepFiles[name]);
 * // { screen: { route: '/', title: 'Iniciar sesión', field: { name: 'pin', boxes: 8, ... }, ... } }
 * // a public client form: { screen: { route: '/', title: 'Información del cliente', step: 'clientInformation', fields: [...], buttons: [...] } }
 */
export function firstScreenOf(journey: JourneyConfig, appTitle: string, stepFile: (name: string) => StepFile | undefined): { screen: FirstScreen } | { reason: string } {
  const { state, alsoAt } = startingStep(journey);
  const meta = state.meta;
  if (!meta?.step || !meta.route) return { reason: 'the journey does not start at a step with a route' };
  if (!meta.public) return { reason: `the first step "${meta.step}" is not public` };
  const step = stepFile(meta.step);
  if (!step) return { reason: `no step file "${meta.step}"` };
  if (step.text?.length) return { reason: 'the first step has paragraphs of text the first screen does not draw' };
  const base = { appTitle, route: meta.route, ...(alsoAt.length ? { alsoAt } : {}), title: step.title, ...(step.description ? { description: step.description } : {}) };
  const properties = isObject(step.schema?.properties) ? step.schema.properties : {};
  const names = Object.keys(properties);
  const pin = names.some((name) => isObject(step.uiSchema?.[name]) && (step.uiSchema[name] as Json)['ui:widget'] === 'pinInput');
  return pin ? pinScreenOf(step, base) : formScreenOf(step, base);
}

/** An eventless transition taken whatever the data: its one target, when it has no guard. */
function unguardedAlways(always: TransitionConfig | undefined): string | undefined {
  const first = asList(always)[0];
  if (typeof first === 'string') return first;
  return first && !first.guard && typeof first.target === 'string' ? first.target : undefined;
}

/**
 * The state the journey starts in (a compound initial state opens its own initial), followed
 * through the states without a step it leaves at once whatever the data (`"always"` with no
 * guard: a `/` that goes on to the client form), with those states' routes.
 */
function startingStep(journey: JourneyConfig): { state: StateConfig; alsoAt: string[] } {
  const graph = buildJourneyGraph(journey);
  let node = enteredLeaf(graph.root);
  const alsoAt: string[] = [];
  for (let hops = 0; node && !node.meta.step && hops < 5; hops++) {
    const target = unguardedAlways(node.config.always);
    const next = target ? resolveTarget(graph, node, target) : undefined;
    if (!next || node.config.invoke) break;
    if (node.meta.route) alsoAt.push(node.meta.route);
    node = enteredLeaf(next);
  }
  return { state: node?.config ?? journey, alsoAt };
}

/** The first step as a code typed box by box and its one button, or why not. */
function pinScreenOf(step: StepFile, base: ScreenBase): { screen: PinScreen } | { reason: string } {
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
  if (buttons.length !== 1 || !button || button.validate !== true || button.when !== undefined || button.unless !== undefined) {
    return { reason: 'the first step has not exactly one button that sends the form' };
  }
  return {
    screen: {
      ...base,
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

/** What a first screen's form draws of a field's schema: anything else is for the app. */
const FIELD_KEYWORDS = new Set(['type', 'title', 'description', 'format', 'pattern', 'minLength', 'maxLength', 'enum', 'oneOf', 'const', 'default']);
/** The uiSchema keys a field of a first screen's form may have. */
const FIELD_UI = new Set(['ui:widget', 'ui:options', 'ui:placeholder', 'ui:autocomplete', 'ui:autofocus', 'ui:inputType', 'ui:help']);
/** Its `ui:options`: how the field looks only (the journey's options, `from`, `sends`, `typing`..., need the app); a masked field's mask too. */
const FIELD_OPTIONS = new Set(['maxLength', 'withAsterisk']);
const MASK_OPTIONS = new Set(['mask', 'prefix', 'maskBy', 'withAsterisk']);
/** The root schema's keys; conditions (`if`) may only change the rules of the fields already there. */
const ROOT_KEYWORDS = new Set(['type', 'required', 'properties', 'title', 'description', 'if', 'then', 'else', 'allOf']);

/** The properties a condition of the root schema names (`then.properties`, `allOf[i].then.properties`...). */
function conditionFields(schema: unknown, into: string[] = []): string[] {
  if (Array.isArray(schema)) for (const item of schema) conditionFields(item, into);
  else if (isObject(schema)) {
    if (isObject(schema.properties)) into.push(...Object.keys(schema.properties));
    for (const key of ['if', 'then', 'else', 'allOf']) conditionFields(schema[key], into);
  }
  return into;
}

/** A select's options: its `oneOf` of `const` and `title`, or its `enum`. */
function choicesOf(field: Json): Array<{ value: string; label: string }> | undefined {
  if (Array.isArray(field.enum)) return field.enum.every((v) => typeof v === 'string') ? (field.enum as string[]).map((v) => ({ value: v, label: v })) : undefined;
  if (!Array.isArray(field.oneOf)) return undefined;
  const options = field.oneOf.map((o) => (isObject(o) && typeof o.const === 'string' ? { value: o.const, label: typeof o.title === 'string' ? o.title : o.const } : undefined));
  return options.every((o) => o !== undefined) ? options : undefined;
}

type Drawn<T> = { field: T } | { reason: string };

/** One field as the page's form draws it, or why it cannot. */
function formFieldOf(name: string, field: unknown, uiValue: unknown, required: boolean): Drawn<FormField> {
  if (!isObject(field)) return { reason: `the field "${name}" has no schema` };
  const extra = Object.keys(field).find((key) => !FIELD_KEYWORDS.has(key));
  if (extra) return { reason: `the field "${name}" has "${extra}", which the page's form does not draw` };
  const ui = isObject(uiValue) ? uiValue : {};
  const uiExtra = Object.keys(ui).find((key) => !FIELD_UI.has(key));
  if (uiExtra) return { reason: `the field "${name}" has "${uiExtra}" in its uiSchema, which the page's form does not draw` };
  const options = isObject(ui['ui:options']) ? ui['ui:options'] : {};
  const widget = ui['ui:widget'];
  const option = Object.keys(options).find((key) => !(widget === 'maskedInput' ? MASK_OPTIONS : FIELD_OPTIONS).has(key));
  if (option) return { reason: `the field "${name}" has the option "${option}", which needs the app` };
  const common = {
    name,
    label: typeof field.title === 'string' ? field.title : name,
    ...(typeof field.description === 'string' ? { description: field.description } : {}),
    ...(typeof ui['ui:help'] === 'string' ? { help: ui['ui:help'] } : {}),
    required,
    asterisk: options.withAsterisk !== false,
    autofocus: ui['ui:autofocus'] === true,
  };
  const placeholder = typeof ui['ui:placeholder'] === 'string' ? { placeholder: ui['ui:placeholder'] } : {};
  if (field.type === 'boolean' && (widget === undefined || widget === 'checkbox')) return { field: { ...common, kind: 'checkbox', consent: field.const === true } };
  if (field.type !== 'string') return { reason: `the field "${name}" is not text or a yes/no` };
  const choices = choicesOf(field);
  if (widget === 'select' || (widget === undefined && choices)) {
    if (!choices) return { reason: `the select "${name}" has no enum or oneOf of texts` };
    return { field: { ...common, kind: 'select', options: choices, ...placeholder, ...(typeof field.default === 'string' ? { default: field.default } : {}) } };
  }
  if (widget === 'maskedInput') return { field: { ...common, ...placeholder, ...maskOf(field, options) } };
  if (widget !== undefined && widget !== 'text' && widget !== 'email') return { reason: `the field "${name}" is a ${String(widget)}, a widget the page's form does not know` };
  const inputType = widget === 'email' ? 'email' : ui['ui:inputType'] === 'tel' || ui['ui:inputType'] === 'email' ? ui['ui:inputType'] : 'text';
  return {
    field: {
      ...common,
      kind: 'text',
      inputType,
      ...(typeof options.maxLength === 'number' ? { maxLength: options.maxLength } : {}),
      ...placeholder,
      ...(typeof ui['ui:autocomplete'] === 'string' ? { autocomplete: ui['ui:autocomplete'] } : {}),
    },
  };
}

/** A masked field (the maskedInput widget), as the app's widget reads its options. */
function maskOf(field: Json, options: Json): Pick<Extract<FormField, { kind: 'text' }>, 'kind' | 'inputType' | 'mask' | 'maskBy' | 'prefix' | 'maxLength'> {
  const by = isObject(options.maskBy) && typeof options.maskBy.field === 'string' && isObject(options.maskBy.masks) ? options.maskBy : undefined;
  return {
    kind: 'text',
    inputType: 'text',
    ...(by ? { maskBy: { field: by.field as string, masks: by.masks as Record<string, string> } } : { mask: typeof options.mask === 'string' ? options.mask : '#### ####' }),
    ...(typeof options.prefix === 'string' ? { prefix: options.prefix } : {}),
    ...(typeof field.maxLength === 'number' ? { maxLength: field.maxLength } : {}),
  };
}

/** The first step as a form of plain fields and its buttons, or why the page cannot draw it. */
function formScreenOf(step: StepFile, base: ScreenBase): { screen: FormScreen } | { reason: string } {
  const schema = step.schema ?? {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const extra = Object.keys(schema).find((key) => !ROOT_KEYWORDS.has(key));
  if (extra) return { reason: `the first step's schema has "${extra}", which the page's form does not draw` };
  const unknown = conditionFields([schema.if, schema.then, schema.else, schema.allOf]).find((name) => !Object.hasOwn(properties, name));
  if (unknown) return { reason: `a condition of the first step names "${unknown}", a field the page's form does not draw` };
  const ui = isObject(step.uiSchema) ? step.uiSchema : {};
  const rootUi = Object.keys(ui).find((key) => key.startsWith('ui:') && key !== 'ui:order');
  if (rootUi) return { reason: `the first step's uiSchema has "${rootUi}" at its root, which the page's form does not draw` };
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as string[]).filter((name) => Object.hasOwn(properties, name)) : [];
  const names = [...order, ...Object.keys(properties).filter((name) => !order.includes(name))];
  if (names.length === 0) return { reason: 'the first step has no fields' };
  const required = Array.isArray(schema.required) ? schema.required : [];
  const fields: FormField[] = [];
  for (const name of names) {
    const drawn = formFieldOf(name, properties[name], ui[name], required.includes(name));
    if ('reason' in drawn) return drawn;
    fields.push(drawn.field);
  }
  const buttons = step.buttons ?? [];
  if (buttons.length === 0) return { reason: 'the first step has no button' };
  const shownWhen = buttons.find((button) => button.when !== undefined || button.unless !== undefined);
  if (shownWhen) return { reason: `the button "${shownWhen.label}" shows only with the journey's data (${shownWhen.when !== undefined ? 'when' : 'unless'})` };
  return {
    screen: {
      ...base,
      step: step.step,
      fields,
      buttons: buttons.map((button) => ({ label: button.label, event: button.event, primary: button.primary === true, validate: button.validate === true })),
      messages: step.messages ?? {},
    },
  };
}
