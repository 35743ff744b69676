import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledJourney } from '../../runtime/compileJourney';
import { stepNodeOf } from '../../pack/journeyGraph';
import type { StepFile } from '../../pack/stepFile';
import { packPaths } from '../../pack/countryPack';

type Json = Record<string, unknown>;

/** One field of a step's form as the app draws it: its name, its label, its widget and options. */
export interface ScreenField {
  name: string;
  label: string;
  /** The widget by the step file's name (`maskedInput`, `datePicker`...), or the one rjsf picks for the schema. */
  widget: string;
  schema: Json;
  options: Json;
  /** Shown as text, never typed: `readOnly` in the schema or `ui:disabled`. */
  fixed: boolean;
}

/** A step screen as the driver reads it: the file, its fields, the widget that is its whole form. */
export interface StepScreenFile {
  file: StepFile;
  fields: ScreenField[];
  /** `ui:widget` at the root of the uiSchema: a photo, a signature, the map, the offers. */
  formWidget: string | undefined;
  rootOptions: Json;
}

/**
 * The widget rjsf draws for a field the step file gives none: a select for choices, a checkbox
 * for a boolean, checkboxes for a list of choices, a text input otherwise (numbers included).
 */
function defaultWidget(schema: Json): string {
  if ('oneOf' in schema || 'enum' in schema || 'anyOf' in schema) return 'select';
  if (schema.type === 'boolean') return 'checkbox';
  if (schema.type === 'array') {
    const items = (schema.items ?? {}) as Json;
    return 'enum' in items || 'oneOf' in items ? 'checkboxes' : 'array';
  }
  return 'text';
}

/** The step file of a state of the journey (the step showing while it is active), if it has one. */
export function stepScreenOf(journey: CompiledJourney, stateId: string, country: string): StepScreenFile | undefined {
  const node = journey.graph.byId.get(stateId);
  const name = node ? stepNodeOf(node)?.meta.step : undefined;
  if (!name) return undefined;
  const path = join(packPaths(country.toLowerCase()).steps, `${name}.json`);
  if (!existsSync(path)) return undefined;
  const file = JSON.parse(readFileSync(path, 'utf8')) as StepFile;
  const ui = (file.uiSchema ?? {}) as Json;
  const properties = ((file.schema as Json | undefined)?.properties ?? {}) as Record<string, Json>;
  const fields = Object.entries(properties).map(([fieldName, schema]): ScreenField => {
    const fieldUi = (ui[fieldName] ?? {}) as Json;
    return {
      name: fieldName,
      label: String(fieldUi['ui:title'] ?? schema.title ?? fieldName),
      widget: typeof fieldUi['ui:widget'] === 'string' ? fieldUi['ui:widget'] : defaultWidget(schema),
      schema,
      options: (fieldUi['ui:options'] ?? {}) as Json,
      fixed: schema.readOnly === true || fieldUi['ui:disabled'] === true,
    };
  });
  return { file, fields, formWidget: typeof ui['ui:widget'] === 'string' ? ui['ui:widget'] : undefined, rootOptions: (ui['ui:options'] ?? {}) as Json };
}

/** A label as the page names its control: the text, then maybe the required field's asterisk. */
export const labelPattern = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);

/** The title a choice is shown with (`"F"` is "Femenino"), else the value as text. */
export function choiceTitle(schema: Json, value: unknown): string {
  const choices = (schema.oneOf ?? schema.anyOf ?? []) as Array<{ const?: unknown; title?: string }>;
  return choices.find((c) => c.const === value)?.title ?? String(value);
}
