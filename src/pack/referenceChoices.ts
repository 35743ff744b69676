/**
 * What a `referenceSelect` offers (`ui:options.reference`): rows of the country's reference data
 * (`data`, a name in the country file's `referenceData`), each kept by its `value` key and shown
 * by its `label` key, only those whose `where` keys equal fields of the same form.
 */
export interface ReferenceOption {
  data: string;
  value: string;
  label: string;
  where?: Record<string, string>;
}

export interface ReferenceChoice {
  value: string;
  label: string;
}

/** A row of reference data: an object of its keys. */
export const isRow = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** The form field a `where` pointer reads (`/form/department` → `department`). */
export const whereField = (pointer: string) => pointer.slice('/form/'.length);

/**
 * The choices a reference select offers for the form as it is, or undefined while a field its
 * `where` reads is still empty (no municipality before the department).
 *
 * @example referenceChoices([{ code: '01', name: 'Norte' }], { data: 'regions', value: 'code', label: 'name' }, {}) // [{ value: '01', label: 'Norte' }]
 */
export function referenceChoices(rows: unknown, option: ReferenceOption, form: Record<string, unknown>): ReferenceChoice[] | undefined {
  const wanted: Array<[string, string]> = [];
  for (const [key, pointer] of Object.entries(option.where ?? {})) {
    const given = text(form[whereField(pointer)]);
    if (given === undefined || given === '') return undefined;
    wanted.push([key, given]);
  }
  const choices: ReferenceChoice[] = [];
  for (const row of Array.isArray(rows) ? rows : []) {
    if (!isRow(row) || !wanted.every(([key, given]) => text(row[key]) === given)) continue;
    const value = text(row[option.value]);
    if (value !== undefined) choices.push({ value, label: text(row[option.label]) ?? value });
  }
  return choices;
}
