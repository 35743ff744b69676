/**
 * Loads a step's screen for the studio's preview. For the country the app's dev server is built
 * for, it is the app's own loader (src/screens/stepLoader.ts): the same file, precompiled
 * validator, rjsf form and widgets the agent's app loads. The studio lets a product owner pick
 * another country's journey too; its screens are loaded here the same way from the repository's
 * step files and precompiled validators (`npm run steps:compile` compiles every country's), while
 * what the screens read of the country file (phone masks, currency, map centre) stays the built
 * country's: the preview says so.
 */
import type { RegistryWidgetsType, RJSFSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import { country as builtCountry } from 'virtual:country';
import type { StepFile } from '../../engine/stepFile';
import { loadStep, type LoadedStep } from '../../screens/stepLoader';
import { fieldWidgets, formWidgets } from '../../screens/widgets/index';

/** The country the app (and so its screens' country settings) is built for, lower case. */
export const builtFor = builtCountry.toLowerCase();

// Every country's step files and validators in the repository, each loaded when previewed.
const stepFiles = import.meta.glob<StepFile>('/schemas/steps/*/*.json', { import: 'default' });
const validators = import.meta.glob<{ default: ValidatorFunctions; typing?: Record<string, (value: string) => boolean> }>('/src/screens/generated/steps/*/*.js');

/** Every `ui:widget` a uiSchema names, at any depth (as the app's loader reads them). */
function widgetNames(ui: unknown, into = new Set<string>()): Set<string> {
  if (!ui || typeof ui !== 'object') return into;
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget' && typeof value === 'string') into.add(value);
    else widgetNames(value, into);
  }
  return into;
}

/** Whether rjsf will draw a select: a field with choices (enum, oneOf). */
function hasChoices(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if ('enum' in schema || 'oneOf' in schema) return true;
  return Object.values(schema).some(hasChoices);
}

/** Another country's step, loaded as the app's loader loads its own (see stepLoader's `load`). */
async function loadOtherCountry(country: string, name: string): Promise<LoadedStep | undefined> {
  const file = stepFiles[`/schemas/steps/${country}/${name}.json`];
  if (!file) return undefined;
  const step = await file();
  const ui = (step.uiSchema ?? {}) as Record<string, unknown>;
  const root = typeof ui['ui:widget'] === 'string' ? formWidgets[ui['ui:widget']] : undefined;
  const named = widgetNames(ui);
  if (step.schema && !root && (named.has('select') || hasChoices(step.schema))) named.add('SelectWidget');
  if (named.has('textarea')) named.add('TextareaWidget');
  const names = [...named].filter((widget) => fieldWidgets[widget]);
  const loadValidator = step.schema ? validators[`/src/screens/generated/steps/${country}/${name}.js`] : undefined;
  const [FormWidget, widgets, compiled, rjsf] = await Promise.all([
    root?.(),
    Promise.all(names.map(async (widget) => [widget, await (fieldWidgets[widget] as () => Promise<unknown>)()] as const)),
    step.schema && loadValidator
      ? Promise.all([import('@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'), loadValidator()]).then(([{ default: create }, functions]) => ({
          validator: create(functions.default, step.schema as RJSFSchema),
          typing: functions.typing,
        }))
      : undefined,
    step.schema && !root ? import('../../screens/rjsf/StepForm') : undefined,
  ]);
  return {
    step,
    ...(FormWidget ? { FormWidget } : {}),
    ...(compiled ? { validator: compiled.validator } : {}),
    ...(compiled?.typing && Object.keys(compiled.typing).length > 0 ? { typing: compiled.typing } : {}),
    ...(rjsf ? { form: { Form: rjsf.StepForm, widgets: Object.fromEntries(widgets) as RegistryWidgetsType } } : {}),
  };
}

/** A step's screen of a country, ready to show; undefined when the country has no such step file. */
export function loadPreviewStep(country: string, name: string): Promise<LoadedStep | undefined> {
  return country === builtFor ? loadStep(name) : loadOtherCountry(country, name);
}
