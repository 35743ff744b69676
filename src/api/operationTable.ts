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
   * sign-in); `sign-in`: the call that agrees the session's call keys (`x-signing` in the spec).
   * A country whose table has neither has unsigned calls.
   */
  signing: 'publishes-keys' | 'sign-in' | null;
}

/** Every operation of a country, by operationId. */
export type OperationTable = Readonly<Record<string, OperationEntry>>;

/** An operation's name: in country-neutral code any string, checked against the table at the call. */
export type OperationId = string;

/** The operation of a table with a part in signing, if any. */
export function operationWithRole<T extends OperationTable>(table: T, role: NonNullable<OperationEntry['signing']>): [keyof T & string, OperationEntry] | undefined {
  return (Object.entries(table) as Array<[keyof T & string, OperationEntry]>).find(([, op]) => op.signing === role);
}
