import { createActor, fromPromise, waitFor, type SimulatedClock } from 'xstate';
import type { CallInput } from '../../src/api/callOperation';
import { createApiActors } from '../../src/api/apiActors';
import { currentStep, type CompiledJourney } from '../../src/runtime/compileJourney';
import { operationsOf } from '../../src/tools/replay/countryOperations';
import type { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { outboxCodes } from '../../src/tools/sandbox/testerTools';

import { uploadPhoto } from '../../src/tools/replay/countryOperations';

export { uploadPhoto };

/**
 * A country's journey driven in Node with its real provider calls (the api layer's actors against a
 * running sandbox): the actor, its data, a step helper that waits for the next screen, the ID
 * uploads and the OTP codes of the sandbox's outbox. Only the device's location is given (there
 * is no GPS in Node); retries pause briefly (`retryDelaysMs`). With `clock`, the journey's timers
 * (`after`) run on it, moved by the test; `sent` gets every call the journey made, with its input.
 */
export function driveOverSandbox(
  journey: CompiledJourney,
  sandbox: Awaited<ReturnType<typeof runningSandbox>>,
  retryDelaysMs: readonly number[],
  position = { latitude: 13.697366, longitude: -89.192282 },
  { clock, sent }: { clock?: SimulatedClock; sent?: Array<{ operationId: string; input: CallInput | undefined }> } = {},
) {
  const country = journey.config.meta?.country ?? 'SV';
  const operations = operationsOf(country);
  if (!operations) throw new Error(`no operations table for ${country} in src/tools/replay/sandboxJourney.ts`);
  const api = sandbox.countryClient(operations);
  const call: typeof api.call = (operationId, input) => {
    sent?.push({ operationId, input });
    return api.call(operationId, input);
  };
  const actors = { ...createApiActors(operations, call, {}, { retryDelaysMs }), 'device.location': fromPromise(async () => position) };
  const actor = createActor(journey.machine.provide({ actors: actors as never }), clock ? { clock } : {}).start();
  const route = () => currentStep(journey, actor.getSnapshot())?.route;
  const context = () => actor.getSnapshot().context as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- reading journey data in a test
  /** Sends an event and waits until the journey shows `next` (or fails with where it stopped). */
  const step = async (event: Record<string, unknown> & { type: string }, next: string) => {
    actor.send(event as never);
    try {
      // Arrived when the step shows and no call it started is still in flight.
      await waitFor(actor, (s) => currentStep(journey, s)?.route === next && Object.values(s.children).every((c) => c?.getSnapshot().status !== 'active'), { timeout: 8_000 });
    } catch {
      throw new Error(`expected ${next} after ${event.type}, but the journey is at ${route()} with message ${JSON.stringify(context().ui?.message)}`);
    }
  };
  /** Sends an event and waits until no call it started is in flight, wherever the journey went. */
  const act = async (event: Record<string, unknown> & { type: string }) => {
    actor.send(event as never);
    await waitFor(actor, (s) => Object.values(s.children).every((c) => c?.getSnapshot().status !== 'active'), { timeout: 8_000 });
  };
  /**
   * Walks to `target` doing on each screen what `onScreen` says for its route, in whatever order
   * the journey shows them: a product owner's reorder of the steps breaks only the tests that
   * pin the spec's order, not a walk like this one.
   */
  const walkTo = async (target: string, onScreen: Record<string, () => Promise<void>>) => {
    const seen: string[] = [];
    while (route() !== target) {
      const here = route() ?? '';
      const next = onScreen[here];
      if (!next || seen.filter((r) => r === here).length > 2) {
        throw new Error(`did not reach ${target}: at ${here} (after ${seen.join(' → ')}) with message ${JSON.stringify(context().ui?.message)}`);
      }
      seen.push(here);
      await next();
    }
  };
  const upload = (operation: 'frontIdUpload' | 'rearIdRecognition', file: string, fields: Record<string, string> = {}) => uploadPhoto(api, country, operation, file, fields);
  const outboxCode = async (to: string) => (await outboxCodes(sandbox.address, to)).at(-1) ?? '';
  /**
   * From the contract form to the order's confirmation, as every sale goes: contact and
   * references, both one-time codes from the outbox, terms, consents, both signatures, the
   * documents and the first suggested installation date.
   */
  const contractToConfirmation = async () => {
    await step({ type: 'step.submit', data: { email: 'ana.perez@example.com', phone: '70001234', refNameA: 'Luis Gómez', refPhoneA: '70005678', refNameB: 'Marta Ruiz', refPhoneB: '70009876' } }, '/verificar-telefono');
    await step({ type: 'step.submit', data: { code: await outboxCode('70001234') } }, '/verificar-correo');
    await step({ type: 'step.submit', data: { code: await outboxCode('ana.perez@example.com') } }, '/terminos-y-condiciones');
    await step({ type: 'step.submit', data: { creditConsultation: true, creditAgency: true, contractTerms: true, privacyNotice: true, disputeResolution: true, contractValidity: true } }, '/autorizaciones-y-firma');
    await step({ type: 'step.submit' }, '/firma-de-autorizaciones');
    await step({ type: 'step.submit', data: { accepted: true } }, '/firma-del-cliente');
    await step({ type: 'step.submit', data: { fileName: 'firma-cliente.png', imageUrl: '/uploads/firma-cliente.png' } }, '/firma-del-vendedor');
    await step({ type: 'step.submit', data: { fileName: 'firma-vendedor.png', imageUrl: '/uploads/firma-vendedor.png' } }, '/documentos');
    await step({ type: 'step.submit', data: { utilityBill: [{ fileName: 'recibo.jpg', imageUrl: '/uploads/recibo.jpg' }], incomeProof: [{ fileName: 'c.jpg', imageUrl: '/uploads/c.jpg' }] } }, '/agendar-visita');
    const date = context().sale.schedule.suggestedDates[0] as string;
    await step({ type: 'step.submit', data: { time: 'AM', installationDate: date, cliTelephone: '70001234', email: 'ana.perez@example.com' } }, '/confirmar-orden');
  };
  return { api, actor, route, context, step, act, walkTo, upload, outboxCode, contractToConfirmation };
}
