import type { FastifyRequest } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { badRequest, invalid, type UploadedFile } from '../handler';
import { HIDDEN_CHARACTER_MESSAGE, hiddenCharacterAt } from '../hiddenCharacters';
import { readUpload } from '../requestBodies';
import { closedShape, refusals, REQUEST_LIMITS } from '../requestLimits';
import type { Operation } from '../../openapi/operations';
import type { Refused } from './context';
import { takesUpload } from './limits';

/** Validators of one operation's input, compiled once at start. */
export interface OperationValidators {
  params?: ValidateFunction;
  query?: ValidateFunction;
  body?: ValidateFunction;
}

/** A call's input once valid: what its handler gets. */
export interface ValidInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  files: UploadedFile[];
}

function objectSchema(parameters: Operation['parameters'], where: 'path' | 'query' | 'header') {
  const own = parameters.filter((p) => p.in === where);
  if (own.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(own.map((p) => [where === 'header' ? p.name.toLowerCase() : p.name, p.schema ?? {}])),
    required: own.filter((p) => p.required).map((p) => (where === 'header' ? p.name.toLowerCase() : p.name)),
  };
}

/**
 * The process's compilers and what they compiled, by the schemas' text: a sandbox started again
 * in the same process (the tests' sandboxes, a replay's fresh one for each path) reuses an
 * operation's validators, where compiling them took a sixth of a path's replay. A validator is
 * shared safely: each request reads its `errors` right after calling it, with no await between.
 */
let compilers: { coercing: Ajv2020; exact: Ajv2020; compiled: Map<string, OperationValidators> } | undefined;

/** What compiles each operation's validators, once in the process: a JSON body's against its closed shape (requestLimits.ts). */
export function validatorCompiler(): (operation: Operation) => OperationValidators {
  compilers ??= {
    // Path and query values arrive as text: their validator coerces them to the spec's types.
    coercing: addFormats(new Ajv2020({ strict: false, coerceTypes: true, allErrors: false })),
    exact: addFormats(new Ajv2020({ strict: false, allErrors: false })),
    compiled: new Map(),
  };
  const { coercing, exact, compiled } = compilers;
  return (operation) => {
    const params = objectSchema(operation.parameters, 'path');
    const query = objectSchema(operation.parameters, 'query');
    const json = operation.body && operation.body.mediaType.includes('json') ? operation.body.schema : undefined;
    const key = JSON.stringify([params, query, json]);
    const known = compiled.get(key);
    if (known) return known;
    const validators = {
      params: params && coercing.compile(params),
      query: query && coercing.compile(query),
      body: json && exact.compile(closedShape(json) as object),
    };
    compiled.set(key, validators);
    return validators;
  };
}

/** A request refused by the spec: the 400 of section 8, naming the field, never its value. */
function refusedBySpec(where: string, validate: ValidateFunction): Refused {
  const error = validate.errors?.[0];
  // The field itself when it is missing or one the shape does not have, not its object.
  const { missingProperty, additionalProperty, unevaluatedProperty } = (error?.params ?? {}) as Record<string, string | undefined>;
  const named = missingProperty ?? additionalProperty ?? unevaluatedProperty;
  return { refused: invalid(`${where}${error?.instancePath ?? ''}${named === undefined ? '' : `/${named}`}`) };
}

/** An upload's fields and files, or a 400 for a body that is not one (a 413 for a file over the limit). */
async function uploaded(contentType: string | undefined, raw: Buffer): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] } | Refused> {
  const upload = String(contentType).startsWith('multipart/form-data') ? await readUpload(raw, String(contentType)) : undefined;
  if (upload === 'tooLarge') return { refused: refusals.tooLarge(REQUEST_LIMITS.fileBytes) };
  return upload ?? { refused: invalid() };
}

/**
 * The validation step: no field takes control or invisible characters, whatever its own rules
 * (hiddenCharacters.ts); the path, the query and a JSON body as the spec writes them; an
 * upload's body read.
 */
export async function validInput(
  operation: Operation,
  validators: OperationValidators,
  request: FastifyRequest,
  url: Pick<ValidInput, 'params' | 'query'>,
  raw: { contentType: string | undefined; body: Buffer },
): Promise<ValidInput | Refused> {
  const { params, query } = url;
  const upload = takesUpload(operation);
  const hidden = hiddenCharacterAt({ path: params, query, ...(upload ? {} : { body: request.body }) });
  if (hidden) return { refused: badRequest(HIDDEN_CHARACTER_MESSAGE, 'VALIDATION', 400, hidden.slice(1)) };
  if (validators.params && !validators.params(params)) return refusedBySpec('path', validators.params);
  if (validators.query && !validators.query(query)) return refusedBySpec('query', validators.query);
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (upload) {
    const read = await uploaded(raw.contentType, raw.body);
    return 'refused' in read ? read : { params, query, body: read.fields, files: read.files };
  }
  if (validators.body && !validators.body(body)) return refusedBySpec('body', validators.body);
  return { params, query, body, files: [] };
}
