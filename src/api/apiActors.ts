import { fromPromise } from 'xstate';
import type { CallOutcome } from './apiError';
import type { CallInput } from './callOperation';
import type { OperationTable } from './operationTable';
import { createPinSealer, pinKeyByCall, type PinKeySource } from './pinSealer';
import { fillSessionValues } from '../runtime/inputMap';
import type { ApiSession } from './apiSession';


/** Pauses before each retry of an idempotent call that got no answer: 1 s, 2 s, 4 s. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

/**
 * The journey's provider calls (`api.<operationId>` in a journey file), given to its machine
 * with `machine.provide({ actors })`. A call that fails rejects with the ApiError (status,
 * message, code): the journey's `onError` reads it at `/event/error`. Inputs are the journey's
 * input maps and answers go to the journey as they are (`unknown` here): the journey reads them
 * at `/event/output/...`, pointers journeys:check holds to each operation's answer schema.
 *
 * @example
 * const actors = createApiActors(clients.operations, (op, input) => callOperation(clients, config, op, input));
 * createActor(journey.machine.provide({ actors }));
 */
export function createApiActors<T extends OperationTable>(
  /** The country's operations: one actor each. */
  operations: T,
  call: (operationId: keyof T & string, input: CallInput) => Promise<CallOutcome<unknown>>,
  session: ApiSession = {},
  {
    retryDelaysMs = RETRY_DELAYS_MS,
    pinKey = pinKeyByCall(operations, call),
  }: {
    retryDelaysMs?: readonly number[];
    /** Where the PIN's public key comes from: the call signer's copy of the provider's keys saves
     * sign-in a round trip (`ApiClients.publicKeys`); by default its own call to the key-publishing operation. */
    pinKey?: PinKeySource;
  } = {},
) {
  const sealPin = createPinSealer(pinKey);
  return Object.fromEntries(
    (Object.keys(operations) as Array<keyof T & string>).map((operationId) => [
      `api.${operationId}`,
      fromPromise<unknown, Record<string, unknown> | undefined>(async ({ input }) => {
        const given = input ?? {};
        // Sign-in sends the PIN encrypted; the sealed text is what later calls send (vendPass...).
        let sealedPin = operations[operationId]?.signing === 'sign-in' ? await sealPin(String(given.code ?? '')) : undefined;
        // The journey's request, with what the session keeps filled in where the journey names it.
        let adapted = sealedPin === undefined ? fillSessionValues(given, session) : { ...given, code: sealedPin };
        let outcome = await call(operationId, adapted);
        // A sign-in refused as unsigned or forged (401, not a wrong PIN) means the provider's keys
        // changed since this page asked them (a restart, a new key): asked again, and tried once more.
        if (sealedPin !== undefined && !outcome.ok && outcome.error.status === 401) {
          sealedPin = await sealPin(String(given.code ?? ''));
          adapted = { ...given, code: sealedPin };
          outcome = await call(operationId, adapted);
        }
        // An order sent with its sale's Idempotency-Key may be sent again: when the connection
        // failed without any answer (a phone losing signal), it is retried with growing pauses;
        // the provider answers the first order's lead. A timeout (504) or an error answer is not
        // retried here: the journey shows it (spec section 4).
        // Operations sent with an Idempotency-Key may be repeated without doing twice what they do.
        if (operations[operationId]?.headers.includes('Idempotency-Key')) {
          for (const delay of retryDelaysMs) {
            if (outcome.ok || outcome.error.kind !== 'network' || outcome.error.status !== 0) break;
            await new Promise((resolve) => setTimeout(resolve, delay));
            outcome = await call(operationId, adapted);
          }
        }
        if (!outcome.ok) throw outcome.error;
        // The sealed PIN is kept for the session (memory only): later calls send it (vendPass, password).
        if (sealedPin !== undefined) session.sealedPin = sealedPin;
        // The call that ends the session (`x-session: sign-out`) ends the sealed PIN's use too.
        if (operations[operationId]?.session === 'sign-out') delete session.sealedPin;
        return outcome.data;
      }),
    ]),
  );
}
