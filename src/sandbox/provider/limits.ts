import type { FastifyRequest } from 'fastify';
import type { HandlerAnswer } from '../handler';
import { refusals, REQUEST_LIMITS } from '../requestLimits';
import type { Operation } from '../../openapi/operations';

/** Whether an operation takes an upload (a multipart body) rather than JSON. */
export const takesUpload = (operation: Operation): boolean => operation.body?.mediaType.startsWith('multipart/') === true;

/** The largest body an operation's route reads: an upload's, else a JSON call's. */
export const bodyLimitOf = (operation: Operation): number => (takesUpload(operation) ? REQUEST_LIMITS.uploadBytes : REQUEST_LIMITS.jsonBytes);

/**
 * The limits step, before a byte of the body is read: a body of another type than its
 * operation's is refused (415). Its size is the route's body limit's to refuse (413).
 */
export function refusedMediaType(request: FastifyRequest, mediaType: string | undefined): HandlerAnswer | undefined {
  const sent = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  return mediaType && hasBody && sent !== mediaType ? refusals.mediaType(mediaType) : undefined;
}
