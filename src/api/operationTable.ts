/**
 * The shape of a country's table of provider operations (`src/api/generated/<cc>/operations.ts`,
 * generated from `openapi/<cc>/` by `npm run api:types`). The api layer is given the table of the
 * build's country and names no country or operation itself.
 */

/** One operation: its API family, method, path, where each input goes and its part in signing. */
export interface OperationEntry {
  family: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path below `/v1/<provider>`, as the spec writes it (`/<cc>/leads/{id}`). */
  path: string;
  /** Needs the session cookie. */
  private: boolean;
  pathParams: readonly string[];
  query: readonly string[];
  headers: readonly string[];
  /** The request body's media type, or null when it has none. */
  body: string | null;
  /**
   * `publishes-keys`: the call that publishes the provider's keys (never signed, asked before
   * sign-in); `sign-in`: the call that agrees the agent's session's call keys; `public` (any
   * number of calls): a call made without a session, never signed, its answer not sealed
   * (`x-signing` in the spec). A country whose table has no key-publishing call has unsigned calls.
   */
  signing: 'publishes-keys' | 'sign-in' | 'public' | null;
  /**
   * What a 404 means (`x-not-found`, spec 7.1): `quiet`, an empty result (no data) the journey
   * goes on with; `{ message }`, an error in the country's own words; absent, an error with
   * section 8's "No hay resultados". (Written only where marked: the table is in the first screen.)
   */
  notFound?: 'quiet' | { readonly message: string };
  /**
   * `sign-out`: the call that ends the session at the provider; `keep-alive`: the call the shell
   * makes while the user works without calls; `open` (any number of calls): a call that opens a
   * customer's session, signed with keys it agrees as the sign-in does (`x-session`), where marked.
   */
  session?: 'sign-out' | 'keep-alive' | 'open';
}

/** Every operation of a country, by operationId. */
export type OperationTable = Readonly<Record<string, OperationEntry>>;

/** An operation's name: in country-neutral code any string, checked against the table at the call. */
export type OperationId = string;

/** A part an operation may play that shared code looks for: in signing, or in the session. */
export type OperationRole = NonNullable<OperationEntry['signing']> | NonNullable<OperationEntry['session']>;

/**
 * The operation of a table that plays a role the spec marks (`x-signing`, `x-session`), if
 * any: shared code finds the key-publishing, sign-in and sign-out calls this way, never by name.
 */
export function operationWithRole<T extends OperationTable>(table: T, role: OperationRole): [keyof T & string, OperationEntry] | undefined {
  return (Object.entries(table) as Array<[keyof T & string, OperationEntry]>).find(([, op]) => op.signing === role || op.session === role);
}

/** Every operation of a table that plays a role any number of calls may play (`public`, `open`). */
export function operationsWithRole<T extends OperationTable>(table: T, role: OperationRole): Array<[keyof T & string, OperationEntry]> {
  return (Object.entries(table) as Array<[keyof T & string, OperationEntry]>).filter(([, op]) => op.signing === role || op.session === role);
}

/** A call as the signer tells calls apart: its method (upper case) and its path as the spec writes it (`POST /cc/leads`). */
export const callKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;
