import type { RegistryWidgetsType } from '@rjsf/utils';
import { FileCaptureForm } from '../forms/FileCaptureForm';
import { MapForm } from '../forms/MapForm';
import { OffersForm } from '../forms/OffersForm';
import { SignatureForm } from '../forms/SignatureForm';
import type { FormWidgetProps } from '../forms/formWidget';
import { DatePickerWidget } from './DatePickerWidget';
import { DocumentUploadWidget } from './DocumentUploadWidget';
import { MaskedInputWidget } from './MaskedInputWidget';
import { PinInputWidget } from './PinInputWidget';
import { ProviderSelectWidget } from './ProviderSelectWidget';
import { TimeSlotsWidget } from './TimeSlotsWidget';

/** The project's field widgets by the names step files use (rjsf's own come with the theme). */
export const fieldWidgets: RegistryWidgetsType = {
  pinInput: PinInputWidget,
  maskedInput: MaskedInputWidget,
  providerSelect: ProviderSelectWidget,
  datePicker: DatePickerWidget,
  timeSlots: TimeSlotsWidget,
  documentUpload: DocumentUploadWidget,
};

/** Widgets that are a whole step's form (`ui:widget` at the root of a uiSchema). */
export const formWidgets: Record<string, (props: FormWidgetProps) => React.JSX.Element> = {
  fileCapture: FileCaptureForm,
  signature: SignatureForm,
  map: MapForm,
  offers: OffersForm,
};
