import { formatMessages } from 'virtual:country/formats';
import type { FormField, FormScreen } from '../pack/firstScreen';
import { errorMessage } from '../validation/errorMessage';
import { applyMask } from '../validation/phone';
import { APP_NOT_LOADED, element, onFirstTouch, type FirstScreenEvent, type FirstScreenHandlers } from './firstScreen';

/** An error as the step's precompiled validator reports it (ajv's). */
interface ValidatorError {
  keyword: string;
  instancePath: string;
  params?: Record<string, unknown>;
}

/** The step's own precompiled validator (src/build/compileSteps.ts: ajv's standalone code, as the app's rjsf calls it). */
export type StepValidate = ((data: unknown) => boolean) & { errors?: ValidatorError[] | null };

type Data = Record<string, unknown>;

/** A field on the page: its control, where its error shows, and its value as the app's form would hold it. */
interface DrawnField {
  field: FormField;
  control: HTMLInputElement | HTMLSelectElement;
  error: HTMLElement;
  /** The ids its control is described by besides its error (its description, its help). */
  describedBy: string[];
  value(): unknown;
  /** Draws it again after another field changed (a mask that follows another field). */
  refresh(): void;
}

type TextField = Extract<FormField, { kind: 'text' }>;

/**
 * A masked field's value, as the app's masked widget keeps it: digits typed into the mask (`#` a
 * digit), shown masked and kept as digits only; with no mask for now (`maskBy`: another field's
 * value has none), typed free up to the field's length.
 */
function maskedInput(field: TextField, input: HTMLInputElement, valueOf: (name: string) => unknown) {
  let kept = '';
  const maskNow = () => (field.maskBy ? field.maskBy.masks[String(valueOf(field.maskBy.field) ?? '')] : field.mask);
  const refresh = () => {
    const mask = maskNow();
    input.inputMode = mask ? 'numeric' : 'text';
    if (!mask && field.maxLength !== undefined) input.maxLength = field.maxLength;
    else input.removeAttribute('maxlength');
    input.value = mask ? applyMask(kept, mask) : kept;
  };
  input.addEventListener('input', () => {
    const mask = maskNow();
    kept = mask ? input.value.replace(/\D/g, '').slice(0, [...mask].filter((c) => c === '#').length) : input.value;
    refresh();
  });
  refresh();
  return { value: () => (kept === '' ? undefined : kept), refresh };
}

/** The label's words, with the required field's asterisk as the app shows it. */
function labelFor(field: FormField, id: string): HTMLLabelElement {
  const label = element('label', { htmlFor: id, className: 'fs-label' }, field.label);
  if (field.required && field.asterisk) label.append(element('span', { className: 'fs-required', ariaHidden: 'true' }, ' *'));
  return label;
}

/** A text, e-mail or telephone field: its label, description, input and error, as the app's. */
function textControl(field: TextField, id: string): HTMLInputElement {
  const input = element('input', { id, type: field.inputType, name: field.name });
  if (field.inputType === 'tel') input.inputMode = 'tel';
  if (field.maxLength !== undefined && !field.mask && !field.maskBy) input.maxLength = field.maxLength;
  if (field.placeholder) input.placeholder = field.placeholder;
  if (field.autocomplete) input.setAttribute('autocomplete', field.autocomplete);
  return input;
}

/** A select of the field's options: its placeholder shows until a choice is made and cannot be chosen back (as the app's). */
function selectControl(field: Extract<FormField, { kind: 'select' }>, id: string): HTMLSelectElement {
  const select = element('select', { id, name: field.name });
  if (field.default === undefined) select.append(element('option', { value: '', disabled: true, selected: true }, field.placeholder ?? ''));
  for (const option of field.options) select.append(element('option', { value: option.value, selected: option.value === field.default }, option.label));
  return select;
}

/** The field's control in the box the app draws it in: after its prefix (`+506`) when it has one. */
const boxed = (field: FormField, control: HTMLElement): HTMLElement =>
  field.kind === 'text' && field.prefix ? element('div', { className: 'fs-prefixed' }, element('span', { className: 'fs-prefix' }, field.prefix), control) : control;

/** Draws one field into `into`; returns what the form reads of it. `valueOf` reads another field's value (a mask that follows it). */
function drawField(field: FormField, into: HTMLElement, valueOf: (name: string) => unknown): DrawnField {
  const id = `fs-${field.name}`;
  const error = element('p', { className: 'fs-error', id: `${id}-error` });
  const description = field.description ? element('p', { className: 'fs-description', id: `${id}-description` }, field.description) : undefined;
  const help = field.help ? element('p', { className: 'fs-help', id: `${id}-help` }, field.help) : undefined;
  const describedBy = [description?.id, help?.id].filter((d): d is string => d !== undefined);
  const noRefresh = () => undefined;
  if (field.kind === 'checkbox') {
    const box = element('input', { id, type: 'checkbox', name: field.name });
    let touched = false;
    box.addEventListener('change', () => (touched = true));
    into.append(element('div', { className: 'fs-field' }, ...(description ? [description] : []), element('div', { className: 'fs-check' }, box, labelFor(field, id)), ...(help ? [help] : []), error));
    // A consent unticked is no answer (the app's withoutRefusedConsents); another box, untouched, has none either.
    return { field, control: box, error, describedBy, refresh: noRefresh, value: () => (box.checked ? true : field.consent || !touched ? undefined : false) };
  }
  const control = field.kind === 'text' ? textControl(field, id) : selectControl(field, id);
  if (field.required) control.setAttribute('aria-required', 'true');
  into.append(element('div', { className: 'fs-field' }, labelFor(field, id), ...(description ? [description] : []), boxed(field, control), ...(help ? [help] : []), error));
  if (field.kind === 'text' && control instanceof HTMLInputElement && (field.mask || field.maskBy)) return { field, control, error, describedBy, ...maskedInput(field, control, valueOf) };
  // As the app's form: an emptied field holds nothing.
  return { field, control, error, describedBy, refresh: noRefresh, value: () => (control.value === '' ? undefined : control.value) };
}

/** The data as the app's form would send it: only the fields that hold something. */
const dataOf = (fields: DrawnField[]): Data => Object.fromEntries(fields.flatMap((f) => (f.value() === undefined ? [] : [[f.field.name, f.value()]])));

/**
 * What the step's rules say of the data: each field's messages, as the app's screen shows them
 * (src/screens/StepFields.tsx: the same rule's message, the step file's own where it gives one,
 * a field's several messages one a line), and whether a required field is empty.
 */
export function formProblems(validate: StepValidate, screen: Pick<FormScreen, 'messages'>, data: Data): { messages: Map<string, string[]>; missingRequired: boolean } {
  const messages = new Map<string, string[]>();
  const errors = validate(data) ? [] : (validate.errors ?? []);
  for (const error of errors) {
    const params = error.params ?? {};
    const pointer = error.keyword === 'required' ? `${error.instancePath}/${String(params.missingProperty)}` : error.instancePath;
    // The root's own errors (a condition's) show at no field, as in the app.
    if (pointer === '') continue;
    const text = errorMessage({ keyword: error.keyword, params }, formatMessages, screen.messages[pointer]);
    const shown = messages.get(pointer) ?? [];
    if (!shown.includes(text)) messages.set(pointer, [...shown, text]);
  }
  return { messages, missingRequired: errors.some((e) => e.keyword === 'required') };
}

/**
 * Shows each field's messages (none for a field that passes), with aria-invalid and
 * aria-describedby as the app's fields: a masked field its first only, as the app's masked widget.
 */
function showProblems(fields: DrawnField[], messages: Map<string, string[]>): void {
  for (const { field, control, error, describedBy: others } of fields) {
    const texts = messages.get(`/${field.name}`) ?? [];
    const text = field.kind === 'text' && (field.mask || field.maskBy) ? (texts[0] ?? '') : texts.join('\n');
    error.textContent = text;
    control.setAttribute('aria-invalid', String(text !== ''));
    const describedBy = [text ? error.id : '', ...others].filter(Boolean).join(' ');
    if (describedBy) control.setAttribute('aria-describedby', describedBy);
    else control.removeAttribute('aria-describedby');
  }
}

/** The screen's frame: the header with the app's name and its loader, the step's title and description, the alert. */
function drawFrame(root: HTMLElement, screen: FormScreen, form: HTMLFormElement) {
  const alert = element('p', { className: 'fs-alert', role: 'alert' });
  const loader = element('span', { className: 'fs-loader', role: 'status', ariaLabel: 'Cargando', hidden: true });
  const stack = element('div', { className: 'fs-stack' }, element('h2', {}, screen.title), ...(screen.description ? [element('p', {}, screen.description)] : []), alert, form);
  const screenRoot = element('div', { className: 'first-screen' }, element('header', {}, element('p', {}, screen.appTitle), loader), element('main', {}, stack));
  root.replaceChildren(screenRoot);
  return { alert, loader, screenRoot };
}

/**
 * Draws the journey's first screen when it is a form of plain fields (a public entry's client
 * form: src/pack/firstScreen.ts) into `root` with the DOM alone, before the app is fetched: its
 * fields and buttons as the app draws them, checked by the step's own precompiled validator with
 * the app's messages. A button sends the journey the form's draft, then its event (a checking
 * button's with the data, once it passes), so the app, once loaded, goes on from there and
 * draws the same step with the same values if the journey stays on it; when the app's code
 * cannot be fetched, everything typed stays and the agent tries again.
 */
export function drawFormScreen(root: HTMLElement, screen: FormScreen, validate: StepValidate, handlers: FirstScreenHandlers): void {
  const form = element('form', { noValidate: true, className: 'fs-stack' });
  const fields: DrawnField[] = [];
  const valueOf = (name: string) => fields.find((f) => f.field.name === name)?.value();
  for (const field of screen.fields) fields.push(drawField(field, form, valueOf));
  const row = element('div', { className: 'fs-buttons' });
  form.append(row);
  const { alert, loader, screenRoot } = drawFrame(root, screen, form);
  let tried = false;
  let sending = false;
  const start = onFirstTouch(screenRoot, handlers.onFirstInput);
  const buttons = screen.buttons.map((button) => {
    const drawn = element('button', { type: button.primary ? 'submit' : 'button', className: button.primary ? 'fs-primary' : 'fs-secondary' }, button.label);
    row.append(drawn);
    return { button, drawn };
  });
  const update = () => {
    const { messages, missingRequired } = formProblems(validate, screen, dataOf(fields));
    for (const { button, drawn } of buttons) drawn.disabled = sending || (button.validate && missingRequired);
    if (tried) showProblems(fields, messages);
    return messages;
  };
  const setSending = (on: boolean) => {
    sending = on;
    loader.hidden = !on;
    for (const { control } of fields) control.toggleAttribute('readonly', on);
    for (const { control } of fields) if (control instanceof HTMLSelectElement || control.type === 'checkbox') control.disabled = on;
    update();
  };
  const press = (button: FormScreen['buttons'][number]) => {
    if (sending) return;
    if (button.validate) {
      tried = true;
      const messages = update();
      if (messages.size > 0) return fields.find((f) => messages.has(`/${f.field.name}`))?.control.focus();
    }
    const data = dataOf(fields);
    const events: FirstScreenEvent[] = [{ type: 'step.draft', data }, button.validate || button.event === 'step.submit' ? { type: button.event, data } : { type: button.event }];
    alert.textContent = '';
    setSending(true);
    handlers.onSubmit(events).catch(() => {
      // The app's code did not arrive: nothing typed is lost, the agent tries again.
      setSending(false);
      alert.textContent = APP_NOT_LOADED;
    });
  };
  for (const { button, drawn } of buttons) if (!button.primary) drawn.addEventListener('click', () => press(button));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const primary = buttons.find(({ button }) => button.primary);
    if (primary && !primary.drawn.disabled) press(primary.button);
  });
  const changed = () => {
    for (const f of fields) f.refresh();
    update();
  };
  form.addEventListener('input', () => {
    start();
    changed();
  });
  form.addEventListener('change', changed);
  update();
  fields.find((f) => f.field.autofocus)?.control.focus();
}
