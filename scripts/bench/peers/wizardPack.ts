/**
 * The peers' wizard as a country pack of ours (`PB`, written at bench time from the shared
 * workload's `wizard.js`): the same ten steps, the same fields, choices, limits and required
 * fields, as a journey file and step files our engine runs as it runs a country. So our app is
 * measured on the peers' own workload, click for click, beside a whole sale of a real country.
 *
 * Where ours differs, it is said: the city select offers every city (the peers' schemas are
 * recomputed per department; a step file's choices are fixed), and an e-mail is checked by our
 * `email-address` format (the step validators compile our formats, not ajv-formats').
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the pack needs of the shared `wizard.js`. */
export interface Wizard {
  STEP_FIELDS: string[][];
  STEP_TITLES: string[];
  ALL_CITIES: string[];
  stepSchema: (index: number, data?: Record<string, unknown>) => { type: 'object'; properties: Record<string, Record<string, unknown>>; required?: string[] };
}

export const WIZARD_COUNTRY = 'pb';

/** The route of step `index` (0-based): /paso-1 ... /paso-10. */
export const wizardRoute = (index: number) => `/paso-${index + 1}`;

/** A field of the wizard as our step files write it: the same schema, our widget and format names. */
function ourField(name: string, field: Record<string, unknown>, wizard: Wizard): { schema: Record<string, unknown>; ui: Record<string, unknown> } {
  const schema = { ...field };
  if (name === 'city') schema.enum = wizard.ALL_CITIES;
  if (schema.format === 'email') schema.format = 'email-address';
  // A date typed in the browser's own date input, as the peers' JSON Forms draws one.
  if (schema.format === 'date') return { schema, ui: { 'ui:inputType': 'date' } };
  if (schema.type === 'boolean') return { schema, ui: { 'ui:widget': 'checkbox' } };
  if (Array.isArray(schema.enum)) return { schema, ui: { 'ui:widget': 'select', 'ui:placeholder': 'Elige una opción' } };
  return { schema, ui: {} };
}

/** Writes the pack to `dir` (its country file, journey and step files) and returns its folder. */
export function writeWizardPack(dir: string, wizard: Wizard): string {
  const steps = wizard.STEP_TITLES.map((title, index) => {
    const peer = wizard.stepSchema(index);
    const fields = Object.entries(peer.properties).map(([name, field]) => [name, ourField(name, field, wizard)] as const);
    const last = index === wizard.STEP_TITLES.length - 1;
    return {
      $schema: '../../../../../../../schemas/step.schema.json',
      step: `paso${index + 1}`,
      title,
      schema: { type: 'object', required: peer.required ?? [], properties: Object.fromEntries(fields.map(([name, f]) => [name, f.schema])) },
      uiSchema: { 'ui:order': wizard.STEP_FIELDS[index], ...Object.fromEntries(fields.filter(([, f]) => Object.keys(f.ui).length > 0).map(([name, f]) => [name, f.ui])) },
      buttons: [{ label: last ? 'Finish' : 'Next', event: 'step.submit', primary: true, validate: true }],
    };
  });
  const done = { $schema: '../../../../../../../schemas/step.schema.json', step: 'listo', title: 'Done', text: ['The wizard is complete.'] };
  const maintenance = { $schema: '../../../../../../../schemas/step.schema.json', step: 'mantenimiento', title: 'Maintenance', text: ['Try again later.'], buttons: [{ label: 'Retry', event: 'step.retry', primary: true }] };
  const states: Record<string, unknown> = {};
  steps.forEach((step, index) => {
    states[step.step] = {
      meta: { route: wizardRoute(index), step: step.step, track: `step_${index + 1}`, public: true, data: `/context/wizard/${step.step}` },
      on: {
        'step.submit': {
          target: index + 1 < steps.length ? `paso${index + 2}` : 'listo',
          actions: [{ type: 'save', params: { to: `/context/wizard/${step.step}` } }],
          meta: { example: { data: {} } },
        },
      },
    };
  });
  states.listo = { meta: { route: '/listo', step: 'listo', track: 'done', public: true, end: true, data: false } };
  // The shell's own events, which every journey handles.
  states.mantenimiento = { meta: { route: '/mantenimiento', step: 'mantenimiento', public: true, data: false }, on: { 'step.retry': 'paso1' } };
  const journey = {
    $schema: '../../../../../schemas/journey.schema.json',
    id: WIZARD_COUNTRY,
    version: '0.1.0',
    description: "The peers' ten-step wizard (../shared/bench/peers), written by scripts/bench/peers/wizardPack.ts for npm run bench:peers.",
    meta: { country: 'PB', title: 'Peer wizard' },
    context: { ui: { message: null }, wizard: {} },
    initial: 'paso1',
    on: { 'app.maintenance': '.mantenimiento', 'app.redirect': '.paso1' },
    states,
  };
  const country = {
    $schema: '../../../../../schemas/country.schema.json',
    country: 'PB',
    name: 'Peer wizard',
    locale: 'es-PB',
    appTitle: 'Peer wizard',
    currency: { code: 'XTS', symbol: '¤', format: '{amount} {symbol}', decimals: 0 },
    callingCode: '999',
    phoneMasks: { default: { mask: '########', digits: 8 } },
    documents: { types: [{ code: 'CI', label: 'CI' }], default: 'CI' },
    images: { idPhotoMB: 1, documentMB: 0.5, longestSide: { phone: 1024, other: 2520 } },
    map: { center: { latitude: 0, longitude: 0 }, zoom: 9 },
    sidebar: [],
    entry: 'public',
    signedCalls: false,
    shellScripts: [],
    offers: { tabs: [{ label: 'Todo', types: ['Bundle'] }] },
    referenceData: {},
  };
  const write = (path: string, value: unknown) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), `${JSON.stringify(value, null, 2)}\n`);
  };
  write(`countries/${WIZARD_COUNTRY}.json`, country);
  write(`journeys/${WIZARD_COUNTRY}.json`, journey);
  for (const step of [...steps, done, maintenance]) write(`schemas/steps/${WIZARD_COUNTRY}/${step.step}.json`, step);
  // The wizard calls no provider: its API is one spec with no operations (the build wants a table).
  mkdirSync(join(dir, 'openapi', WIZARD_COUNTRY), { recursive: true });
  writeFileSync(join(dir, 'openapi', WIZARD_COUNTRY, 'none.yaml'), "openapi: 3.1.0\ninfo:\n  title: Peer wizard (no provider calls)\n  version: 0.1.0\npaths: {}\n");
  mkdirSync(join(dir, 'seed', WIZARD_COUNTRY), { recursive: true });
  return dir;
}

/**
 * The peers' harness drives each engine through `window.__pb` (its step, its fields, its Next
 * button, filling a step through the engine's data API). Ours has no such API, so the bench adds
 * one to the page (an init script, not part of the app): a step's values are set as a browser
 * sets them on a typed field, a chosen option and a ticked box (the events React listens to).
 */
export const wizardDriver = (fill: Array<Record<string, unknown>>, titles: string[]) => `(() => {
  const FILL = ${JSON.stringify(fill)};
  const TITLES = ${JSON.stringify(titles)};
  const setValue = (element, value) => {
    const prototype = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value').set.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  };
  window.__pb = {
    fieldSel: (name) => '[id="root_' + name + '"]',
    nextSel: 'main button',
    // The step on the screen, by its heading (the URL follows the screen in idle time).
    step: () => {
      const heading = document.querySelector('main h2');
      const title = heading ? heading.textContent : '';
      return TITLES.includes(title) ? TITLES.indexOf(title) : title === 'Done' ? FILL.length : -1;
    },
    fill: (index, override) => {
      const values = Object.assign({}, FILL[index], override || {});
      for (const [name, value] of Object.entries(values)) {
        const element = document.getElementById('root_' + name);
        if (!element) continue;
        if (element.type === 'checkbox') { if (element.checked !== Boolean(value)) element.click(); }
        else {
          // A long select puts its options in the page when it is reached, as an agent's touch does;
          // the agent's tap on Next then takes the focus away before its click (the peers' fill
          // leaves nothing focused either), so the step change starts with nothing focused.
          if (element instanceof HTMLSelectElement) element.focus();
          setValue(element, String(value));
          if (element instanceof HTMLSelectElement) element.blur();
        }
      }
    },
    errors: () => [...document.querySelectorAll('.mantine-InputWrapper-error')].map((error) => error.textContent),
  };
})()`;
