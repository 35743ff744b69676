/**
 * The pages outside the app that a customer goes through, as the browser replay drives them:
 * the page the journey left for (a payment provider's hosted page), answered on its own form as
 * the seed's replay data says, whose redirect brings the browser back at the journey's return
 * link; when the browser is there (a path that comes back without its answer goes back from
 * it); and the link of a message the provider sent (the SMS's link that resumes a lead).
 */
import type { Page } from 'playwright-core';
import { matchLink, type JourneyLink } from '../../pack/links';
import type { CompiledJourney } from '../../runtime/compileJourney';
import type { JourneyPath } from '../paths/journeyPaths';
import { decodedPath } from './browserPlace';
import { NotDrivable } from './fillers';

/** How long the outside page may take to open (the journey saves itself first, then leaves). */
const OPENING_MS = 15_000;

/** A value inside a CSS attribute selector, quoted. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** Whether a transition's actions leave for an outside page (`leave`). */
export const leaves = (actions: CompiledJourney['graph']['edges'][number]['actions']) => actions.some((a) => (typeof a === 'string' ? a : a.type) === 'leave');

/**
 * Whether the journey left for an outside page just before the agent's event at `index`: one of
 * the calls since the agent's event before it answered along a transition that runs `leave`
 * (the payment opened, and the browser sent to its page).
 */
export function leftBeforeEvent({ graph }: CompiledJourney, path: JourneyPath, index: number): boolean {
  const before = path.steps.slice(0, index);
  const lastAgent = before.findLastIndex((s) => !s.event.type.startsWith('xstate.'));
  return before.slice(lastAgent + 1).some((step) => graph.edges.some((e) => e.event === step.event.type && step.stateId.startsWith(e.source.id) && leaves(e.actions)));
}

/**
 * The outside page answered as a person answers it: each value of `form` typed in its field,
 * and the button that posts the rest pressed (`result=approved`: the button named `result` of
 * value `approved`, "Aprobar el pago" on the sandbox's page). Waits for the page to open first
 * (the button drawn), `look` just before the press; the page's own redirect is what brings the
 * browser back, to where it sends it (the journey's return link), which the next step waits for.
 */
export async function answerOutsidePage(page: Page, form: Record<string, string>, look: () => Promise<void>): Promise<void> {
  const entries = Object.entries(form);
  const buttonOf = ([name, value]: [string, string]) => page.locator(`form button[name=${quoted(name)}][value=${quoted(value)}]`);
  const anyButton = page.locator(entries.map(([name, value]) => `form button[name=${quoted(name)}][value=${quoted(value)}]`).join(', ')).first();
  await anyButton.waitFor({ timeout: OPENING_MS }).catch(() => {
    throw new NotDrivable(`the outside page (${decodedPath(page)}) has no button that posts ${JSON.stringify(form)}`);
  });
  let pressing: (typeof entries)[number] | undefined;
  for (const entry of entries) {
    if ((await buttonOf(entry).count()) > 0) pressing = entry;
    else await page.locator(`form [name=${quoted(entry[0])}]`).first().fill(entry[1]);
  }
  await look();
  const outside = page.url();
  await buttonOf(pressing as (typeof entries)[number]).first().click();
  // Away from the outside page: its answer is posted, and the browser follows its redirect.
  await page.waitForURL((url) => url.href !== outside, { timeout: OPENING_MS });
}

/** Once the outside page has opened: the browser has left `from`, the app's route it was on. */
export async function awayFrom(page: Page, from: string): Promise<void> {
  await page.waitForURL((url) => decodeURI(url.pathname) !== from, { timeout: OPENING_MS }).catch(() => {
    throw new NotDrivable(`the journey left for an outside page, and the browser stayed on ${from}`);
  });
}

/**
 * The link of `link` the provider last sent (its outbox at `address`: the SMS whose link resumes
 * a lead), as the message writes it: what the customer taps. The values it carries are the
 * journey's own (the lead's uid), which the browser keeps sealed: only the message has them.
 */
export async function linkSent(address: string, link: JourneyLink): Promise<string> {
  const { messages } = (await (await fetch(`${address}/__sandbox/outbox`)).json()) as { messages: Array<{ message: string }> };
  const sent = messages.flatMap((m) => m.message.split(/\s+/)).filter((word) => word.startsWith('/'));
  const found = sent.findLast((word) => {
    const url = new URL(word, address);
    return matchLink([link], url.pathname, url.search)?.link === link;
  });
  if (!found) throw new NotDrivable(`no message of the provider's carries a link to ${link.route} (${link.event})`);
  return found;
}
