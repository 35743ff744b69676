/**
 * The agent's event as the browser replay sends it: the seed's entry laid over the path's data,
 * a one-time code read from the sandbox's outbox where the entry asks for one.
 */
import type { Page } from 'playwright-core';
import type { PathStep } from '../paths/journeyPaths';
import { outboxCodes } from '../sandbox/testerTools';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The last code the sandbox at `address` sent to where the screen says it was sent ("Enviado a
 * ..."), else the last code it sent at all.
 */
async function lastCodeSent(page: Page, address: string) {
  const sentTo = /^Enviado a (.+)$/.exec((await page.getByText(/^Enviado a /).first().innerText().catch(() => '')).trim())?.[1];
  const codes = sentTo ? await outboxCodes(address, sentTo) : [];
  if (codes.length > 0) return codes.at(-1);
  const { messages } = (await (await fetch(`${address}/__sandbox/outbox`)).json()) as { messages: Array<{ message: string }> };
  return messages.map((m) => /\b\d{6}\b/.exec(m.message)?.[0]).filter(Boolean).at(-1) ?? '';
}

/**
 * The event with the seed's entry `given` laid over its data (as the Node replay does):
 * `$answer...` is left to the upload widget that gets it; `$outbox:...` is the last code the
 * sandbox sent (lastCodeSent).
 */
export async function eventWithSeed(page: Page, address: string, event: PathStep['event'], given: unknown): Promise<PathStep['event']> {
  if (!isObject(given)) return event;
  const answered = (value: unknown) => typeof value === 'string' && value.startsWith('$answer');
  const data = Object.fromEntries(Object.entries(isObject(event.data) ? event.data : {}).filter(([key]) => !answered(given[key])));
  for (const [key, value] of Object.entries(given)) {
    if (answered(value)) continue;
    data[key] = typeof value === 'string' && value.startsWith('$outbox:') ? await lastCodeSent(page, address) : value;
  }
  return { ...event, data };
}
