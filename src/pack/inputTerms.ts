import type { JsonValue } from './journeyTypes';

/**
 * The input vocabulary: how a journey (an invoke's `input`) or a step file (a widget's
 * `ui:options.call.input`) says what goes into a provider's request, key by key. Each term is
 * documented for product owners in docs/journeys.md ("Call inputs") and described in
 * schemas/journey.schema.json (`$defs/inputValue`). There is no code per operation: what a
 * request needs beyond the journey's data is said with these terms.
 */
export type InputValue =
  /** A JSON Pointer: `/context/...`, `/event/...`, or in a widget's call `/form/<field>`. */
  | string
  /** A constant. */
  | { value: JsonValue }
  /** A value the api layer keeps for the session, never in the journey's data: `sealedPin`. */
  | { session: SessionName }
  /** The time the request is made: `iso` (ISO 8601 text, UTC). */
  | { now: 'iso' }
  /** An object built key by key; `when` (a pointer): only when that value is there. */
  | { object: InputMap; when?: string }
  /** A list, its missing and empty entries left out. */
  | { list: InputValue[] }
  /** One object per entry of an object: its key under `keyAs`, its value under `valueAs`, plus `with`. */
  | { entries: string; keyAs?: string; valueAs?: string; with?: InputMap }
  /** The sum of one number (`of`, a pointer inside each entry) over the entries, to the cent. */
  | { sum: string; of: string }
  /**
   * The first entry's value at `of` (a pointer inside it); with `where`, the first entry whose
   * values at those keys equal these (a row the agent chose by its id: `{"id": "/event/id"}`).
   */
  | { first: string; of: string; where?: InputMap }
  /** The first of these values that is there (not missing, not null). */
  | { either: InputValue[] }
  /** Objects merged into one, later ones winning. */
  | { merge: InputValue[] }
  /** A number from a value that may be text (`"12"` is 12). */
  | { number: string }
  /** Text made of several values, `separator` between them; missing when one of them is. */
  | { join: InputValue[]; separator?: string }
  /** An Idempotency-Key: the text at the pointer (the sale's id), or one made from the request. */
  | { idempotencyKey: string };

/** A request (or a nested object of one), key by key. */
export type InputMap = Record<string, InputValue>;

/** A call a step's widget makes (`ui:options.call` in the step file): an operation and its input. */
export interface WidgetCall {
  operation: string;
  input?: InputMap;
}

/** The values the api layer keeps for the session. */
export const SESSION_VALUES = ['sealedPin'] as const;
export type SessionName = (typeof SESSION_VALUES)[number];

/** The vocabulary's keywords: an object value is a term when it has exactly one of them (with its options). */
export const INPUT_TERMS = ['value', 'session', 'now', 'object', 'list', 'entries', 'sum', 'first', 'either', 'merge', 'number', 'join', 'idempotencyKey'] as const;
export type InputTerm = (typeof INPUT_TERMS)[number];
