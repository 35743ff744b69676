import type { UiSchema } from '@rjsf/utils';
import type { JsonObject } from '../pack/journeyTypes';
import { getAt } from '../pack/jsonPointer';
import { isRow } from '../pack/referenceChoices';
import type { StepFile } from '../pack/stepFile';
import { rootOptionsOf } from './screenOptions';

/** Where a step's data keeps which fields are still as read from the document (`ui:options.lock`). */
export const LOCKS = 'editLocks';

/**
 * The data a step's screen opens with, from the journey's (before the schema's defaults): what
 * the screen keeps as its own once drawn. A screen drawn ahead (StepStage) is shown only while
 * this is still what it would open with.
 */
export function openingData(step: StepFile, saved: Record<string, unknown> | undefined, draft: Record<string, unknown> | undefined, journeyData: Record<string, unknown>): Record<string, unknown> {
  return withoutRefusedConsents(step, withLocks(step, withJourneyValues(step, { ...(draft ?? saved) }, journeyData), journeyData));
}

/** The data a step starts from: what the journey saved at its pointer. */
export function savedData(journeyData: Record<string, unknown>, pointer: string | undefined): Record<string, unknown> | undefined {
  if (!pointer) return undefined;
  const value = getAt({ context: journeyData }, pointer);
  return isRow(value) ? value : undefined;
}

/** A step's fields by name, as its schema declares them. */
export function fieldsOf(step: StepFile): Record<string, JsonObject> {
  const properties = step.schema?.properties;
  if (!isRow(properties)) return {};
  return Object.fromEntries(Object.entries(properties).filter((entry): entry is [string, JsonObject] => isRow(entry[1])));
}

/** The step's uiSchema, as rjsf types it (any JSON object is one). */
const uiOf = (step: StepFile): UiSchema => step.uiSchema ?? {};

/**
 * The form data with the fields shown from the journey's data (`ui:options.from`) filled in; the
 * same object when nothing changes, so that React does not draw the form again for nothing.
 */
export function withJourneyValues(step: StepFile, data: Record<string, unknown>, journeyData: Record<string, unknown>): Record<string, unknown> {
  let next = data;
  const fields = fieldsOf(step);
  for (const [field, fieldUi] of Object.entries(uiOf(step))) {
    const from = fieldUi?.['ui:options']?.from;
    if (field.startsWith('ui:') || typeof from !== 'string') continue;
    const value = getAt({ context: journeyData }, from);
    const fixed = fields[field]?.readOnly === true || fieldUi['ui:disabled'] === true;
    if (value !== undefined && value !== null && (fixed || next[field] === undefined || next[field] === '') && next[field] !== value) {
      if (next === data) next = { ...data };
      next[field] = value;
    }
  }
  return next;
}

/** The fields that are a consent: a boolean that must be true (`"const": true`, a checkbox). */
const consents = (step: StepFile) =>
  Object.entries(fieldsOf(step))
    .filter(([, field]) => field.type === 'boolean' && field.const === true)
    .map(([name]) => name);

/**
 * A consent taken back (unticked) is no answer, as before it was given: the field stays
 * required, so the step's button stays disabled and the journey never keeps a refused consent.
 */
export function withoutRefusedConsents(step: StepFile, data: Record<string, unknown>): Record<string, unknown> {
  const refused = consents(step).filter((field) => data[field] === false);
  if (refused.length === 0) return data;
  return Object.fromEntries(Object.entries(data).filter(([field]) => !refused.includes(field)));
}

/**
 * The per-field edit locks of a step (spec "ID details"): a field marked `ui:options.lock` that
 * the journey filled (`ui:options.from`, e.g. what the ID's photo gave) starts locked, so what was
 * read is not changed by a slip of the finger; the agent unlocks a field to correct it. Nothing
 * is locked when the root's `ui:options.unlockWhen` points at a true value (manual entry after
 * failed readings). The flags go with the step's data as `editLocks` (true: as read).
 */
function withLocks(step: StepFile, data: Record<string, unknown>, journeyData: Record<string, unknown>): Record<string, unknown> {
  const { unlockWhen } = rootOptionsOf(step).screen;
  const fields = Object.entries(uiOf(step)).filter(([field, fieldUi]) => !field.startsWith('ui:') && fieldUi?.['ui:options']?.lock === true);
  if (fields.length === 0 || data[LOCKS] !== undefined) return data;
  const manual = typeof unlockWhen === 'string' && getAt({ context: journeyData }, unlockWhen) === true;
  const locks = Object.fromEntries(
    fields.map(([field, fieldUi]) => {
      const from = fieldUi['ui:options']?.from;
      const read = typeof from === 'string' ? getAt({ context: journeyData }, from) : undefined;
      return [field, !manual && read !== undefined && read !== null && read !== '' && data[field] === read];
    }),
  );
  return { ...data, [LOCKS]: locks };
}

/** The step's edit locks as its data keeps them (none when it has none). */
const locksOf = (data: Record<string, unknown>): Record<string, unknown> => {
  const locks = data[LOCKS];
  return isRow(locks) ? locks : {};
};

/** The fields still locked as the document gave them. */
export function lockedFields(data: Record<string, unknown>): string[] {
  return Object.entries(locksOf(data))
    .filter(([, locked]) => Boolean(locked))
    .map(([field]) => field);
}

/** The data with a field opened for typing (its "Editar ..." button). */
export function unlocked(data: Record<string, unknown>, field: string): Record<string, unknown> {
  return { ...data, [LOCKS]: { ...locksOf(data), [field]: false } };
}
