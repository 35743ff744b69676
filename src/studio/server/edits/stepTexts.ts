/**
 * Every text of a step file a product owner may change from the studio, by its place: the words
 * the screen shows (schemas/step.schema.json says which keys hold them), never a key that names
 * data, a widget or a column (`ui:options.reference.label` is a row key, `titlesFrom.title` one
 * of the provider's). What the editor lists (editorState.ts) and what a `stepText` edit may change
 * (editedText.ts) are this one list, so the page never offers a text the server refuses.
 */
import type { EditorText } from '../../editApi';
import { toPointer } from '../../../pack/jsonPointer';
import type { JsonPath } from './jsonTextEdit';

/** A step file's text with its path in the file, and whether a control of its own edits it (the title's, a field's, a button's). */
export interface StepText extends EditorText {
  path: JsonPath;
  ownControl: boolean;
}

type Json = Record<string, unknown>;
const objectAt = (value: unknown): Json | undefined => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined);
const listAt = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const valueAt = (root: unknown, path: JsonPath): unknown => path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined), root);

// A field's widgets with a box that shows a placeholder while empty (a select's shows before a choice).
const PLACEHOLDER_WIDGETS = new Set(['text', 'email', 'textarea', 'maskedInput', 'updown', 'select', 'referenceSelect', 'providerSelect', 'journeySelect', 'datePicker']);
// A field's `ui:options` that hold words: the group's buttons and rows, the calendar's buttons, a journey select's row template.
const FIELD_OPTION_TEXTS: ReadonlyArray<[JsonPath, string]> = [
  [['addLabel'], 'add button'],
  [['itemLabel'], 'row name'],
  [['buttons', 'cancel'], 'cancel button'],
  [['buttons', 'save'], 'save button'],
  [['rows', 'label'], 'row text'],
];
// The screen's `ui:options` (the uiSchema's root) that hold words.
const SCREEN_OPTION_TEXTS: ReadonlyArray<[JsonPath, string]> = [
  [['label'], 'Label before the value'],
  [['emptyText'], 'Empty list text'],
  [['clearLabel'], 'Clear button'],
  [['rowTitle'], 'Row title'],
  [['rowDetail'], 'Row detail'],
  [['pages', 'text'], 'Page count'],
];

interface Place {
  field?: string;
  /** Saved empty, the key goes (EditorText.optional). */
  optional?: boolean;
  /** Listed even where the file lacks it, to be added. */
  offer?: boolean;
  ownControl?: boolean;
}

/** The texts of a step file (parsed): the step's, each field's, then the screen's; each present one, and those it may add. */
export function stepTexts(step: unknown): StepText[] {
  const texts: StepText[] = [];
  const add = (path: JsonPath, label: string, place: Place = {}) => {
    const value = valueAt(step, path);
    if (typeof value !== 'string' && !(value === undefined && place.offer)) return;
    texts.push({ pointer: toPointer(path), path, value: typeof value === 'string' ? value : undefined, label, ...(place.field === undefined ? {} : { field: place.field }), optional: place.optional ?? false, ownControl: place.ownControl ?? false });
  };
  const root = objectAt(step) ?? {};
  const schema = objectAt(root.schema) ?? {};
  const properties = objectAt(schema.properties) ?? {};
  const ui = objectAt(root.uiSchema) ?? {};
  const messages = objectAt(root.messages) ?? {};

  add(['title'], 'Title', { ownControl: true });
  add(['description'], 'Step description', { optional: true, offer: true });
  const paragraphs = listAt(root.text);
  paragraphs.forEach((_, i) => add(['text', i], `Paragraph ${i + 1}`, { optional: true }));
  add(['text', paragraphs.length], 'New paragraph', { optional: true, offer: true });
  listAt(root.links).forEach((_, i) => add(['links', i, 'label'], `Link ${i + 1}`));
  listAt(root.buttons).forEach((_, i) => add(['buttons', i, 'label'], `Button ${i + 1}`, { ownControl: true }));

  for (const [field, value] of Object.entries(properties)) {
    const property = objectAt(value) ?? {};
    const at: JsonPath = ['schema', 'properties', field];
    const widget = objectAt(ui[field])?.['ui:widget'];
    // An object field is data the journey keeps (an ID's reading), never drawn as a box.
    const shown = property.type !== 'object';
    const boxed = shown && (typeof widget === 'string' ? PLACEHOLDER_WIDGETS.has(widget) : ['string', 'number', 'integer'].includes(String(property.type)));
    add([...at, 'title'], 'title', { field, ownControl: true });
    add([...at, 'description'], 'description', { field, optional: true, offer: shown });
    add(['uiSchema', field, 'ui:help'], 'help', { field, optional: true, offer: shown });
    add(['uiSchema', field, 'ui:placeholder'], 'placeholder', { field, optional: true, offer: boxed });
    optionTitles(add, at, property, field, 'option');
    const items = objectAt(property.items);
    for (const inner of Object.keys(objectAt(items?.properties) ?? {})) {
      add([...at, 'items', 'properties', inner, 'title'], `${inner} title`, { field });
      add(['uiSchema', field, 'items', inner, 'ui:help'], `${inner} help`, { field, optional: true });
      add(['uiSchema', field, 'items', inner, 'ui:placeholder'], `${inner} placeholder`, { field, optional: true });
    }
    for (const [path, label] of FIELD_OPTION_TEXTS) add(['uiSchema', field, 'ui:options', ...path], label, { field });
    for (const rule of Object.keys(objectAt(messages[`/${field}`]) ?? {})) add(['messages', `/${field}`, rule], `message ${rule}`, { field, optional: true });
  }

  // Fields a condition adds or changes (`allOf`, `if`/`then`/`else`): their titles and options' words.
  const branches: JsonPath[] = [['schema', 'then'], ['schema', 'else'], ...listAt(schema.allOf).flatMap((_, i): JsonPath[] => [['schema', 'allOf', i, 'then'], ['schema', 'allOf', i, 'else']])];
  for (const branch of branches) {
    for (const [field, value] of Object.entries(objectAt(valueAt(step, [...branch, 'properties'])) ?? {})) {
      const known = field in properties;
      const at: JsonPath = [...branch, 'properties', field];
      add([...at, 'title'], known ? 'conditional title' : `${field}: conditional title`, known ? { field } : {});
      optionTitles(add, at, objectAt(value) ?? {}, known ? field : undefined, known ? 'conditional option' : `${field}: conditional option`);
    }
  }

  for (const [pointer, rules] of Object.entries(messages)) {
    if (pointer.slice(1) in properties) continue;
    for (const rule of Object.keys(objectAt(rules) ?? {})) add(['messages', pointer, rule], `Message ${pointer} ${rule}`, { optional: true });
  }

  const screen = objectAt(ui['ui:options']) ?? {};
  const options: JsonPath = ['uiSchema', 'ui:options'];
  for (const [path, label] of SCREEN_OPTION_TEXTS) add([...options, ...path], label);
  for (const status of Object.keys(objectAt(screen.statusLabels) ?? {})) add([...options, 'statusLabels', status], `Status ${status}`);
  listAt(screen.lines).forEach((line, i) => {
    add([...options, 'lines', i, 'label'], `Line ${i + 1} label`);
    add([...options, 'lines', i, 'text'], `Line ${i + 1} text`);
    add([...options, 'lines', i, 'rows', 'text'], `Line ${i + 1} row text`);
    for (const word of Object.keys(objectAt(objectAt(line)?.labels) ?? {})) add([...options, 'lines', i, 'labels', word], `Line ${i + 1} word for ${word}`);
  });
  return texts;
}

/** The words of a field's `oneOf` options, each named by its value; an option with none may be given some. */
function optionTitles(add: (path: JsonPath, label: string, place?: Place) => void, at: JsonPath, property: Json, field: string | undefined, label: string): void {
  listAt(property.oneOf).forEach((option, i) => {
    const value = objectAt(option)?.const;
    if (value !== undefined) add([...at, 'oneOf', i, 'title'], `${label} ${String(value)}`, { ...(field === undefined ? {} : { field }), optional: true, offer: true });
  });
}
