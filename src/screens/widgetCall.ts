import { MESSAGES, type CallOutcome } from '../api/apiError';
import type { CallInput } from '../api/callOperation';
import type { OperationId } from '../api/operationTable';
import { fitsShape, shapeMismatch, type AnswerShape } from '../pack/answerShape';
import { evaluateInputMap, type WidgetCall } from '../runtime/inputMap';
import type { StepFormContext, WidgetCaller } from './stepFormContext';

const isCall = (value: unknown): value is WidgetCall =>
  value !== null && typeof value === 'object' && typeof (value as WidgetCall).operation === 'string';

/**
 * The call a widget declares in its step file (`ui:options.call`): for a field, from the form
 * context's journey-owned options (by rjsf field name), else from its options; for a whole-form
 * widget, from its options.
 */
export function declaredCall(context: Pick<StepFormContext, 'fieldOptions'>, name: string | undefined, options: Record<string, unknown>): WidgetCall | undefined {
  const fromContext = name === undefined ? undefined : context.fieldOptions?.[name]?.call;
  if (isCall(fromContext)) return fromContext;
  return isCall(options.call) ? options.call : undefined;
}

/** The operation a step file names, as the api layer knows it (journeys:check has checked it exists). */
export const operationOf = (call: WidgetCall) => call.operation as OperationId;

/**
 * Makes a widget's declared call and reads the answer as the widget's shape
 * (src/pack/widgetAnswers.ts), which journeys:check holds the operation's spec to. An answer
 * that does not fit is the provider breaking its spec: the agent is shown the generic message,
 * and the console says which call and where its answer leaves the shape (never its values).
 *
 * @example
 * const outcome = await callForAnswer(context.call, declared, request, providerSelectAnswer); // CallOutcome<ProviderSelectAnswer>
 */
export async function callForAnswer<A>(call: WidgetCaller, declared: WidgetCall, input: CallInput, shape: AnswerShape<A>): Promise<CallOutcome<A>> {
  const operationId = operationOf(declared);
  const outcome = await call(operationId, input);
  if (!outcome.ok) return outcome;
  const { data } = outcome;
  if (data === null) return { ok: true, data: null };
  if (fitsShape(shape, data)) return { ok: true, data };
  console.error(`${operationId} answered what ${shape.reader} cannot read (${shapeMismatch(shape.schema, data) ?? ''}): the provider does not keep to its spec`);
  return { ok: false, error: { kind: 'contract', status: 200, message: MESSAGES.generic, operationId } };
}

/**
 * A widget call's request: its input map read over the journey's data (`/context/...`) and the
 * step's form (`/form/<field>`). `ready` is false while a value it reads is still missing (a
 * city asked before its department is chosen).
 */
export function widgetRequest(call: WidgetCall, data: Pick<StepFormContext, 'journeyData' | 'formData'>): { request: CallInput; ready: boolean; cannot: string[] } {
  const request = evaluateInputMap(call.input ?? {}, { context: data.journeyData, form: data.formData });
  const missing = Object.keys(call.input ?? {}).filter((key) => request[key] === undefined || request[key] === '');
  // A value read from the form comes as the agent fills it in; one read from the journey's data
  // will not come on this screen: the call cannot be made, and the widget says so.
  const cannot = missing.filter((key) => !JSON.stringify(call.input?.[key]).includes('"/form/'));
  return { request, ready: missing.length === 0, cannot };
}

/**
 * What a widget says when its call cannot be made (a value of the sale it reads is missing), and
 * what the console says for a tester: the operation and the input's keys, never a value.
 */
export function cannotCall(call: WidgetCall, keys: string[]): string {
  console.error(`${call.operation} cannot be called: the journey's data has no value for ${keys.map((k) => `"${k}"`).join(', ')} (the step file's call input)`);
  return CANNOT_CALL;
}

/** The agent's words for a call that cannot be made. */
export const CANNOT_CALL = 'No se pudieron consultar las opciones: faltan datos de la venta. Vuelve al paso anterior e inténtalo de nuevo.';
