/**
 * The types a country's table of operations carries (generated into
 * `src/api/generated/<cc>/operations.ts` by `npm run api:types`): for each operation, the flat
 * input a call takes and the answer it gives, derived from openapi-typescript's output of the
 * country's spec with openapi-fetch's own response types. A caller holding the country's table
 * gets `CallOutcome<AnswerOf<typeof operations, 'places'>>`; country-neutral code holds a
 * table of any country (`OperationTable`) and gets `unknown`, which it reads through checked
 * pointers (the journey) or a widget's declared answer shape (src/pack/widgetAnswers.ts).
 */
import type { FetchResponse } from 'openapi-fetch';
import type { OperationEntry, OperationTable } from './operationTable';
import type { UploadProgress } from './xhrFetch';

/** One operation's input and answer, as a country's generated `OperationTypes` lists them. */
export interface OperationShape {
  input: object;
  answer: unknown;
}

/** Where an entry of a generated table keeps its types: a key no value has (types only). */
export declare const operationTypes: unique symbol;

/** A table entry that carries its operation's types (nothing at run time: the key is never set). */
export type TypedEntry<E extends OperationEntry, S extends OperationShape> = E & { readonly [operationTypes]?: S };

/** A generated table: each entry with the types of its operation. */
export type TypedOperationTable<T extends OperationTable, M extends { [K in keyof T]: OperationShape }> = { readonly [K in keyof T]: TypedEntry<T[K], M[K]> };

/** What every call may be given besides its operation's input: files for a multipart body, and who is told of an upload's progress. */
export interface CallExtras {
  files?: Array<{ field: string; blob: Blob; name: string }>;
  onUploadProgress?: (progress: UploadProgress) => void;
}

/**
 * A call's input, flat, as a journey gives it: each key goes where the operation's spec puts it.
 * `files` go into a multipart body; `onUploadProgress` (multipart calls only) is told how much of
 * it has gone out.
 */
export type CallInput = Record<string, unknown> & CallExtras;

type Empty = Record<never, never>;
/** A part of the request that may be absent (`query?: never` in openapi-typescript's output). */
type Part<T> = [NonNullable<T>] extends [never] ? Empty : NonNullable<T>;
type ParametersOf<Op> = Op extends { parameters: infer P } ? P : Empty;
type Location<P, L extends string> = P extends Partial<Record<L, unknown>> ? Part<P[L]> : Empty;
type BodyOf<Op> = Op extends { requestBody?: infer B } ? ([NonNullable<B>] extends [never] ? Empty : NonNullable<B> extends { content: infer C } ? Part<C[keyof C]> : Empty) : Empty;
type Flat<Op> = Location<ParametersOf<Op>, 'path'> & Location<ParametersOf<Op>, 'query'> & Location<ParametersOf<Op>, 'header'> & BodyOf<Op>;
/** Makes the keys the api layer supplies optional: a file a multipart body gets from `files`, the time a path ends in. */
type Supplied<T, K extends PropertyKey> = Omit<T, K & keyof T> & Partial<Pick<T, K & keyof T>>;

/**
 * The flat input of an openapi-typescript operation: its path, query and header parameters and
 * its body's properties, one object (see splitInput). `S`: the keys the api layer supplies itself.
 */
export type InputOf<Op, S extends PropertyKey = never> = Supplied<Flat<Op>, S>;

/** What an openapi-typescript operation answers on success (2xx, JSON), as openapi-fetch types it. */
export type AnswerOf<Op> = Op extends Record<string | number, unknown> ? NonNullable<FetchResponse<Op, Empty, `${string}/json`>['data']> : unknown;

type ShapeOf<T extends OperationTable, K extends keyof T> = T[K] extends { readonly [operationTypes]?: infer S } ? (S extends OperationShape ? S : undefined) : undefined;

/** The answer of operation K of table T: its spec's for a generated table, `unknown` for any country's. */
export type Answer<T extends OperationTable, K extends keyof T> = ShapeOf<T, K> extends OperationShape ? ShapeOf<T, K>['answer'] : unknown;

/** The input of operation K of table T: its spec's for a generated table, any flat input for any country's. */
export type Input<T extends OperationTable, K extends keyof T> = (ShapeOf<T, K> extends OperationShape ? ShapeOf<T, K>['input'] : CallInput) & CallExtras;

/** The input argument of a call: optional when the operation needs nothing. */
export type InputArgument<T extends OperationTable, K extends keyof T> = Empty extends Input<T, K> ? [input?: Input<T, K>] : [input: Input<T, K>];
