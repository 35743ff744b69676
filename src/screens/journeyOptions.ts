import type { UiSchema } from '@rjsf/utils';

/**
 * The `ui:options` keys that belong to the journey rather than to how a widget looks: where a
 * value comes from, edit locks, the event a change sends, the provider call a widget makes,
 * pointers into the journey's data (a check box's `copies`). rjsf hands every `ui:options` key to its widgets, and the
 * Mantine theme spreads them onto Mantine's inputs, so a journey key named like a prop
 * (`onChange`) would replace the widget's own handler. These keys never reach rjsf.
 */
export const JOURNEY_OPTION_KEYS: ReadonlySet<string> = new Set([
  'from',
  'lock',
  'unlockWhen',
  'sends',
  'call',
  'sentTo',
  'datesAt',
  'slotsAt',
  'dependsOn',
  'reference',
  'rows',
  'typing',
  'pages',
  'rowEvent',
  'copies',
]);

/**
 * Whether a `ui:options` key is the journey's. `rows` is both a journeySelect's rows (an object:
 * the journey's data it lists) and a textarea's height (a number, the widget's own).
 */
const isJourneyOption = (option: string, setting: unknown) => JOURNEY_OPTION_KEYS.has(option) && !(option === 'rows' && typeof setting === 'number');

/** Each field's journey options, by the field's name (rjsf's WidgetProps.name). */
export type FieldOptions = Record<string, Record<string, unknown>>;

/**
 * A step's uiSchema split in two: what rjsf gets (every journey key taken out) and the journey
 * options of each field, by name, for the widgets to read through the form context. A field
 * inside an object is found by its own name, as rjsf names it to its widget.
 */
export function splitJourneyOptions(ui: UiSchema): { ui: UiSchema; fieldOptions: FieldOptions } {
  const fieldOptions: FieldOptions = {};
  const strip = (node: UiSchema, name: string | undefined): UiSchema => {
    const out: UiSchema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'ui:options' && value && typeof value === 'object') {
        const own: Record<string, unknown> = {};
        const journey: Record<string, unknown> = {};
        for (const [option, setting] of Object.entries(value as Record<string, unknown>)) (isJourneyOption(option, setting) ? journey : own)[option] = setting;
        if (Object.keys(own).length > 0) out[key] = own as UiSchema['ui:options'];
        if (name !== undefined && Object.keys(journey).length > 0) fieldOptions[name] = journey;
      } else if (!key.startsWith('ui:') && value && typeof value === 'object' && !Array.isArray(value)) {
        out[key] = strip(value as UiSchema, key === 'items' ? name : key);
      } else {
        out[key] = value;
      }
    }
    return out;
  };
  return { ui: strip(ui, undefined), fieldOptions };
}
