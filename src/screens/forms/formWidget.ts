import type { StepFormContext } from '../stepFormContext';

/**
 * A widget that is the whole form of its step (`ui:widget` at the root of the uiSchema): a photo,
 * a signature, a map point, the offers. It owns the step's data.
 */
export interface FormWidgetProps extends StepFormContext {
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  options: Record<string, unknown>;
  title: string;
}
