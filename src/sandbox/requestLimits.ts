import type { Socket } from 'node:net';
import type { FastifyError } from 'fastify';
import { badRequest, invalid, VALIDATION_MESSAGE, type HandlerAnswer } from './handler';

/**
 * What one request may carry (docs/security.md, "Request limits"). Each is refused before the
 * work it would cost: the size by its Content-Length before the body is read, the depth in one
 * pass over the bytes before JSON is parsed.
 */
export const REQUEST_LIMITS = {
  /** A JSON call's body: the largest the app sends, an order, is a few KB. */
  jsonBytes: 64 * 1024,
  /** One image at the largest of the spec's limits (section 9: 2 MB for ID photos). */
  fileBytes: 2 * 1024 * 1024,
  /** An upload's body: that image, its region field and the multipart framing. */
  uploadBytes: 2 * 1024 * 1024 + 16 * 1024,
  /** JSON nesting: the deepest body the specs describe (an order's address node) is 3 levels. */
  jsonDepth: 32,
  /** A path value as it travels, sealed (base64url of 28 bytes more than the value): values up to about 700 bytes. */
  pathValueChars: 1024,
} as const;

/** A refusal in the spec's error shape (section 8: `errors[0].message`), Spanish as the app shows it. */
type Refusal = HandlerAnswer & { status: number };

const refusal = (status: number, code: string, message: string): Refusal => ({ ...badRequest(message, code, status), status });

/** Section 8's words for a 5xx: what went wrong inside stays inside. */
const INTERNAL = refusal(500, 'INTERNAL', 'Error de servidor interno');

export const refusals = {
  tooLarge: (limit: number) => refusal(413, 'BODY_TOO_LARGE', `La solicitud es demasiado grande: el máximo es ${Math.round(limit / 1024)} KB`),
  tooDeep: () => refusal(400, 'BODY_TOO_DEEP', `${VALIDATION_MESSAGE}: los datos tienen más de ${REQUEST_LIMITS.jsonDepth} niveles`),
  mediaType: (expected: string) => refusal(415, 'UNSUPPORTED_MEDIA_TYPE', `Tipo de contenido no admitido: se espera ${expected}`),
  urlTooLong: () => refusal(414, 'URI_TOO_LONG', 'La dirección de la solicitud es demasiado larga'),
  headersTooLarge: () => refusal(431, 'HEADERS_TOO_LARGE', 'Los encabezados de la solicitud son demasiado grandes'),
  timeout: () => refusal(408, 'TIMEOUT', 'La solicitud tardó demasiado en llegar'),
  malformed: () => ({ ...invalid(), status: 400 }),
  internal: () => INTERNAL,
};

/** A body nested deeper than `max` levels: refused in one pass over its bytes, before any parser recurses. */
export function nestedDeeperThan(body: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === 0x5c) i++; // an escaped character, a quote among them
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > max) return true;
    } else if (byte === 0x7d || byte === 0x5d) depth--;
  }
  return false;
}

/** The framework's own refusals (too large, bad JSON, wrong type, a bad URL) in the spec's shape; anything else is a 500 that says nothing of its cause. */
export function frameworkRefusal(error: FastifyError & { refusal?: Refusal }, limit: number): Refusal {
  if (error.refusal) return error.refusal;
  const status = error.statusCode ?? 500;
  if (status === 413) return refusals.tooLarge(limit);
  if (status === 415) return refusals.mediaType('application/json');
  if (status === 414) return refusals.urlTooLong();
  if (status >= 400 && status < 500) return { ...refusals.malformed(), status };
  return INTERNAL;
}

/** A refusal carried as an error through Fastify's parsers to the error handler. */
export function refusalError(answer: Refusal): Error & { refusal: Refusal; statusCode: number } {
  return Object.assign(new Error('refused'), { refusal: answer, statusCode: answer.status });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers over 16 KB, a request
 * that never finishes, bytes that are not HTTP), answered in the spec's shape rather than the
 * framework's, then the connection closed.
 */
export function refuseClient(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = error.code === 'HPE_HEADER_OVERFLOW' ? refusals.headersTooLarge() : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? refusals.timeout() : refusals.malformed();
  const body = JSON.stringify(answer.body);
  const reason = ({ 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' } as Record<number, string>)[answer.status];
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${answer.status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * A request body's schema with its objects closed: a provider refuses fields it does not know
 * (and a body padded with thousands of them costs it work), so an object that lists its
 * properties takes no others unless its spec says so (`additionalProperties` or
 * `unevaluatedProperties` written). The generated client types are closed the same way. An
 * object made of `allOf`/`oneOf`/`anyOf` parts is closed with `unevaluatedProperties`, which
 * sees its parts' properties.
 */
export function closedShape(schema: unknown): unknown {
  const copy = structuredClone(schema);
  // A part of an `allOf`/`oneOf`/`anyOf` is not closed itself (it would refuse its siblings'
  // properties): its whole is.
  const pending: Array<{ node: unknown; part: boolean }> = [{ node: copy, part: false }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { node, part } = next;
    if (!node || typeof node !== 'object' || Array.isArray(node)) continue;
    const object = node as Record<string, unknown>;
    const parts = ['allOf', 'oneOf', 'anyOf'].flatMap((key) => (Array.isArray(object[key]) ? (object[key] as unknown[]) : []));
    const open = object.additionalProperties === undefined && object.unevaluatedProperties === undefined;
    const listed = Boolean(object.properties && typeof object.properties === 'object') || parts.length > 0;
    if (open && listed && !part) object[parts.length > 0 ? 'unevaluatedProperties' : 'additionalProperties'] = false;
    for (const each of parts) pending.push({ node: each, part: true });
    for (const child of Object.values((object.properties ?? {}) as Record<string, unknown>)) pending.push({ node: child, part: false });
    for (const key of ['items', 'then', 'else']) if (object[key]) pending.push({ node: object[key], part: key !== 'items' });
  }
  return copy;
}
