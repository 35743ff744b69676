import type { PinScreen } from '../pack/firstScreen';
import type { PackEvent } from '../runtime/journeyEvents';

/** What the screen hands over when the agent sends it: the step's button event (the step file names it) with its data. */
export interface FirstScreenEvent extends PackEvent {
  type: string;
  data?: Record<string, unknown>;
}

export interface FirstScreenHandlers {
  /** The agent touched the screen or started typing: time to fetch the app. */
  onFirstInput(): void;
  /**
   * The form was sent, valid (or a button that does not check it was pressed): the journey's
   * first events, in order (a form's draft, then its button's event). Resolves once the app has
   * taken over, rejects when it could not load.
   */
  onSubmit(events: FirstScreenEvent[]): Promise<void>;
}

/** Shown when the app's code cannot be fetched (the phone lost its connection). */
export const APP_NOT_LOADED = 'No se pudo cargar la aplicación. Revisa tu conexión e inténtalo de nuevo.';

/**
 * Calls `first` once, at the first finger on the screen or key in it (not the autofocus at load:
 * someone about to type), or when the returned function is called (a change of a field); what a
 * first screen fetches the app on.
 */
export function onFirstTouch(screenRoot: HTMLElement, first: () => void): () => void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    first();
  };
  screenRoot.addEventListener('pointerdown', start, { once: true });
  screenRoot.addEventListener('keydown', start, { once: true });
  return start;
}

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/**
 * Draws the journey's first screen (a code typed box by box and its button: src/pack/firstScreen.ts)
 * into `root` with the DOM alone, so that the page takes the PIN before React, Mantine, the form
 * library or the journey have even been fetched. The boxes behave as the app's PIN boxes: a digit
 * moves to the next box, Backspace on an empty box goes back, a pasted or autofilled code spreads
 * over the boxes. The app, once loaded, replaces the whole screen (it renders into the same root).
 */
export function drawFirstScreen(root: HTMLElement, screen: PinScreen, handlers: FirstScreenHandlers): void {
  const { field } = screen;
  const labelId = 'first-screen-label';
  const errorId = 'first-screen-error';
  const boxes = Array.from({ length: field.boxes }, (_, i) =>
    element('input', {
      type: field.secret ? 'password' : 'text',
      inputMode: 'numeric',
      autocomplete: 'one-time-code',
      // The first box shows no dot, as the app's: it is where typing starts.
      placeholder: i === 0 ? '' : '○',
      ariaLabel: `${field.label}, ${i + 1} de ${field.boxes}`,
    }),
  );
  for (const box of boxes) box.setAttribute('aria-describedby', errorId);
  const group = element('div', { className: 'fs-boxes', role: 'group' }, ...boxes);
  group.setAttribute('aria-labelledby', labelId);
  group.style.setProperty('--fs-boxes', String(field.boxes));
  const error = element('p', { className: 'fs-error', id: errorId });
  const alert = element('p', { className: 'fs-alert', role: 'alert' });
  const button = element('button', { type: 'submit', disabled: true }, screen.button.label);
  const loader = element('span', { className: 'fs-loader', role: 'status', ariaLabel: 'Cargando', hidden: true });
  const form = element(
    'form',
    { noValidate: true, className: 'fs-stack' },
    element('div', {}, element('label', { id: labelId, htmlFor: 'first-screen-box' }, field.label), group, error),
    button,
  );
  (boxes[0] as HTMLInputElement).id = 'first-screen-box';
  const stack = element('div', { className: 'fs-stack' }, element('h2', {}, screen.title), ...(screen.description ? [element('p', {}, screen.description)] : []), alert, form);
  const screenRoot = element('div', { className: 'first-screen' }, element('header', {}, element('p', {}, screen.appTitle), loader), element('main', {}, stack));
  root.replaceChildren(screenRoot);

  let tried = false;
  let sending = false;
  const code = () => boxes.map((box) => box.value).join('');
  const problem = (value: string) => (value.length < field.minLength ? field.tooShort : value.length > field.maxLength ? field.tooLong : '');
  const showProblem = (text: string) => {
    error.textContent = text;
    for (const box of boxes) box.setAttribute('aria-invalid', String(text !== ''));
  };
  const start = onFirstTouch(screenRoot, handlers.onFirstInput);
  const changed = () => {
    start();
    // As the app's form: the button waits for the required code; a problem shown once is kept up to date.
    button.disabled = sending || code() === '';
    if (tried) showProblem(problem(code()));
  };
  /** Writes `digits` from box `from` on, and puts the cursor after them. */
  const spread = (from: number, digits: string) => {
    const taken = digits.slice(0, field.boxes - from);
    [...taken].forEach((digit, i) => ((boxes[from + i] as HTMLInputElement).value = digit));
    boxes[Math.min(from + taken.length, field.boxes - 1)]?.focus();
  };

  boxes.forEach((box, index) => {
    box.addEventListener('input', () => {
      const digits = box.value.replace(/\D/g, '');
      box.value = '';
      if (digits) spread(index, digits);
      changed();
    });
    box.addEventListener('keydown', (event) => {
      if (event.key === 'Backspace' && box.value === '' && index > 0) {
        event.preventDefault();
        const previous = boxes[index - 1] as HTMLInputElement;
        previous.value = '';
        previous.focus();
        changed();
      } else if (event.key === 'ArrowLeft' && index > 0) boxes[index - 1]?.focus();
      else if (event.key === 'ArrowRight' && index < field.boxes - 1) boxes[index + 1]?.focus();
    });
    box.addEventListener('focus', () => box.select());
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending || code() === '') return;
    tried = true;
    const text = problem(code());
    showProblem(text);
    if (text) return;
    sending = true;
    button.disabled = true;
    loader.hidden = false;
    alert.textContent = '';
    for (const box of boxes) box.readOnly = true;
    handlers.onSubmit([{ type: screen.button.event, data: { [field.name]: code() } }]).catch(() => {
      // The app's code did not arrive: nothing typed is lost, the agent tries again.
      sending = false;
      loader.hidden = true;
      alert.textContent = APP_NOT_LOADED;
      for (const box of boxes) box.readOnly = false;
      changed();
    });
  });
  (boxes[0] as HTMLInputElement).focus();
}
