import type { RegistryWidgetsType, RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import type { StepFile } from '../pack/stepFile';
import type { StepForm, withDefaults } from './rjsf/StepForm';
import { stepFiles, stepValidators } from 'virtual:country/steps';
import { whenIdle } from './whenIdle';
import { fieldWidgets, formWidgets, type FormWidget } from './widgets/index';

// The step files and validators of the country this app is built for (src/build/countryModules.ts).
const fileOf = (name: string) => (Object.hasOwn(stepFiles, name) ? stepFiles[name] : undefined);

/** A step ready to show: its file, and what its screen needs, all loaded. */
export interface LoadedStep {
  step: StepFile;
  /** The step's precompiled validator, when it has a schema. */
  validator?: ValidatorType;
  /** The rules its fields check while the agent types (`ui:options.typing`), by format name. */
  typing?: Record<string, (value: string) => boolean>;
  /** The rjsf form and the widgets it uses, when the step asks for fields. */
  form?: { Form: typeof StepForm; widgets: RegistryWidgetsType; withDefaults: typeof withDefaults };
  /** The widget that is the step's whole form (a photo, a signature, the map, the offers). */
  FormWidget?: FormWidget;
}

/** Every `ui:widget` a uiSchema names, at any depth. */
function widgetNames(ui: unknown, into = new Set<string>()): Set<string> {
  if (!ui || typeof ui !== 'object') return into;
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget' && typeof value === 'string') into.add(value);
    else widgetNames(value, into);
  }
  return into;
}

/** Whether rjsf will draw a select: a field with choices (enum, oneOf) or `ui:widget: select`. */
function hasChoices(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if ('enum' in schema || 'oneOf' in schema) return true;
  return Object.values(schema).some(hasChoices);
}

/**
 * Loads a step's screen in one go, in parallel: its file, its precompiled validator
 * (`npm run steps:compile`), rjsf when it has fields, and the project widgets it names. Nothing
 * of a step is in the first screen's JS unless the first screen is that step.
 */
export function loadStep(name: string): Promise<LoadedStep | undefined> {
  // Once per page: going back to a step, or prefetching it, costs nothing the second time.
  let loading = loaded.get(name);
  if (!loading) {
    loading = load(name).then((step) => {
      ready.set(name, step);
      return step;
    });
    loaded.set(name, loading);
    loading.catch(() => loaded.delete(name)); // a failed download (network) is tried again next time
  }
  return loading;
}

const loaded = new Map<string, Promise<LoadedStep | undefined>>();
const ready = new Map<string, LoadedStep | undefined>();

/** A step already loaded (shown before, or loaded ahead), so its screen shows in the same frame. */
export function loadedStep(name: string): LoadedStep | null | undefined {
  return ready.has(name) ? (ready.get(name) ?? null) : undefined;
}

/**
 * Loads the screens the agent may see next while the phone is idle, so that on a slow network
 * the next step does not wait for its code. A failure here is silent: the step loads when shown.
 */
export function loadAhead(names: string[]): () => void {
  return whenIdle(() => names.forEach((name) => void loadStep(name).catch(() => undefined)), 2000);
}

async function load(name: string): Promise<LoadedStep | undefined> {
  const file = fileOf(name);
  if (!file) return undefined;
  const step = await file();
  return assembleStep(step, step.schema && Object.hasOwn(stepValidators, step.step) ? stepValidators[step.step] : undefined);
}

/** A step's precompiled validator module (`npm run steps:compile`). */
type ValidatorModule = { default: ValidatorFunctions; typing?: Record<string, (value: string) => boolean> };

/**
 * What a step file's screen needs, loaded in parallel: its precompiled validator (given), rjsf
 * when it has fields, and the project widgets it names. (The studio's preview loads another
 * country's step files through it too.)
 */
export async function assembleStep(step: StepFile, loadValidator: (() => Promise<ValidatorModule>) | undefined): Promise<LoadedStep> {
  const ui = (step.uiSchema ?? {}) as Record<string, unknown>;
  const root = typeof ui['ui:widget'] === 'string' ? formWidgets[ui['ui:widget']] : undefined;
  const named = widgetNames(ui);
  if (step.schema && !root && (named.has('select') || hasChoices(step.schema))) named.add('SelectWidget');
  const names = [...named].filter((widget) => fieldWidgets[widget]);
  const [FormWidget, widgets, validator, rjsf] = await Promise.all([
    root?.(),
    Promise.all(names.map(async (widget) => [widget, await (fieldWidgets[widget] as () => Promise<unknown>)()] as const)),
    step.schema && loadValidator
      ? Promise.all([import('@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'), loadValidator()]).then(([{ default: create }, functions]) => ({
          validator: create(functions.default, step.schema as RJSFSchema),
          typing: functions.typing,
        }))
      : undefined,
    step.schema && !root ? import('./rjsf/StepForm') : undefined,
  ]);
  return {
    step,
    ...(FormWidget ? { FormWidget } : {}),
    ...(validator ? { validator: validator.validator } : {}),
    ...(validator?.typing && Object.keys(validator.typing).length > 0 ? { typing: validator.typing } : {}),
    ...(rjsf ? { form: { Form: rjsf.StepForm, widgets: Object.fromEntries(widgets) as RegistryWidgetsType, withDefaults: rjsf.withDefaults } } : {}),
  };
}
