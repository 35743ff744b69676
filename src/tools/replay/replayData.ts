/**
 * The seed's replay data (src/sandbox/seed/<cc>/replay.json): what the agent types where the
 * seed, not the path's example, decides the branch; both replays read it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { getAt } from '../../pack/jsonPointer';
import type { JourneyPath } from '../paths/journeyPaths';
import { callsAfter } from './pathCalls';

/** What the agent types where the seed decides the branch (src/sandbox/seed/<cc>/replay.json). */
export interface ReplayData {
  events: Array<{
    /** The state the event is sent from; none: any state the path sends `event` from (a deep link's, which comes at any moment). */
    at?: string;
    /** The event's type, when the entry is for one event only (a link's). */
    event?: string;
    /**
     * The answer of a call the path has that the entry is for (or its error, where the path has
     * it fail: `{status, message}`): a value at a pointer of it (or several, all of them). The call is looked for among the calls the event starts, else later
     * in the path (a modification refused at the order is decided by whom the agent typed first).
     */
    when?: SeedCondition | SeedCondition[];
    /**
     * An outside page the journey left for (its last `leave`) answered as a person would: `form`
     * posted to it, and the values of the page's redirect back (its query) are the event's values.
     */
    outside?: { form: Record<string, string> };
    /** A photo of tests/fixtures/ids/ uploaded first; `$answer/<pointer>` in `data` reads its answer. */
    upload?: { operation: string; file: string };
    /**
     * The event's data (a link's values, for a link's event); `$outbox:<pointer>` is the last code
     * sent to the phone or e-mail at that pointer of the journey's data, `$journey:<pointer>` the
     * value at that pointer of the journey's data.
     */
    data?: unknown;
  }>;
  /**
   * How a call the path has fail is failed, by its actor (`api.getOTP`), where its status would
   * not do: `lost-answer` (the provider did it, its answer was lost: a code was sent all the
   * same, which the agent then types). Any fault of src/sandbox/faults.ts.
   */
  faults?: Record<string, string>;
}

/**
 * What the path has later: a call answer `equals` at `pointer` of the answer of `call`
 * (`api.debts`), a timer of `after` milliseconds that fires (`{"after": 1000000}`: the
 * order's polling given up), or an event of the agent's it `sends` (`{"sends": "report.page"}`:
 * a list's next page, which only a seller with a long history has).
 */
export type SeedCondition = { call: string; pointer: string; equals: unknown } | { after: number } | { sends: string };

/** The seed's replay data of a country, none when its seed has no such file. */
export function replayDataOf(country: string): ReplayData {
  const file = `src/sandbox/seed/${country.toLowerCase()}/replay.json`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ReplayData) : { events: [] };
}

/**
 * The seed's replay entry for the agent's event at `index` of a path, sent from state `at`: the
 * first for that state whose `when` fits the answer the path has the next call give (the
 * browser replay reads it too).
 */
export function seedEntryFor(data: ReplayData, path: JourneyPath, index: number, at: string): ReplayData['events'][number] | undefined {
  const type = path.steps[index]?.event.type;
  // The calls this event starts, until the agent acts again, and what the path has them answer.
  const window = callsAfter(path, index);
  // Up to the path's next time at this state (a tour's): what the agent types then decides what follows then.
  const rest = path.steps.slice(index + 1);
  const back = rest.findIndex((step) => step.stateId === at);
  const later = (back < 0 ? rest : rest.slice(0, back)).map((step) => step.event);
  // A call's answer, or its error where the path has it fail (`{status, message}`).
  const ended = (call: string) => (e: (typeof later)[number]) => e.type === `xstate.done.actor.${call}` || e.type === `xstate.error.actor.${call}`;
  const answerOf = (call: string) => {
    const found = window.find(ended(call)) ?? later.find(ended(call));
    return found?.type.startsWith('xstate.error.') ? found.error : found?.output;
  };
  // (`equals: null` also matches a value the answer does not have.)
  const holds = (condition: SeedCondition) => {
    if ('after' in condition) return later.some((e) => e.type.startsWith(`xstate.after.${condition.after}.`));
    if ('sends' in condition) return later.some((e) => e.type === condition.sends);
    return JSON.stringify(getAt(answerOf(condition.call), condition.pointer) ?? null) === JSON.stringify(condition.equals ?? null);
  };
  const placed = (e: ReplayData['events'][number]) => (e.at === undefined || e.at === at) && (e.event === undefined || e.event === type) && (e.at !== undefined || e.event !== undefined);
  return data.events.find((e) => placed(e) && (e.when === undefined || (Array.isArray(e.when) ? e.when : [e.when]).every(holds)));
}
