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
 * The event with the seed's entry `given` laid over its data, or a link's values (as the Node
 * replay does): `$answer...` is left to the upload widget that gets it; `$outbox:...` is the
 * last code the sandbox sent (lastCodeSent); `$journey:...` is left for the link's sending
 * (screenSending.ts: the browser's journey is sealed, the provider's message has the value).
 * In a step's form, `$journey:<pointer>` is what the replay itself typed last in a field named
 * as the pointer's last token (`typed`: the client's number typed at the client information,
 * for `/context/sale/client/inputDocumentNumber`), which is where the journey keeps a typed
 * field; else it is left to what the screen shows: a field the pointer names as its own is not
 * typed (the review's number read from the photo), another keeps the path's value for its filler
 * to match to what is offered (a date).
 */
export async function eventWithSeed(page: Page, address: string, event: PathStep['event'], given: unknown, typed: ReadonlyMap<string, unknown> = new Map()): Promise<PathStep['event']> {
  // An event whose values are its own fields (a date chosen) is left to its field's filler, which takes what the screen offers.
  if (!isObject(given) || (!('values' in event) && !('data' in event))) return event;
  // A link's event carries its values, not data: the entry's are laid over those (as in Node).
  const key = 'values' in event ? 'values' : 'data';
  const example = event[key];
  const answered = (value: unknown) => typeof value === 'string' && value.startsWith('$answer');
  /** The field a form's `$journey:<pointer>` names: the pointer's last token. */
  const journeyField = (value: unknown) => (key === 'data' && typeof value === 'string' && value.startsWith('$journey:') ? (value.split('/').at(-1) ?? '') : undefined);
  // The step's own field, never typed (`$journey:` naming the field itself): the value the app
  // filled in (the review's number, as the photo read it) stays; the path's example number would
  // be another customer's.
  const ownUntyped = (name: string) => journeyField(given[name]) === name && !typed.has(name);
  const data = Object.fromEntries(Object.entries(isObject(example) ? example : {}).filter(([name]) => !answered(given[name]) && !ownUntyped(name)));
  for (const [name, value] of Object.entries(given)) {
    if (answered(value)) continue;
    const field = journeyField(value);
    if (field !== undefined) {
      if (typed.has(field)) data[name] = typed.get(field);
      continue;
    }
    data[name] = typeof value === 'string' && value.startsWith('$outbox:') ? await lastCodeSent(page, address) : value;
  }
  return { ...event, [key]: data };
}

/** Keeps what the event typed, the last value of each field by its name (what `$journey:` reads back in eventWithSeed). */
export function rememberTyped(typed: Map<string, unknown>, event: PathStep['event']): void {
  if ('data' in event && isObject(event.data)) for (const [name, value] of Object.entries(event.data)) typed.set(name, value);
}
