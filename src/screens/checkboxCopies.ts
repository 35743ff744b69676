import { getAt } from '../pack/jsonPointer';
import { isRow } from '../pack/referenceChoices';
import type { StepFile } from '../pack/stepFile';
import type { FieldOptions } from './journeyOptions';
import { fieldsOf } from './stepData';

type Data = Record<string, unknown>;

/**
 * A value of the journey as a field takes it: text, a number or a yes/no (a number as text in a
 * text field, a NIT kept as a number); anything else, or nothing, is no value (the field is
 * left empty, never "undefined").
 */
function asFieldValue(value: unknown, type: unknown): string | number | boolean | undefined {
  if (typeof value === 'number' && type === 'string') return String(value);
  if (typeof value === 'string' && (type === 'number' || type === 'integer') && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (typeof value === 'string') return value === '' ? undefined : value;
  return typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

/**
 * The data after a change, with the copies a check box asks for (`ui:options.copies` on a
 * checkbox: `{"billingName": "/context/sale/client/cliFirstName"}`). Ticked, each field named
 * takes the journey's value at its pointer, shown and editable (a value the journey lacks
 * empties the field: what shows is what the journey holds, never half of it with an old
 * value); unticked, each field that still holds the value copied is emptied and a field the
 * agent changed since keeps what was typed. Other changes pass as they are (the same object
 * when no box changed).
 *
 * @example withCopies(step, { useClient: { copies: { billingName: '/context/client/name' } } }, {}, { useClient: true }, { client: { name: 'Ana' } }) // { useClient: true, billingName: 'Ana' }
 */
export function withCopies(step: StepFile, fieldOptions: FieldOptions, before: Data, next: Data, journeyData: Data): Data {
  let out = next;
  const fields = fieldsOf(step);
  for (const [box, { copies }] of Object.entries(fieldOptions)) {
    if (!isRow(copies)) continue;
    const ticked = next[box] === true && before[box] !== true;
    const unticked = next[box] !== true && before[box] === true;
    if (!ticked && !unticked) continue;
    if (out === next) out = { ...next };
    for (const [field, pointer] of Object.entries(copies)) {
      const value = typeof pointer === 'string' ? asFieldValue(getAt({ context: journeyData }, pointer), fields[field]?.type) : undefined;
      if (ticked && value !== undefined) out[field] = value;
      // Emptied as rjsf empties a field it clears: no value.
      else if (ticked || (value !== undefined && out[field] === value)) out[field] = undefined;
    }
  }
  return out;
}
