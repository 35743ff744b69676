/**
 * The events the journey took in a browser replay and the state it settled in after each, as
 * differingCall reads them (differingCall.ts): what names the call whose answer sent the
 * journey off its path, as the Node replay names it. The page cannot hand over the journey's
 * events, and needs no build of its own for it: the app writes its state on the page's root
 * (`data-journey-state`, a state id: src/app/journeyRuntime.ts), which a MutationObserver
 * installed before the app loads reports each time it changes; the replay knows the agent's
 * events it sends, and the page's traffic the journey's calls with the status each answered
 * (the answers are sealed: the status is what shows). A state written is where the latest event
 * heard before it led. No personal data: state ids, event types and statuses.
 */
import type { Page } from 'playwright-core';
import type { OperationTable } from '../../api/operationTable';
import type { CompiledJourney } from '../../runtime/compileJourney';
import type { TakenEvent } from './differingCall';
import type { BrowserCall, PageTraffic } from './pageTraffic';

const API = 'api.';

/** What the replay heard, in order: a state the app wrote (after `calls` of the page's calls), or an agent's event it sent. */
type Heard = { kind: 'state'; leaf: string; calls: number; start: boolean } | { kind: 'sent'; type: string; calls: number };

/** An event the journey took, with the states written after it until the next. */
interface Cause {
  taken: Omit<TakenEvent, 'leaf'>;
  /** The journey's state when it came. */
  before: string;
  after: string[];
  /** The call's operation, or none for the agent's event. */
  operation?: string;
}

/** The journey's way through the replay so far. */
export interface BrowserTrace {
  /** The agent's event of this type is sent now: the state the app writes next is where it led. */
  sent: (type: string) => void;
  /** The events since the agent's last event sent (every event before the first), each with the state after it. */
  sinceLastSent: () => TakenEvent[];
}

/**
 * Whether the browser trace shows a path's event: the agent's events and the journey's provider
 * calls; not the device's position (no request) nor a timer (the journey's own, at any moment).
 */
export const seenInBrowser = (type: string) => !type.startsWith('xstate.after.') && !/^xstate\.(done|error)\.actor\.device\./.test(type);

/** How many pages were traced: each page's binding gets a name of its own (Playwright refuses a name given twice). */
let pages = 0;

/**
 * Starts tracing the journey on `page` (before it loads the app): its states as the app writes
 * them, the agent's events `sent`, and its calls among the page's `traffic` (the operations
 * the journey invokes: a screen's own calls, the map's areas, are not its events).
 */
export async function traceInBrowser(page: Page, traffic: PageTraffic, journey: CompiledJourney, operations: OperationTable | undefined): Promise<BrowserTrace> {
  const heard: Heard[] = [];
  let current = '';
  const binding = `__replayJourneyStates${(pages += 1)}`;
  await page.exposeBinding(binding, (_source, leaves: unknown) => {
    for (const leaf of Array.isArray(leaves) ? leaves : []) {
      if (typeof leaf !== 'string' || leaf === '' || leaf === current) continue;
      // The first state written is where the journey starts, not where an event led it (the
      // first screen's PIN may be sent before the app has loaded: the journey starts, then takes it).
      heard.push({ kind: 'state', leaf, calls: traffic.calls.length, start: current === '' });
      current = leaf;
    }
  });
  // Each record holds the value before its change: the value after is the next record's
  // before, and the last record's the attribute's now. A page opened afresh writes it anew (a
  // restored journey the same state: not a change). Written as a text: a function handed to the
  // page would carry the helpers a transpiler adds to named functions (tsx's `__name`), which the
  // page has not.
  await page.addInitScript({
    content: `new MutationObserver((records) => {
      const send = window[${JSON.stringify(binding)}];
      const leaves = [...records.slice(1).map((record) => record.oldValue ?? ''), document.documentElement.dataset.journeyState ?? ''];
      if (send) send(leaves).catch(() => undefined);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-journey-state'], attributeOldValue: true });`,
  });
  // The journey's calls by their operation, each with the actor id its answer's event names (`api.<operation>`).
  const actors = new Map<string, string>();
  for (const { invoke, id } of journey.graph.invokes) {
    const operation = invoke.src.startsWith(API) ? invoke.src.slice(API.length) : undefined;
    if (operation && !actors.has(operation)) actors.set(operation, id);
  }
  return {
    sent: (type) => void heard.push({ kind: 'sent', type, calls: traffic.calls.length }),
    sinceLastSent: () => {
      const causes = causesOf(heard, traffic.calls, actors, operations);
      const last = causes.map((cause) => cause.operation === undefined).lastIndexOf(true);
      return causes.slice(Math.max(0, last)).map(({ taken, before, after }) => ({ ...taken, leaf: after[0] ?? before }));
    },
  };
}

/** A call's answer as the journey takes it, read from its status: a quiet 404 is an empty answer (`x-not-found: quiet`). */
function callEvent(call: BrowserCall, actor: string, operations: OperationTable | undefined): string {
  const answered = call.status < 400 || (call.status === 404 && operations?.[call.operationId]?.notFound === 'quiet');
  return `xstate.${answered ? 'done' : 'error'}.actor.${actor}`;
}

/**
 * The events heard, in order, each with the states written after it (before the next event):
 * the first is where it led; a later one comes from an event the trace does not show (the
 * device's position, a timer). A call's answer is heard before the state it leads to: the page
 * reads, unseals and hands it to the journey after its response came. A call answered again
 * before the journey moved (a retry) is one call: its last answer.
 */
function causesOf(heard: readonly Heard[], calls: readonly BrowserCall[], actors: Map<string, string>, operations: OperationTable | undefined): Cause[] {
  const causes: Cause[] = [];
  let state = '';
  let callsTaken = 0;
  const takeCallsTo = (count: number) => {
    for (; callsTaken < Math.min(count, calls.length); callsTaken += 1) {
      const call = calls[callsTaken] as BrowserCall;
      const actor = actors.get(call.operationId);
      if (!actor) continue;
      const cause: Cause = { taken: { event: { type: callEvent(call, actor, operations) }, status: call.status }, before: state, after: [], operation: call.operationId };
      const last = causes.at(-1);
      if (last?.operation === call.operationId && last.after.length === 0) causes[causes.length - 1] = cause;
      else causes.push(cause);
    }
  };
  for (const entry of heard) {
    takeCallsTo(entry.calls);
    if (entry.kind === 'sent') causes.push({ taken: { event: { type: entry.type } }, before: state, after: [] });
    else {
      if (!entry.start) causes.at(-1)?.after.push(entry.leaf);
      state = entry.leaf;
    }
  }
  takeCallsTo(calls.length);
  return causes;
}
