import { fromPromise } from 'xstate';
import { countryActors } from '../../src/openapi/countryActors';

/**
 * What a stand-in call answers next: an output, or a failure shaped like the api layer's.
 * With `actor`, only that call takes it; without, the next call of any name does.
 */
export type Outcome = ({ output: unknown } | { error: unknown }) & { actor?: string };

/**
 * Stand-ins for every provider call of a country (SV by default) and device capability, given to a journey with
 * `machine.provide({ actors })`. Each call takes the first queued outcome meant for it and
 * records its name, input and whether it was answered. A call with nothing queued stays in
 * flight, as a slow network would keep it, until the journey moves on and stops it.
 */
export function standInActors(queue: Outcome[], country = 'sv') {
  const calls: Array<{ name: string; input: Record<string, unknown>; answered: boolean }> = [];
  const actors = Object.fromEntries(
    countryActors(country).map((name) => [
      name,
      fromPromise<unknown, Record<string, unknown>>(({ input }) => {
        const at = queue.findIndex((o) => o.actor === undefined || o.actor === name);
        const next = at >= 0 ? queue.splice(at, 1)[0] : undefined;
        calls.push({ name, input, answered: next !== undefined });
        if (!next) return new Promise(() => {});
        return 'error' in next ? Promise.reject(next.error) : Promise.resolve(next.output);
      }),
    ]),
  );
  return { actors, calls };
}

/** Lets promise-based actors settle: their answers arrive on the microtask queue. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
