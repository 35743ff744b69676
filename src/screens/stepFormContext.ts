import type { CallOutcome } from '../api/apiError';
import type { CallInput } from '../api/callOperation';
import type { OperationId } from '../api/generated/operations';
import type { OperationAnswer } from '../api/operationAnswers';
import type { WidgetCall } from '../engine/inputMap';

/** A provider call as widgets make it: its answer typed by the operation's spec. */
export type WidgetCaller = <Op extends OperationId>(operationId: Op, input?: CallInput) => Promise<CallOutcome<OperationAnswer<Op>>>;

/** What widgets get besides their own value: the provider, the whole form, the journey's data and events. */
export interface StepFormContext {
  call: WidgetCaller;
  formData: Record<string, unknown>;
  journeyData: Record<string, unknown>;
  send: (event: { type: string } & Record<string, unknown>) => void;
  /**
   * Each field's journey-owned options (`call`, ...), by rjsf field name, kept out of rjsf's
   * widget props (BRIEF interface 3). Until the step screen fills it, widgets fall back to
   * their `options`.
   */
  fieldOptions?: Record<string, { call?: WidgetCall } & Record<string, unknown>>;
}
