import type { CallOutcome } from '../api/apiError';
import type { CallInput } from '../api/callOperation';
import type { OperationId } from '../api/operationTable';

/** What widgets get besides their own value: the provider, the whole form, the journey's data and events. */
export interface StepFormContext {
  call: (operationId: OperationId, input?: CallInput) => Promise<CallOutcome<unknown>>;
  formData: Record<string, unknown>;
  journeyData: Record<string, unknown>;
  send: (event: { type: string } & Record<string, unknown>) => void;
}
