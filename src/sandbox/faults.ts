/**
 * Fault injection (test and dev mode only): the request header `x-sandbox-fault` makes the
 * sandbox answer as a failing provider would, before the operation runs. Values:
 * `401`, `403`, `404`, `412`, `500`, `503` (the provider in maintenance), `504`, `400` (an ErrorBody as `errors[0]`; `400-nested`,
 * `400-error`, `400-status` and `400-empty` give the other shapes of spec section 8), `code` (a 200 whose body has a
 * `code` field), `malformed` (a 200 whose body is not JSON), `text` (a 418 with a plain-text body),
 * `timeout` (no answer for `x-sandbox-fault-delay` ms, default 30 s, then 504), `drop` (the
 * connection is cut before the operation runs: nothing happened) and `lost-answer` (the operation
 * runs, then the connection is cut: it happened but the caller cannot know; a phone losing signal),
 * `state-mismatch` (the operation runs and answers, but the answer's sealed state is not its
 * request's: what a forged or mixed-up answer looks like; the client wipes the session),
 * `http-page` (a 200 that sends the caller to an outside page on plain http at another host, a
 * payment provider's page misconfigured: `redirectUrl`; the app's shell refuses to leave for it).
 * `POST /__sandbox/faults {operationId, fault, times}` arms the same faults for the next calls of
 * an operation, for callers that cannot set a header (the app in a browser): in dev mode only the
 * calls of the session that armed it, in test mode every caller's (docs/security.md, "Tester
 * tools (issue 31)").
 */
export interface FaultAnswer {
  status: number;
  body: unknown;
  raw?: string;
  contentType?: string;
  delayMs?: number;
  /** The operation runs and answers, but with another state than its request's (signed calls). */
  wrongState?: boolean;
  /** Cut the connection instead of answering: before the operation runs, or after. */
  cut?: 'before' | 'after';
}

export const FAULT_HEADER = 'x-sandbox-fault';

export function faultAnswer(fault: string, delayHeader: string | undefined): FaultAnswer | undefined {
  switch (fault) {
    case '400':
      return { status: 400, body: { errors: [{ code: 'SANDBOX-400', message: 'Solicitud rechazada por el proveedor' }] } };
    case '400-nested':
      return { status: 400, body: { error: { errors: [{ message: 'El documento no coincide con el titular' }] } } };
    case '400-error':
      return { status: 400, body: { error: { message: 'La dirección no es válida' } } };
    case '400-status':
      return { status: 400, body: { status: [{ errorDetails: 'Producto no disponible en el nodo' }] } };
    case '400-empty':
      return { status: 400, body: {} };
    case '401':
      return { status: 401, body: { errors: [{ code: 'UNAUTHORIZED', message: 'No autorizado' }] } };
    case '403':
      return { status: 403, body: { errors: [{ code: 'FORBIDDEN', message: 'Forbidden' }] } };
    case '404':
      return { status: 404, body: { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] } };
    case '412':
      return { status: 412, body: { errors: [{ code: 'PRECONDITION', message: 'Precondition failed' }] } };
    case '500':
      return { status: 500, body: { errors: [{ code: 'INTERNAL', message: 'Internal error' }] } };
    case '503':
      return { status: 503, body: { errors: [{ code: 'MAINTENANCE', message: 'Servicio en mantenimiento' }] } };
    case '504':
      return { status: 504, body: { errors: [{ code: 'GATEWAY_TIMEOUT', message: 'Gateway timeout' }] } };
    case 'code':
      return { status: 200, body: { code: 'E-102', message: 'El servicio no está disponible para este cliente' } };
    case 'malformed':
      return { status: 200, body: undefined, raw: '{"leadId": ', contentType: 'application/json' };
    case 'text':
      return { status: 418, body: undefined, raw: 'El proveedor está en mantenimiento', contentType: 'text/plain; charset=utf-8' };
    case 'timeout':
      return { status: 504, body: { errors: [{ code: 'TIMEOUT', message: 'Gateway timeout' }] }, delayMs: Number(delayHeader ?? 30_000) };
    case 'drop':
      return { status: 0, body: undefined, cut: 'before' };
    case 'lost-answer':
      return { status: 0, body: undefined, cut: 'after' };
    case 'state-mismatch':
      return { status: 0, body: undefined, wrongState: true };
    case 'http-page':
      return { status: 200, body: { paymentId: 'PAY-HTTP', redirectUrl: 'http://pagos.example.com/pago/PAY-HTTP' } };
    default:
      return undefined;
  }
}
