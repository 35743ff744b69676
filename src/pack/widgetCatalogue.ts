import stepSchema from '../../schemas/step.schema.json' with { type: 'json' };

/**
 * Every widget a step screen may name in its uiSchema (`"ui:widget"`), with what it is for.
 * rjsf's own widgets, and the project's (implemented one per file in src/screens/widgets/ and
 * src/screens/forms/, registered under these names). `journeys:check` refuses any other name.
 * Each widget's `ui:options` are in schemas/step.schema.json as `$defs/<widget>Options`.
 */
export const widgetCatalogue = {
  text: 'a one-line text field (rjsf)',
  textarea: 'a text area (rjsf)',
  password: 'a hidden-text field (rjsf)',
  email: 'an e-mail field (rjsf)',
  select: 'a drop-down of the enum or oneOf options (rjsf); with no default it opens empty',
  radio: 'radio buttons of the enum or oneOf options (rjsf)',
  checkbox: 'one checkbox for a boolean (rjsf); a consent (`const: true`) opens unticked and must be ticked',
  checkboxes: 'checkboxes for a list of enum values (rjsf)',
  hidden: 'not shown (rjsf)',
  updown: 'a number field (rjsf)',
  maskedInput: 'digits typed into a mask (`ui:options.mask`, e.g. "#### ####" for a phone of 8 digits)',
  pinInput: 'a PIN or one-time code typed digit by digit (`ui:options.length`, numeric keyboard)',
  providerSelect: 'a drop-down whose options come from a provider call (`ui:options.call`), filtered by other fields',
  referenceSelect: "a drop-down of the country's reference data rows (`ui:options.reference`), filtered by other fields",
  journeySelect: 'a drop-down of rows the journey holds (`ui:options.rows`: the leads of a report), filtered by their values',
  datePicker: 'a calendar limited to the dates the provider offered (`ui:options.datesAt`)',
  timeSlots: 'AM / PM slots for the chosen date, from a provider call',
  offers: "the step's offers, by tab, with prices and descriptions (the uiSchema's root)",
  fileCapture: 'a photo from the camera or a file, compressed to `ui:options.maxBytes`, uploaded with progress (the root)',
  documentUpload: 'several photos or files of one document type, each compressed, with thumbnails and a count',
  group: 'a repeatable group of fields on a list of objects: each row the items\' fields, "Agregar" and "Quitar" buttons (drawn by the array templates, src/screens/rjsf/groupTemplates.tsx)',
  signature: 'a signature drawn on the screen, uploaded as an image (the root)',
  map: 'a map with a draggable marker and the device position (the root)',
} as const;

export type WidgetName = keyof typeof widgetCatalogue;

/** What a uiSchema's root without `ui:widget` takes: the screen's options (`from`, `unlockWhen`...). */
export const SCREEN = 'screen';

/**
 * The `ui:options` a widget takes, by name (a root with no widget: `screen`; a field with no
 * widget: `text`), as the meta-schema declares them; undefined for an unknown widget.
 */
export function optionsOf(widget: string): string[] | undefined {
  const defs = stepSchema.$defs as Record<string, { properties?: Record<string, unknown> } | undefined>;
  const own = defs[`${widget}Options`];
  return own ? Object.keys(own.properties ?? {}) : undefined;
}
