import { assign, enqueueActions } from 'xstate';
import { getAt, setAt } from '../pack/jsonPointer';
import { routeMatches } from '../pack/routes';
import { MESSAGE_POINTER, type Context } from './actions';
import type { JourneyEmitted } from './emitted';
import type { JourneyEvent } from './journeyEvents';
import { contextPointer } from './scope';
import type { StepInfo } from './stepInfo';

/**
 * What the engine does on every step of every journey, given to XState as functions made for
 * each step (not by name: a journey names its own guards and actions, the engine's need no name):
 * its entry's records, its exit's clean-up, its draft, browser back.
 */

/**
 * Where the current step's draft is kept: `{ stateId, data }`, what the agent typed or captured
 * and has not submitted yet. Part of the journey's snapshot, so it survives a reload; cleared
 * when the step is left, and by a journey's `reset`.
 */
export const DRAFT_POINTER = '/context/ui/draft';

interface Args {
  event: JourneyEvent;
}

/** The path a browser back went to, when the event says one (`nav.back`'s `route`). */
const routeOf = (event: JourneyEvent): unknown => ('route' in event ? event.route : undefined);
/** What an event carries at `data` (a submit's form, a draft). */
const dataOf = (event: JourneyEvent): unknown => ('data' in event ? event.data : undefined);

/** Entering a step: the step-change record, and the flow's end on a last step. */
export function enterStep(journey: string, info: StepInfo) {
  return enqueueActions<Context, JourneyEvent, undefined, JourneyEvent, never, never, never, never, JourneyEmitted>(({ enqueue }) => {
    enqueue.emit({ type: 'step.entered', journey, stateId: info.stateId, route: info.route, ...(info.track ? { track: info.track } : {}) });
    if (info.end) enqueue.emit({ type: 'flow.ended', journey, stateId: info.stateId });
  });
}

/** Leaving a step: a message, and a draft, belong to the step they were shown on. */
export const leaveStep = assign<Context, JourneyEvent, undefined, JourneyEvent, never>(({ context }) => {
  let next = context;
  for (const pointer of [MESSAGE_POINTER, DRAFT_POINTER]) {
    if (getAt(next, contextPointer(pointer)) != null) next = setAt(next, contextPointer(pointer), null);
  }
  return next;
});

/** What is typed or captured on the step, kept as its draft. */
export function saveDraft(stateId: string) {
  return assign<Context, JourneyEvent, undefined, JourneyEvent, never>(({ context, event }) =>
    setAt(context, contextPointer(DRAFT_POINTER), { stateId, data: dataOf(event) ?? null }),
  );
}

/** Browser back to one of these routes (a step before: its route and aliases). */
export const backTo =
  (routes: string[]) =>
  ({ event }: Args): boolean => {
    const route = routeOf(event);
    return typeof route === 'string' && routes.some((r) => routeMatches(r, route));
  };

/** Browser back with no route said: to the step before. */
export const backWithoutRoute = ({ event }: Args): boolean => routeOf(event) === undefined;
