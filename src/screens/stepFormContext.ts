import type { CallOutcome } from '../api/apiError';
import type { CallInput } from '../api/callOperation';
import type { OperationId } from '../api/operationTable';
import type { FieldOptions } from './journeyOptions';

/** A provider call as widgets make it. */
export type WidgetCaller = (operationId: OperationId, input?: CallInput) => Promise<CallOutcome<unknown>>;

/** What widgets get besides their own value: the provider, the whole form, the journey's data and events. */
export interface StepFormContext {
  call: WidgetCaller;
  formData: Record<string, unknown>;
  journeyData: Record<string, unknown>;
  send: (event: { type: string } & Record<string, unknown>) => void;
  /**
   * Each field's journey options (`from`, `lock`, `sends`, `call`, ...), by field name: kept
   * from rjsf, which would hand them to the widget as props (see journeyOptions).
   */
  fieldOptions?: FieldOptions;
  /** Opens a field locked as the ID gave it for typing (its "Editar ..." button). */
  unlock?: (field: string) => void;
}

/** A field widget's journey options, by the name rjsf gives it (WidgetProps.name). */
export function journeyOptionsOf(props: { name: string; registry: { formContext?: unknown } }): Record<string, unknown> {
  return (props.registry.formContext as StepFormContext | undefined)?.fieldOptions?.[props.name] ?? {};
}
