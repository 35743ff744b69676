/**
 * Why the browser left the path, as the replay reports it: the route expected and the one shown,
 * the screen's alerts and field messages, the call whose answer sent the journey elsewhere than
 * the path (differingCall.ts), and the provider's last call (with the words the agent read when
 * it failed) and what the path's example had it answer.
 */
import type { Page } from 'playwright-core';
import type { JourneyPath } from '../paths/journeyPaths';
import { decodedPath } from './browserPlace';
import type { BrowserCall } from './pageTraffic';
import type { DifferingCall } from './differingCall';
import { pathAnswerBefore } from './pathCalls';

/** Where the browser left the path, and what the screen and the provider said. */
export interface BrowserLeft {
  atStep: number;
  /** The route and state the path expected. */
  expected: string;
  /** The route the browser shows. */
  actual: string;
  /** The journey's state the app was in (its `data-journey-state`), when the app was on the page. */
  state?: string;
  /** Why the driver could not go on (a widget it cannot drive, a button that stays disabled). */
  reason?: string;
  /** The screen's alerts and field messages. */
  message?: string;
  /** The call whose answer differed from the path's example: what the example had, the status the sandbox answered, where each went. */
  differed?: DifferingCall;
  lastCall?: BrowserCall;
  /** What the path's example had that call (the last one made) answer. */
  pathAnswer?: string;
}

/** The texts of the elements `found`, trimmed, the empty ones left out (none when the page is gone). */
const textsOf = async (found: { allInnerTexts: () => Promise<string[]> }) => (await found.allInnerTexts().catch(() => [] as string[])).map((t) => t.trim()).filter(Boolean);

/** The screen's alerts and field messages, each once, in a line. */
async function screenMessage(page: Page): Promise<string> {
  const alerts = await textsOf(page.getByRole('alert'));
  const fieldErrors = await textsOf(page.locator('.mantine-InputWrapper-error'));
  return [...new Set([...alerts, ...fieldErrors])].join(' | ');
}

/** The provider's last call, with the words the agent read when it failed. */
async function lastCallOf(page: Page, calls: BrowserCall[]): Promise<BrowserCall | undefined> {
  // The app tracks each failed call with the words the agent reads (window.dataLayer, spec 8).
  const tracked = (await page.evaluate(() => (window.dataLayer ?? []).filter((r) => r.event === 'error_tracking').at(-1)).catch(() => undefined)) as Record<string, unknown> | undefined;
  const last = calls.at(-1);
  return last && last.status >= 400 && typeof tracked?.error_message === 'string' ? { ...last, message: tracked.error_message } : last;
}

/** Where the browser left `path` at step `atStep`, expected at `step`: `reason` when the driver could not go on. */
export async function whereBrowserLeft(
  page: Page,
  { path, calls, differed }: { path: JourneyPath; calls: BrowserCall[]; differed?: DifferingCall | undefined },
  atStep: number,
  step: { stateId: string; route: string | undefined },
  reason?: string,
): Promise<BrowserLeft> {
  const message = await screenMessage(page);
  const lastCall = await lastCallOf(page, calls);
  // The app writes its state on the page's root (src/app/journeyRuntime.ts); an outside page has none.
  const state = await page.evaluate(() => document.documentElement.dataset.journeyState ?? '').catch(() => '');
  // The path's example of the same call as the last one made.
  const pathAnswer = pathAnswerBefore(path, atStep, lastCall?.operationId);
  return {
    atStep,
    expected: `${step.route ?? '(no screen)'} (${step.stateId})`,
    actual: decodedPath(page),
    ...(state ? { state } : {}),
    ...(reason ? { reason } : {}),
    ...(message ? { message } : {}),
    ...(differed ? { differed } : {}),
    ...(lastCall ? { lastCall } : {}),
    ...(pathAnswer ? { pathAnswer } : {}),
  };
}
