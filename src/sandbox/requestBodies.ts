import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UploadedFile } from './handler';
import { nestedDeeperThan, refusalError, refusals, REQUEST_LIMITS } from './requestLimits';

/** A request's body as its bytes, as they arrived (empty when it had none). */
export type RawBodies = (request: FastifyRequest) => Buffer;

/**
 * The body parsers of a server whose bodies are kept as their bytes, which a call's signature
 * covers: JSON is parsed from them by Fastify's own parser (with its prototype-poisoning guard)
 * once its depth is known to be sane, multipart in the handler (`readUpload`). No other type is
 * read at all (415). Set on the root, so that every route, the tester's tools too, reads so.
 */
export function keepRawBodies(app: FastifyInstance): RawBodies {
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    rawBodies.set(request, body as Buffer);
    if ((body as Buffer).length === 0) return done(null, {});
    if (nestedDeeperThan(body as Buffer, REQUEST_LIMITS.jsonDepth)) return done(refusalError(refusals.tooDeep()), undefined);
    parseJson(request, (body as Buffer).toString('utf8'), done);
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    rawBodies.set(request, body as Buffer);
    done(null, {});
  });
  return (request) => rawBodies.get(request) ?? Buffer.alloc(0);
}

/** Limits of a multipart upload: one image (an ID photo or a document) at the spec's limit. */
const UPLOAD_LIMITS = { fileSize: REQUEST_LIMITS.fileBytes, files: 1 };

/**
 * A multipart body's fields and files, read from its bytes (kept whole: the signature covers
 * them) by the platform's own parser; `tooLarge` for a file over the limit (a PDF, which the app
 * sends as it is, can be), undefined for a body that is not one.
 */
export async function readUpload(raw: Buffer, contentType: string): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] } | 'tooLarge' | undefined> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  } catch {
    return undefined;
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for (const [name, value] of form as unknown as Iterable<[string, FormDataEntryValue]>) {
    if (typeof value === 'string') fields[name] = value;
    else files.push({ field: name, fileName: value.name, mimeType: value.type, data: Buffer.from(await value.arrayBuffer()) });
  }
  if (files.length > UPLOAD_LIMITS.files) return undefined;
  if (files.some((file) => file.data.length > UPLOAD_LIMITS.fileSize)) return 'tooLarge';
  return { fields, files };
}
