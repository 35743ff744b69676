/**
 * The events the shell sends by itself, not a screen (`session.idle`, `session.unauthorized`,
 * `session.mismatch`, `app.maintenance`), made to happen in the browser as they happen to an
 * agent: the idle timeout by moving the page's clock past it (Playwright's page clock, installed
 * before the app loads; a customer's idle time in a customer-facing build), the provider's 401,
 * answer of another session and maintenance by the sandbox's fault armed for the call the app
 * makes next by itself, the keep-alive an active agent's touch sends once 5 minutes have passed
 * (src/app/journeyRuntime.ts); `app.leaveRefused` by the page the journey leaves for answered
 * on plain http elsewhere, which the shell refuses (src/app/leavePage.ts).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { operationWithRole } from '../../api/operationTable';
import { CUSTOMER_IDLE, IDLE_END_MS } from '../../app/IdleGuard';
import { KEEP_ALIVE_EVERY_MS } from '../../app/keepAliveTiming';
import { packPaths } from '../../pack/countryPack';
import { edgesActiveIn, enteredLeaf } from '../../pack/journeyGraph';
import type { CompiledJourney } from '../../runtime/compileJourney';
import type { JourneyPath } from '../paths/journeyPaths';
import { armFault } from '../sandbox/testerTools';
import { operationsOf } from './countryOperations';
import { NotDrivable } from './fillers';
import { leaves } from './outsidePages';

/** The sandbox's fault whose answer makes the app send each event (src/api/apiClients.ts, src/sandbox/faults.ts). */
const FAULT_OF: Record<string, string> = { 'session.unauthorized': '401', 'session.mismatch': 'state-mismatch', 'app.maintenance': '503' };

/** Whether the shell sends the event by itself, and the replay can make it (see the file's comment). */
export const sentByShell = (type: string) => type === 'session.idle' || type in FAULT_OF;

/** Whether the path has the page's clock moved (an event of the shell's): installed before the app loads, as Playwright needs. */
export const needsPageClock = (path: JourneyPath) => path.steps.some((step) => sentByShell(step.event.type));

/**
 * How long the app waits, idle, before it ends the session (its `session.idle`): a customer's
 * time in a customer-facing build (the country file's `entry: "public"`), else an agent's, as
 * src/app/AppLayout.tsx chooses; the replay moves the page's clock past it.
 */
export function idleEndOf(country: string): number {
  const { entry } = JSON.parse(readFileSync(packPaths(country.toLowerCase()).countryFile, 'utf8')) as { entry?: string };
  return entry === 'public' ? CUSTOMER_IDLE.endAfterMs : IDLE_END_MS;
}

/**
 * Makes the app send the shell's event `type`: the idle timeout's end passed on the page's
 * clock; on the sign-in's screen (`signIn` given: signs in there), the sign-in's call's fault
 * armed and the agent signed in; else the keep-alive's fault armed, 5 minutes passed and a key pressed (the agent's
 * touch sends the keep-alive). The page's clock is then ahead of the provider's: the first try is
 * refused as stale and signed again in the provider's time, and only that second one spends the fault.
 */
export async function sendAsShell(page: Page, { address, country }: { address: string; country: string }, type: string, signIn?: () => Promise<void>): Promise<void> {
  if (type === 'session.idle') {
    await page.clock.fastForward(idleEndOf(country) + 1_000);
    // The route is written in idle time once the screen is drawn: on the fake clock, a moment must pass.
    return page.clock.runFor(500);
  }
  const fault = FAULT_OF[type];
  // Before the sign-in there is no session to keep alive: the sign-in's own call fails so.
  const signInCall = operationWithRole(operationsOf(country), 'sign-in');
  if (fault && signIn && signInCall) {
    await armFault(address, signInCall[0], fault, country);
    return signIn();
  }
  const keepAlive = operationWithRole(operationsOf(country), 'keep-alive');
  if (!fault || !keepAlive) throw new NotDrivable(`the replay cannot make the app send ${type}${fault ? `: ${country}'s spec has no keep-alive call to fail` : ''}`);
  await armFault(address, keepAlive[0], fault, country);
  await page.clock.fastForward(KEEP_ALIVE_EVERY_MS + 1_000);
  // The agent's touch (a key): the keep-alive goes, and its fault's answer takes the journey
  // where the shell's event does, which the next step waits for.
  await page.keyboard.press('Shift');
}

/**
 * The agent's event at `stateId` that leaves for an outside page, and the operation whose answer
 * names the page: an event there whose target invokes a call answered along a `leave` (the
 * payment's "Pagar con tarjeta", then the page its payment call answers).
 */
export function leavingEvent({ graph }: CompiledJourney, stateId: string): { event: string; operationId: string } | undefined {
  const node = graph.byId.get(stateId);
  for (const edge of node ? edgesActiveIn(graph, node) : []) {
    if (edge.event.startsWith('xstate.') || edge.event === '') continue;
    const entered = edge.targets.map((t) => t.node && (enteredLeaf(t.node) ?? t.node));
    const leaving = graph.edges.find((e) => entered.includes(e.source) && e.invoke?.src.startsWith('api.') && e.event.startsWith('xstate.done.actor.') && leaves(e.actions));
    if (leaving?.invoke) return { event: edge.event, operationId: leaving.invoke.src.slice('api.'.length) };
  }
  return undefined;
}

/**
 * Makes the shell send `app.leaveRefused` at `stateId`, as it does for a customer: the operation
 * that names the outside page answers one on plain http at another host (the sandbox's
 * `http-page` fault), then the event that leaves is sent by `send` (the step's button): the shell
 * refuses to go there, and the page stays, with the journey's message.
 */
export async function refuseLeaving(journey: CompiledJourney, { address, country }: { address: string; country: string }, stateId: string, send: (event: string) => Promise<void>): Promise<void> {
  const leaving = leavingEvent(journey, stateId);
  if (!leaving) throw new NotDrivable(`no event at ${stateId} leaves for an outside page: nothing makes the shell send app.leaveRefused there`);
  await armFault(address, leaving.operationId, 'http-page', country);
  await send(leaving.event);
}
