import { interpretAnswer, MESSAGES, type ApiError, type CallOutcome } from './apiError';
import type { ApiClients, ApiConfig } from './apiClients';
import { operations, type OperationId } from './generated/operations';
import { SignedCallError } from './callSigner';
import type { OperationAnswer } from './operationAnswers';
import { createXhrFetch, type UploadProgress } from './xhrFetch';

/**
 * A call's input, flat, as a journey gives it: each key goes where the operation's spec puts it.
 * `files` go into a multipart body; `onUploadProgress` (multipart calls only) is told how much of
 * it has gone out.
 */
export type CallInput = Record<string, unknown> & {
  files?: Array<{ field: string; blob: Blob; name: string }>;
  onUploadProgress?: (progress: UploadProgress) => void;
};

const timestamp = () => String(Date.now());

/** Splits flat input into path parameters, query, headers and body, by the operation's spec. */
export function splitInput(operationId: OperationId, input: CallInput) {
  const op = operations[operationId];
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const headers: Record<string, string> = {};
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === 'files' || key === 'onUploadProgress' || value === undefined) continue;
    if ((op.pathParams as readonly string[]).includes(key)) path[key] = value;
    else if ((op.query as readonly string[]).includes(key)) query[key] = value;
    else if ((op.headers as readonly string[]).includes(key)) headers[key] = String(value);
    else body[key] = value;
  }
  // Calls whose path ends in the current time (spec section 7) get it here.
  for (const name of op.pathParams as readonly string[]) if (name === 'timestamp' && path[name] === undefined) path[name] = timestamp();
  return { path, query, headers, body };
}

function multipart(body: Record<string, unknown>, files: CallInput['files']): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  for (const file of files ?? []) form.append(file.field, file.blob, file.name);
  return form;
}

/**
 * Calls a provider operation by its operationId and says what the answer means (spec 8, 7.1):
 * `{ ok: true, data }` (data `null` for a quiet empty answer) or `{ ok: false, error }` with the
 * Spanish message. Never throws: offline, a timeout or an unreadable body are errors too.
 * `data` has the type the operation's spec gives its success (OperationAnswer).
 */
export async function callOperation<Op extends OperationId>(clients: ApiClients, config: ApiConfig, operationId: Op, input: CallInput = {}): Promise<CallOutcome<OperationAnswer<Op>>> {
  const op = operations[operationId];
  const { path, query, headers, body } = splitInput(operationId, input);
  const client = clients[op.family as keyof ApiClients] as unknown as {
    request: (method: string, url: string, init: Record<string, unknown>) => Promise<{ response: Response; data?: unknown; error?: unknown }>;
  };
  const hasBody = op.body !== null;
  const timeoutMs = config.timeoutMs ?? 30_000;
  // Where there is no XMLHttpRequest (Node: scripts, tests), an upload goes through fetch untold.
  const withProgress = hasBody && String(op.body).startsWith('multipart/') && input.onUploadProgress !== undefined && typeof XMLHttpRequest !== 'undefined';
  const init: Record<string, unknown> = {
    params: { path, query },
    headers,
    parseAs: 'text',
    // An upload with progress is timed by its silence instead (see createXhrFetch): a photo on a
    // slow network may take longer than the whole-call timeout and still be moving.
    ...(withProgress ? { fetch: createXhrFetch({ onUploadProgress: input.onUploadProgress, idleTimeoutMs: timeoutMs }) } : { signal: AbortSignal.timeout(timeoutMs) }),
  };
  if (hasBody) {
    if (String(op.body).startsWith('multipart/')) {
      init.body = multipart(body, input.files);
      init.bodySerializer = (form: FormData) => form;
    } else init.body = body;
  }
  const network = (status: number, message: string): CallOutcome<OperationAnswer<Op>> => ({ ok: false, error: { kind: 'network', status, message, operationId } satisfies ApiError });
  let response: Response;
  let raw: unknown;
  try {
    const answer = await client.request(op.method, op.path, init);
    response = answer.response;
    // openapi-fetch gives a success's body as text (parseAs) but parses an error's JSON itself.
    raw = answer.data ?? answer.error;
  } catch (error) {
    // An answer that is not this session's (the shell has been told, and wipes it), one that
    // should have come sealed and did not open, or one lost on the way (status 0: no answer).
    if (error instanceof SignedCallError) {
      return error.kind === 'integrity'
        ? { ok: false, error: { kind: 'integrity', status: error.status, message: MESSAGES.unauthorized, operationId } }
        : network(error.status, MESSAGES.generic);
    }
    // A timeout is a 504 to the journey (the order-timeout branch); no answer at all is a 0.
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return timedOut ? network(504, MESSAGES.server) : network(0, MESSAGES.generic);
  }
  let parsed: Record<string, unknown> | string | undefined;
  if (raw !== null && typeof raw === 'object') parsed = raw as Record<string, unknown>;
  else if (typeof raw !== 'string' || raw.trim() === '') parsed = undefined;
  else if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      parsed = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return network(response.status, MESSAGES.generic);
    }
  } else parsed = raw;
  // The one place the wire meets the spec's types: a success's body is what the spec says it is
  // (the sandbox's contract tests check that it is).
  return interpretAnswer<OperationAnswer<Op>>(operationId, response.status, parsed);
}
