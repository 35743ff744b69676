import type { RJSFSchema } from '@rjsf/utils';
import type { DraftFit } from '../runtime/persistence';
import { LOCKS } from './stepData';
import { loadedStep } from './stepLoader';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * What of a draft saved by an older version a step's screen of this version still has (its file
 * and validator loaded before: `loadStep`): the fields its schema still declares whose values
 * still pass, the others dropped and named. A missing value is not a failure (the agent has not
 * typed everything yet); a value the new rules refuse is, so that the screen does not open on an
 * error the agent did not make. A step this version does not have keeps nothing.
 */
export const fitDraft: DraftFit = (step, data) => {
  if (!isObject(data)) return { data, dropped: [] };
  const loaded = loadedStep(step);
  const schema = loaded?.step.schema as (RJSFSchema & { properties?: Record<string, unknown> }) | undefined;
  if (!loaded) return { data: null, dropped: Object.keys(data) };
  // A screen that is one widget and no fields (a photo, a signature) keeps what it captured as it is.
  if (!schema) return { data, dropped: [] };
  // The screen's own keys go with its data too (which fields are still as read): not the agent's typing.
  const declared = { ...schema.properties, [LOCKS]: true };
  const dropped = Object.keys(data).filter((name) => !Object.hasOwn(declared, name));
  const declaredData = Object.fromEntries(Object.entries(data).filter(([name]) => Object.hasOwn(declared, name)));
  const fields = Object.fromEntries(Object.entries(declaredData).filter(([name]) => name !== LOCKS));
  const errors = loaded.validator?.rawValidation<{ keyword?: string; instancePath?: string }>(schema, fields).errors ?? [];
  const refused = new Set(errors.filter((e) => e.keyword !== 'required').map((e) => (e.instancePath ?? '').split('/')[1] ?? ''));
  const kept = Object.fromEntries(Object.entries(declaredData).filter(([name]) => !refused.has(name)));
  dropped.push(...Object.keys(declaredData).filter((name) => refused.has(name)));
  return { data: kept, dropped };
};
