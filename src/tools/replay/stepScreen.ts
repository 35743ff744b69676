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
  /** The field's whole uiSchema (a group's `items` say how its rows' fields are drawn). */
  ui: Json;
  /** The row of a repeatable group the field is drawn in ("Dirección 2"), where its label is looked for. */
  row?: string;
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
    // A list of objects is drawn as a repeatable group (StepFields).
    return 'enum' in items || 'oneOf' in items ? 'checkboxes' : items.type === 'object' ? 'group' : 'array';
  }
  return 'text';
}

/** A field of a form (or of a group's row) as the app draws it, from its schema and uiSchema. */
export function screenField(name: string, schema: Json, fieldUi: Json): ScreenField {
  return {
    name,
    label: String(fieldUi['ui:title'] ?? schema.title ?? name),
    widget: typeof fieldUi['ui:widget'] === 'string' ? fieldUi['ui:widget'] : defaultWidget(schema),
    schema,
    options: (fieldUi['ui:options'] ?? {}) as Json,
    fixed: schema.readOnly === true || fieldUi['ui:disabled'] === true,
    ui: fieldUi,
  };
}

/**
 * The fields a step's form shows only on a choice (`allOf`'s `then`/`else`, `dependencies`: the
 * nationality a foreign document asks for), each by the first schema that brings it.
 */
function conditionalProperties(schema: Json | undefined): Record<string, Json> {
  const branches = [
    ...((schema?.allOf ?? []) as Json[]).flatMap((rule) => [rule.then, rule.else]),
    ...Object.values((schema?.dependencies ?? {}) as Record<string, unknown>),
  ].filter((branch): branch is Json => branch !== null && typeof branch === 'object' && !Array.isArray(branch));
  const found: Record<string, Json> = {};
  for (const branch of branches) for (const [name, field] of Object.entries((branch.properties ?? {}) as Record<string, Json>)) found[name] ??= field;
  return found;
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
  // The fields a choice brings (drawn once it is made) after those always drawn, the choice among them.
  const drawn = { ...conditionalProperties(file.schema as Json | undefined), ...properties };
  const fields = [...new Set([...Object.keys(properties), ...Object.keys(drawn)])].map((fieldName) => screenField(fieldName, drawn[fieldName] as Json, (ui[fieldName] ?? {}) as Json));
  return { file, fields, formWidget: typeof ui['ui:widget'] === 'string' ? ui['ui:widget'] : undefined, rootOptions: (ui['ui:options'] ?? {}) as Json };
}

/** A label as the page names its control: the text, then maybe the required field's asterisk. */
export const labelPattern = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);

/** The title a choice is shown with (`"F"` is "Femenino"), else the value as text. */
export function choiceTitle(schema: Json, value: unknown): string {
  const choices = (schema.oneOf ?? schema.anyOf ?? []) as Array<{ const?: unknown; title?: string }>;
  return choices.find((c) => c.const === value)?.title ?? String(value);
}
