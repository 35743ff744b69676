import { interpretAnswer, MESSAGES, type ApiError, type CallOutcome } from './apiError';
import type { ApiClients, ApiConfig } from './apiClients';
import type { OperationEntry, OperationTable } from './operationTable';
import type { Answer, CallExtras, InputArgument } from './operationTypes';
import { SignedCallError } from './callSigner';
import { createXhrFetch } from './xhrFetch';

export type { CallInput } from './operationTypes';

const timestamp = () => String(Date.now());

/** Splits flat input into path parameters, query, headers and body, by the operation's spec. */
export function splitInput(op: OperationEntry, input: object) {
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

function multipart(body: Record<string, unknown>, files: CallExtras['files']): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  for (const file of files ?? []) form.append(file.field, file.blob, file.name);
  return form;
}

/**
 * Calls a provider operation by its operationId and says what the answer means (spec 8, 7.1):
 * `{ ok: true, data }` (data `null` for a quiet empty answer) or `{ ok: false, error }` with the
 * Spanish message. Never throws for the call's sake: offline, a timeout or an unreadable body are
 * errors too (only an operation the country does not have throws, which journeys:check prevents).
 * Typed by the clients' table: with a country's generated table the input and the answer are the
 * operation's (src/api/operationTypes.ts); with any country's, any flat input and `unknown`.
 *
 * @example
 * const outcome = await callOperation(clients, config, 'municipalities', { department: '01' });
 * if (outcome.ok) outcome.data?.municipalities; // Place[] from the country's spec
 */
export async function callOperation<T extends OperationTable, K extends keyof T & string>(
  clients: ApiClients<T>,
  config: ApiConfig,
  operationId: K,
  ...[given]: InputArgument<T, K>
): Promise<CallOutcome<Answer<T, K>>> {
  const op: OperationEntry | undefined = clients.operations[operationId];
  // A journey or step naming a call its country does not have: journeys:check says where.
  if (!op) throw new Error(`"${operationId}" is not an operation of this country's provider API`);
  const answered: { raw?: unknown } = {};
  const outcome = await send(clients, config, operationId, op, answered, given ?? {});
  if (!outcome.ok) config.onCallFailed?.({ error: outcome.error, endpoint: `${op.method.toUpperCase()} ${op.path}`, raw: answered.raw });
  return outcome;
}

/** The call itself; what the provider answered is left in `answered.raw` for error tracking. */
async function send<T extends OperationTable, K extends keyof T & string>(
  clients: ApiClients<T>,
  config: ApiConfig,
  operationId: K,
  op: OperationEntry,
  answered: { raw?: unknown },
  input: object & CallExtras,
): Promise<CallOutcome<Answer<T, K>>> {
  const client = clients.families[op.family];
  if (!client) throw new Error(`"${operationId}" names API family "${op.family}", which has no client`);
  const { files, onUploadProgress } = input;
  const { path, query, headers, body } = splitInput(op, input);
  const hasBody = op.body !== null;
  const isMultipart = hasBody && String(op.body).startsWith('multipart/');
  const timeoutMs = config.timeoutMs ?? 30_000;
  // Where there is no XMLHttpRequest (Node: scripts, tests), an upload goes through fetch untold.
  const withProgress = isMultipart && onUploadProgress !== undefined && typeof XMLHttpRequest !== 'undefined';
  const network = (status: number, message: string): CallOutcome<Answer<T, K>> => ({ ok: false, error: { kind: 'network', status, message, operationId } satisfies ApiError });
  let response: Response;
  let raw: unknown;
  try {
    // The one dynamic dispatch: the table says which family, method and path; openapi-fetch
    // builds the URL from the path parameters and query, sends the headers and the body.
    const answer = await client.request(op.method, op.path, {
      params: { path, query },
      headers,
      parseAs: 'text',
      // An upload with progress is timed by its silence instead (see createXhrFetch): a photo on a
      // slow network may take longer than the whole-call timeout and still be moving.
      ...(withProgress ? { fetch: createXhrFetch({ onUploadProgress, idleTimeoutMs: timeoutMs }) } : { signal: AbortSignal.timeout(timeoutMs) }),
      // openapi-fetch sends a FormData as it is (the browser sets its boundary), anything else as JSON.
      ...(hasBody ? { body: isMultipart ? multipart(body, files) : body } : {}),
    });
    response = answer.response;
    // openapi-fetch gives a success's body as text (parseAs) but parses an error's JSON itself.
    raw = answer.data ?? answer.error;
    answered.raw = raw;
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
  // The answer is the operation's as its spec says (the provider's contract, which the sandbox's
  // contract tests hold it to): the one place where a parsed body takes its operation's type.
  return interpretAnswer<Answer<T, K>>(operationId, response.status, parsed, op.notFound);
}
