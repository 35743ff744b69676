/**
 * The events the shell sends by itself, not a screen (`session.idle`, `session.unauthorized`,
 * `session.mismatch`, `app.maintenance`), made to happen in the browser as they happen to an
 * agent: the idle timeout by moving the page's clock past it (Playwright's page clock, installed
 * before the app loads), the provider's 401, answer of another session and maintenance by the
 * sandbox's fault armed for the call the app makes next by itself, the keep-alive an active
 * agent's touch sends once 5 minutes have passed (src/app/journeyRuntime.ts).
 */
import type { Page } from 'playwright-core';
import { operationWithRole } from '../../api/operationTable';
import { IDLE_END_MS } from '../../app/IdleGuard';
import { KEEP_ALIVE_EVERY_MS } from '../../app/keepAliveTiming';
import type { JourneyPath } from '../paths/journeyPaths';
import { armFault } from '../sandbox/testerTools';
import { operationsOf } from './countryOperations';
import { NotDrivable } from './fillers';

/** The sandbox's fault whose answer makes the app send each event (src/api/apiClients.ts, src/sandbox/faults.ts). */
const FAULT_OF: Record<string, string> = { 'session.unauthorized': '401', 'session.mismatch': 'state-mismatch', 'app.maintenance': '503' };

/** Whether the shell sends the event by itself, and the replay can make it (see the file's comment). */
export const sentByShell = (type: string) => type === 'session.idle' || type in FAULT_OF;

/** Whether the path has the page's clock moved (an event of the shell's): installed before the app loads, as Playwright needs. */
export const needsPageClock = (path: JourneyPath) => path.steps.some((step) => sentByShell(step.event.type));

/**
 * Makes the app send the shell's event `type`: the idle timeout's end passed on the page's
 * clock; on the sign-in's screen (`signIn` given: signs in there), the sign-in's call's fault
 * armed and the agent signed in; else the keep-alive's fault armed, 5 minutes passed and a key pressed (the agent's
 * touch sends the keep-alive). Armed twice: the page's clock is now ahead of the provider's, so
 * the first try is refused as stale (spending one) and signed again in the provider's time.
 */
export async function sendAsShell(page: Page, { address, country }: { address: string; country: string }, type: string, signIn?: () => Promise<void>): Promise<void> {
  if (type === 'session.idle') {
    await page.clock.fastForward(IDLE_END_MS + 1_000);
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
  await armFault(address, keepAlive[0], fault, country, 2);
  await page.clock.fastForward(KEEP_ALIVE_EVERY_MS + 1_000);
  // The agent's touch (a key): the keep-alive goes, and its fault's answer takes the journey
  // where the shell's event does, which the next step waits for.
  await page.keyboard.press('Shift');
}
