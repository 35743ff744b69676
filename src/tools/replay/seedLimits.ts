/**
 * What a replay meets because of what the sandbox's seed (or the path itself) cannot give, each
 * with the states and events it applies to and why: a replay that meets one is reported
 * `expected` with its reason, not passed and not failed, so that a tester reads why rather than
 * looking it up in docs/journeys.md ("A tester's walk"), where each is told at more length.
 * Anything else a replay meets stays a warning (`--strict` fails it) or a failure.
 */

/** A known limit, and what it applies to. */
export interface SeedLimit {
  /** What the replay meets: a warning of the browser replay (a value or timer not the path's), or a place a replay left. */
  meets: 'warning' | 'left';
  /** The full state ids it applies to (where the warning was, or the state the path expected where it left); any when absent. */
  state?: RegExp;
  /** The path's event it applies to (the timer that did not fire; for `left`, the call whose answer differed). */
  event?: RegExp;
  /** The warning's words. */
  words?: RegExp;
  /** Only in a tour (`--tours`: one walk through several branches), not in a single path. */
  toursOnly?: boolean;
  /** What else the warning's words must say (a date gone by), beyond what `words` matches. */
  when?: (text: string) => boolean;
  reason: string;
}

/** Whether a warning's date (the path's, `YYYY-MM-DD is not offered`) is before today: no provider offers a day gone by. */
export function dateGoneBy(text: string, today = new Date()): boolean {
  const date = /(\d{4}-\d{2}-\d{2}) is not offered/.exec(text)?.[1];
  const local = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return date !== undefined && date < local;
}

/** The known limits (docs/journeys.md, "A tester's walk", steps 2 and 3). */
export const SEED_LIMITS: readonly SeedLimit[] = [
  {
    meets: 'warning',
    state: /\.(polling|transactionInProgress)\.waiting$/,
    event: /^xstate\.after\.5000\./,
    words: /did not fire/,
    reason: "the seed's order is done at its first status check, so the journey never waits the 5 s for a second one the path has",
  },
  {
    meets: 'warning',
    words: /nothing to choose .*left empty/,
    reason: "the path fails the call that lists this optional field's choices (the add-ons'): nothing is offered, and an agent leaves it empty",
  },
  {
    meets: 'warning',
    words: /is chosen already, chose .* for the screen to send its event again/,
    reason: 'the path sends the field\'s event again with the value it shows: a screen sends it only on a change, so another value is taken and the provider asked again',
  },
  {
    meets: 'warning',
    words: /\d{4}-\d{2}-\d{2} is not offered, chose/,
    when: dateGoneBy,
    reason: "the path's date is its example's in the journey file, fixed, and it has gone by: the sandbox offers days from today on, so the first day offered is taken",
  },
  {
    meets: 'left',
    event: /^xstate\.(done|error)\.actor\.api\.orderStatus$/,
    toursOnly: true,
    reason: "the seed decides how an order ends by the client typed at the start of the sale: one sale cannot have its order both rejected and still processing when the polling gives up, so the tour is cut here and its other branches replayed apart",
  },
];

/** What a replay met: a warning at a state, or the place it left (the path's expected state, the call that differed). */
export type LimitMet =
  | { meets: 'warning'; stateId: string; event: string; text: string }
  | { meets: 'left'; stateId: string; event?: string; tour?: boolean };

/**
 * The reason of the known limit `met` is, if it is one.
 *
 * @example knownLimit({ meets: 'warning', stateId: '<cc>.signedIn.sale.activation.polling.waiting', event: 'xstate.after.5000.<cc>.signedIn.sale.activation.polling.waiting', text: 'the 5000 ms timer ... did not fire' })
 * // "the seed's order is done at its first status check, ..."
 */
export function knownLimit(met: LimitMet, limits: readonly SeedLimit[] = SEED_LIMITS): string | undefined {
  const fits = (pattern: RegExp | undefined, value: string | undefined) => !pattern || (value !== undefined && pattern.test(value));
  return limits.find(
    (limit) =>
      limit.meets === met.meets &&
      fits(limit.state, met.stateId) &&
      fits(limit.event, met.event) &&
      (met.meets === 'warning' ? fits(limit.words, met.text) && (!limit.when || limit.when(met.text)) : !limit.toursOnly || met.tour === true),
  )?.reason;
}
