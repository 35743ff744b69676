import { suggestion } from '../pack/didYouMean';
import { toPointer } from '../pack/jsonPointer';
import type { Problem } from './problem';
import { isRow, whereField, type ReferenceOption } from '../pack/referenceChoices';
import type { StepFile } from '../pack/stepFile';

/** Every `ui:options.reference` of a step's uiSchema, with its pointer in the file. */
function referenceSites(ui: unknown, at: string, found: Array<{ option: Partial<ReferenceOption>; pointer: string }>): void {
  if (!isRow(ui)) return;
  const options = ui['ui:options'];
  if (isRow(options) && isRow(options.reference)) found.push({ option: options.reference as Partial<ReferenceOption>, pointer: `${at}/ui:options/reference` });
  for (const [key, child] of Object.entries(ui)) if (!key.startsWith('ui:')) referenceSites(child, `${at}${toPointer([key])}`, found);
}

/**
 * Checks a step's reference selects against its country's reference data (by name, as the
 * country file lists it, each file's rows as read): the data exists, is a list of rows, and has
 * the keys the select keeps, shows and filters by; each `where` reads a field of the step.
 */
export function checkReferenceSelects(step: StepFile, references: ReadonlyMap<string, unknown>, country: string): Problem[] {
  const problems: Problem[] = [];
  const fields = Object.keys((step.schema?.properties ?? {}) as object);
  const sites: Array<{ option: Partial<ReferenceOption>; pointer: string }> = [];
  referenceSites(step.uiSchema, '/uiSchema', sites);
  for (const { option, pointer } of sites) {
    if (typeof option.data !== 'string') continue; // the meta-schema says it is missing
    if (!references.has(option.data)) {
      problems.push({ pointer: `${pointer}/data`, message: `the country file of ${country} has no reference data "${option.data}"${suggestion(option.data, references.keys())}` });
      continue;
    }
    const rows = references.get(option.data);
    if (!Array.isArray(rows) || !rows.every(isRow)) {
      problems.push({ pointer: `${pointer}/data`, message: `the reference data "${option.data}" is not a list of rows (objects)` });
      continue;
    }
    const keys = new Set(rows.flatMap((row) => Object.keys(row)));
    const known = (key: unknown, at: string) => {
      if (typeof key === 'string' && !keys.has(key)) problems.push({ pointer: at, message: `the rows of "${option.data}" have no "${key}"${suggestion(key, keys)}` });
    };
    known(option.value, `${pointer}/value`);
    known(option.label, `${pointer}/label`);
    for (const [key, read] of Object.entries(option.where ?? {})) {
      known(key, `${pointer}/where${toPointer([key])}`);
      const field = whereField(String(read));
      if (!fields.includes(field)) problems.push({ pointer: `${pointer}/where${toPointer([key])}`, message: `the step has no field "${field}"${suggestion(field, fields)}` });
    }
  }
  return problems;
}
