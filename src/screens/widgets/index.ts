import type { Widget } from '@rjsf/utils';
import type { FormWidgetProps } from '../forms/formWidget';

/**
 * The project's widgets by the names step files use, each loaded when a step that names it opens
 * (a registry of loaders, so the first screen carries none it does not show).
 */
export const fieldWidgets: Record<string, () => Promise<Widget>> = {
  pinInput: () => import('./PinInputWidget').then((m) => m.PinInputWidget as Widget),
  maskedInput: () => import('./MaskedInputWidget').then((m) => m.MaskedInputWidget as Widget),
  providerSelect: () => import('./ProviderSelectWidget').then((m) => m.ProviderSelectWidget as Widget),
  referenceSelect: () => import('./ReferenceSelectWidget').then((m) => m.ReferenceSelectWidget as Widget),
  journeySelect: () => import('./JourneySelectWidget').then((m) => m.JourneySelectWidget as Widget),
  datePicker: () => import('./DatePickerWidget').then((m) => m.DatePickerWidget as Widget),
  timeSlots: () => import('./TimeSlotsWidget').then((m) => m.TimeSlotsWidget as Widget),
  documentUpload: () => import('./DocumentUploadWidget').then((m) => m.DocumentUploadWidget as Widget),
  // The theme's select, under rjsf's own name so it replaces the plain one (see rjsf/StepForm).
  SelectWidget: () => import('../rjsf/ChoiceSelectWidget').then((m) => m.default as Widget),
};

export type FormWidget = (props: FormWidgetProps) => React.JSX.Element;

/** Widgets that are a whole step's form (`ui:widget` at the root of a uiSchema). */
export const formWidgets: Record<string, () => Promise<FormWidget>> = {
  fileCapture: () => import('../forms/FileCaptureForm').then((m) => m.FileCaptureForm),
  signature: () => import('../forms/SignatureForm').then((m) => m.SignatureForm),
  map: () => import('../forms/MapForm').then((m) => m.MapForm),
  offers: () => import('../forms/OffersForm').then((m) => m.OffersForm),
};
