/**
 * The provider a step preview's calls reach (issue #37, previews with answers): a sandbox of the
 * studio's own, over a fresh in-memory copy of every country's seed, signed in as each country's
 * first seeded seller. A preview so shows what the provider would answer (the seed's offers,
 * coverage, coverage areas, address lists) without touching the sandbox the app runs on: looking
 * at a screen opens no session there and writes no sale in its database. Started on the first
 * preview, kept while the studio runs.
 */
import type { CallOutcome } from '../../../api/apiError';
import type { CallInput } from '../../../api/callOperation';
import type { OperationTable } from '../../../api/operationTable';
import { demoPin } from '../../../sandbox/demoPin';
import { createSandbox } from '../../../sandbox/server';
import { operationsOf } from '../../../tools/replay/countryOperations';
import { signedHttpClient } from '../../../tools/sandbox/signedHttpClient';

/** What a preview's call answers (the app's CallOutcome), from the studio's own sandbox. */
export type PreviewCaller = (operationId: string, input?: CallInput) => Promise<CallOutcome<unknown>>;

/** The operations a preview never makes: they open, keep or end the preview's own session. */
const SESSION_CALLS = (entry: OperationTable[string] | undefined) =>
  entry?.signing === 'sign-in' || entry?.signing === 'publishes-keys' || entry?.session === 'sign-out' || entry?.session === 'keep-alive';

const notInPreview = (operationId: string, message: string): CallOutcome<unknown> => ({ ok: false, error: { kind: 'network', status: 0, operationId, message } });

let started: Promise<{ address: string; close: () => Promise<void> }> | undefined;

/** The studio's sandbox's address, started once (in memory: every country's seed, nothing of the app's database). */
async function sandboxAddress(): Promise<string> {
  started ??= (async () => {
    const sandbox = await createSandbox({ db: ':memory:', mode: 'test' });
    const address = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
    // It never keeps the studio's process alive: the studio ends, so does it.
    sandbox.app.server.unref();
    return { address, close: () => sandbox.app.close() };
  })();
  started.catch(() => (started = undefined));
  return (await started).address;
}

/** Closes the studio's sandbox, if started (a test's end); the next preview starts a fresh one. */
export async function closePreviewSandbox(): Promise<void> {
  const running = started;
  started = undefined;
  clients.clear();
  if (running) await (await running).close();
}

/** A country's client of the studio's sandbox, signed in when the country has agents (its own cookie and call keys). */
async function signedInClient(country: string) {
  const table = operationsOf(country);
  const http = signedHttpClient(await sandboxAddress(), { timeoutMs: 10_000 });
  const api = http.countryClient(table);
  const signInId = Object.keys(table).find((id) => table[id]?.signing === 'sign-in');
  const pin = demoPin(country);
  const signIn = async () => {
    if (!signInId || !pin) return;
    const outcome = await api.call(signInId, { code: pin, country: country.toUpperCase() });
    if (!outcome.ok) throw new Error(`the studio's sandbox refused ${country}'s demo PIN: ${outcome.error.message}`);
  };
  await signIn();
  // The client's signer reads the keyring once: calls go through a client made after signing in.
  let signed = http.countryClient(table);
  return {
    table,
    async call(operationId: string, input?: CallInput): Promise<CallOutcome<unknown>> {
      const outcome = await signed.call(operationId, input);
      if (outcome.ok || outcome.error.status !== 401 || !signInId) return outcome;
      // The session ended (its idle lifetime passed while nobody looked): signed in again, once.
      await signIn();
      signed = http.countryClient(table);
      return signed.call(operationId, input);
    },
  };
}

const clients = new Map<string, ReturnType<typeof signedInClient>>();

/**
 * A country's preview caller: each operation answered by the studio's sandbox as it answers the
 * app, but the session's own calls (sign-in, sign-out, keep-alive), which a preview does not make.
 *
 * @example
 * const outcome = await previewCaller('sv')('coverageAreas', {}); // { ok: true, data: { type: 'FeatureCollection', ... } }
 */
export function previewCaller(country: string): PreviewCaller {
  return async (operationId, input) => {
    let client = clients.get(country);
    if (!client) {
      client = signedInClient(country);
      clients.set(country, client);
      client.catch(() => clients.delete(country));
    }
    const { table, call } = await client;
    if (!(operationId in table)) return notInPreview(operationId, `Vista previa: ${country.toUpperCase()} no tiene la operación ${operationId}`);
    if (SESSION_CALLS(table[operationId])) return notInPreview(operationId, `Vista previa: ${operationId} es de la sesión, no se llama en una vista previa`);
    return call(operationId, input);
  };
}
