/**
 * Every widget a step screen may name in its uiSchema (`"ui:widget"`), with what it is for.
 * rjsf's own widgets, and the project's (implemented one per file in src/screens/widgets/,
 * registered under these names). `journeys:check` refuses any other name.
 */
export const widgetCatalogue = {
  text: 'a one-line text field (rjsf)',
  textarea: 'a text area (rjsf)',
  password: 'a hidden-text field (rjsf)',
  email: 'an e-mail field (rjsf)',
  select: 'a drop-down of the enum or oneOf options (rjsf)',
  radio: 'radio buttons of the enum or oneOf options (rjsf)',
  checkbox: 'one checkbox for a boolean (rjsf)',
  checkboxes: 'checkboxes for a list of enum values (rjsf)',
  hidden: 'not shown (rjsf)',
  updown: 'a number field (rjsf)',
  maskedInput: 'digits typed into a mask (`ui:options.mask`, e.g. "#### ####" for an SV phone)',
  pinInput: 'a PIN or one-time code typed digit by digit (`ui:options.length`, numeric keyboard)',
  providerSelect: 'a drop-down whose options come from a provider call (`ui:options.source`), filtered by other fields (`ui:options.dependsOn`)',
  datePicker: 'a calendar, optionally limited to dates from a provider call (`ui:options.source`)',
  timeSlots: 'AM / PM slots for the chosen date, from a provider call',
  offers: 'the offers of the node, by tab (PAQUETE, TV, INTERNET), with prices and descriptions',
  fileCapture: 'a photo from the camera or a file, compressed to `ui:options.maxBytes`, uploaded with progress',
  documentUpload: 'several photos or files of one document type, each compressed, with thumbnails and a count',
  signature: 'a signature drawn on the screen, uploaded as an image',
  map: 'a map with a draggable marker and the device position',
} as const;

export type WidgetName = keyof typeof widgetCatalogue;
