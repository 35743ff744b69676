import { fromPromise } from 'xstate';
import type { CallOutcome } from './apiError';
import type { CallInput } from './callOperation';
import { operations, type OperationId } from './generated/operations';
import { adaptInput, type ApiSession } from './requestAdapters';

/**
 * The journey's provider calls (`api.<operationId>` in a journey file), given to its machine
 * with `machine.provide({ actors })`. A call that fails rejects with the ApiError (status,
 * message, code): the journey's `onError` reads it at `/event/error`.
 *
 * @example
 * const actors = createApiActors((op, input) => callOperation(clients, config, op, input));
 * createActor(journey.machine.provide({ actors }));
 */
export function createApiActors(call: (operationId: OperationId, input: CallInput) => Promise<CallOutcome<unknown>>, session: ApiSession = {}) {
  return Object.fromEntries(
    (Object.keys(operations) as OperationId[]).map((operationId) => [
      `api.${operationId}`,
      fromPromise<unknown, Record<string, unknown> | undefined>(async ({ input }) => {
        const given = input ?? {};
        const outcome = await call(operationId, adaptInput(operationId, given, session));
        if (!outcome.ok) throw outcome.error;
        // The PIN is kept for the session (memory only): later calls send it (vendPass, password).
        if (operationId === 'accessToken') session.pin = String(given.code ?? '');
        if (operationId === 'logout') delete session.pin;
        return outcome.data;
      }),
    ]),
  );
}
