/**
 * Loads a step's screen for the studio's preview. For the country the app's dev server is built
 * for, it is the app's own loader (src/screens/stepLoader.ts): the same file, precompiled
 * validator, rjsf form and widgets the agent's app loads. The studio lets a product owner pick
 * another country's journey too; its screens are loaded here the same way from the repository's
 * step files and precompiled validators (`npm run steps:compile` compiles every country's), while
 * what the screens read of the country file (phone masks, currency, map centre) stays the built
 * country's: the preview says so.
 */
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import { country as builtCountry } from 'virtual:country';
import type { StepFile } from '../../pack/stepFile';
import { assembleStep, loadStep, type LoadedStep } from '../../screens/stepLoader';

/** The country the app (and so its screens' country settings) is built for, lower case. */
export const builtFor = builtCountry.toLowerCase();

// Every country's step files and validators in the repository, each loaded when previewed.
const stepFiles = import.meta.glob<StepFile>('/schemas/steps/*/*.json', { import: 'default' });
const validators = import.meta.glob<{ default: ValidatorFunctions; typing?: Record<string, (value: string) => boolean> }>('/src/screens/generated/steps/*/*.js');

/** Another country's step, loaded as the app's loader loads its own (see stepLoader's `load`). */
async function loadOtherCountry(country: string, name: string): Promise<LoadedStep | undefined> {
  const file = stepFiles[`/schemas/steps/${country}/${name}.json`];
  if (!file) return undefined;
  const step = await file();
  return assembleStep(step, step.schema ? validators[`/src/screens/generated/steps/${country}/${name}.js`] : undefined);
}

/** A step's screen of a country, ready to show; undefined when the country has no such step file. */
export function loadPreviewStep(country: string, name: string): Promise<LoadedStep | undefined> {
  return country === builtFor ? loadStep(name) : loadOtherCountry(country, name);
}
