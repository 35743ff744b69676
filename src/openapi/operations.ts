import { loadSpecFiles, resolveRefs, type Json } from './specFiles';

/**
 * What a country's spec says about its part in signing calls (`x-signing` on an operation):
 * `publishes-keys` is the call that publishes the provider's keys (never signed, asked before
 * sign-in), `sign-in` the call that agrees the session's call keys (the agent's, with a PIN).
 * A country whose spec marks neither has unsigned calls. `public`, on any number of calls, is a
 * call anyone may make: no session (no `security`), never signed, its answer never sealed and
 * holding no personal data (journeys:check refuses a public call whose success answers name a
 * property of src/openapi/personalData.ts): what a customer-facing country calls before any
 * session.
 */
export type SigningRole = 'publishes-keys' | 'sign-in' | 'public';

/**
 * What a 404 of an operation means (`x-not-found`, spec 7.1): `quiet`, an empty result the
 * journey goes on with (no data); `{ message }`, an error with the country's own words for it.
 * Without the mark a 404 is an error with section 8's "No hay resultados".
 */
export type NotFound = 'quiet' | { message: string };

/**
 * The operation's part in the session (`x-session`): `sign-out` is the call that ends it at the
 * provider, which the shell makes itself when an answer is not the session's; `keep-alive` the
 * call the shell makes while the agent works without calls, so that the provider's idle expiry
 * follows the agent, not the calls. `open`, on any number of calls, opens a customer's session
 * (no PIN: the lead the call creates or resumes owns it): no `security`, signed with call keys
 * agreed from its `x-client-key` as the sign-in is.
 */
export type SessionRole = 'sign-out' | 'keep-alive' | 'open';

/**
 * Whose session a private call serves (`x-owner`): `agent` (a seller signed in with a PIN),
 * `customer` (a lead's session, opened by an `x-session: open` call) or `any`. Without the mark
 * a private call serves the only owner its country's sessions can have (agents where the spec
 * has a sign-in, customers where it has only `x-session: open` calls), and agents only in a
 * country with both: an agent's report or seller must not be a customer's by omission
 * (docs/security.md, "Sessions and their owners"; the sandbox decides: provider/provider.ts).
 */
export type OwnerRole = 'agent' | 'customer' | 'any';

/** One provider call as its OpenAPI spec describes it, with every `$ref` resolved. */
export interface Operation {
  operationId: string;
  family: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path below the server URL, `/sv/leadInfo/{msisdn}/{id}`. */
  path: string;
  parameters: Array<{ name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: Json }>;
  /**
   * The request body's media type and schema, when it has one; for an upload, the types its
   * `file` part may be (`encoding.file.contentType`: `image/jpeg, image/png, application/pdf`).
   */
  body: { mediaType: string; schema: Json; required: boolean; fileTypes?: string[] } | undefined;
  /** Private calls need the session cookie. */
  private: boolean;
  /** Its part in signing calls, when it has one (`x-signing`). */
  signing: SigningRole | undefined;
  /** What its 404 means, when not an error with the usual message (`x-not-found`). */
  notFound: NotFound | undefined;
  /** Its part in the session, when it has one (`x-session`). */
  session: SessionRole | undefined;
  /** Whose session it serves when private (`x-owner`), when marked: see OwnerRole for the default. */
  owner: OwnerRole | undefined;
  responses: Record<string, { schema: Json | undefined }>;
}

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export const SIGNING_ROLES: readonly string[] = ['publishes-keys', 'sign-in', 'public'] satisfies SigningRole[];
export const SESSION_ROLES: readonly string[] = ['sign-out', 'keep-alive', 'open'] satisfies SessionRole[];
export const OWNER_ROLES: readonly string[] = ['agent', 'customer', 'any'] satisfies OwnerRole[];
/** The roles any number of calls may have; every other role is one call's at most. */
export const SHARED_ROLES: readonly string[] = ['public', 'open'] satisfies Array<SigningRole | SessionRole>;

/** An `x-not-found` as written, when it is one (`quiet`, or `{message: <text>}`). */
export function notFoundOf(value: unknown): NotFound | undefined {
  if (value === 'quiet') return 'quiet';
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const { message, ...rest } = value as Json;
    if (typeof message === 'string' && message.trim() !== '' && Object.keys(rest).length === 0) return { message };
  }
  return undefined;
}

/** A role mark (`x-signing`, `x-session`) as written, when it is one of `roles`. */
const roleOf = <T extends string>(value: unknown, roles: readonly string[]): T | undefined => (typeof value === 'string' && roles.includes(value) ? (value as T) : undefined);

/** Each response's schema: its JSON content's, else its first content's. */
function responsesOf(op: Json): Operation['responses'] {
  return Object.fromEntries(
    Object.entries((op.responses as Record<string, Json> | undefined) ?? {}).map(([status, response]) => {
      const media = (response.content ?? {}) as Record<string, { schema?: Json }>;
      return [status, { schema: media['application/json']?.schema ?? Object.values(media)[0]?.schema }];
    }),
  );
}

/** An upload's `encoding.file.contentType` (a comma-separated list) as its types, lower case; none when not written. */
function fileTypesOf(contentType: unknown): string[] | undefined {
  if (typeof contentType !== 'string') return undefined;
  const types = contentType.split(',').map((type) => type.trim().toLowerCase()).filter((type) => type !== '');
  return types.length > 0 ? types : undefined;
}

/** One operation of a resolved path item: `doc` is its spec file, for the security it inherits. */
function operationOf(file: string, doc: Json, path: string, pathItem: Json, method: Operation['method'], op: Json): Operation {
  const parameters = [...((pathItem.parameters as Operation['parameters']) ?? []), ...((op.parameters as Operation['parameters']) ?? [])];
  const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, { schema?: Json; encoding?: Record<string, { contentType?: unknown }> }>;
  const mediaType = Object.keys(content)[0];
  const fileTypes = fileTypesOf(mediaType ? content[mediaType]?.encoding?.file?.contentType : undefined);
  const security = (op.security ?? doc.security) as unknown[] | undefined;
  return {
    operationId: String(op.operationId),
    family: file.replace(/\.yaml$/, ''),
    method,
    path,
    parameters,
    body: mediaType ? { mediaType, schema: content[mediaType]?.schema ?? {}, required: (op.requestBody as Json).required === true, ...(fileTypes ? { fileTypes } : {}) } : undefined,
    private: Array.isArray(security) && security.length > 0,
    signing: roleOf<SigningRole>(op['x-signing'], SIGNING_ROLES),
    notFound: notFoundOf(op['x-not-found']),
    session: roleOf<SessionRole>(op['x-session'], SESSION_ROLES),
    owner: roleOf<OwnerRole>(op['x-owner'], OWNER_ROLES),
    responses: responsesOf(op),
  };
}

/** Every operation of one folder's spec files, resolved (no check: see loadCountryOperations); `lenient`: of the files that parse. */
export function loadOperations(dir: string, { lenient = false } = {}): Operation[] {
  const files = loadSpecFiles(dir, { lenient });
  const operations: Operation[] = [];
  for (const [file, doc] of files) {
    for (const [path, item] of Object.entries((doc.paths as Json | undefined) ?? {})) {
      const pathItem = resolveRefs(item, file, files) as Json;
      for (const method of METHODS) {
        const op = pathItem[method] as Json | undefined;
        if (op) operations.push(operationOf(file, doc, path, pathItem, method, op));
      }
    }
  }
  return operations;
}
