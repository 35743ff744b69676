import { enqueueActions, fromPromise, setup, type MetaObject, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';
import type { JourneyGraph } from '../pack/journeyGraph';
import type { JsonObject } from '../pack/journeyTypes';
import { actions, bindAction, type ActionEnv, type Context } from './actions';
import type { JourneyEmitted } from './emitted';
import { guards, testGuard } from './guards';
import type { JourneyEvent } from './journeyEvents';

/**
 * A provider call or device capability a journey invokes (`src`): its input is the request its
 * input map builds, its answer whatever the provider says (read through checked pointers).
 */
export type CallLogic = PromiseActorLogic<unknown, Record<string, unknown>>;

/**
 * Guards and actions by name as XState sees them: a journey's, with the params its file gives
 * (JSON, held to each one's params schema by journeys:check, then typed by guards.ts and
 * actions.ts). The engine's own on every step are functions (stepEngine.ts), not names.
 */
type Named = Record<string, JsonObject | undefined>;

interface Args {
  context: Context;
  event: JourneyEvent;
}

/** The guards a journey names, each testing the params its file gives. */
function journeyGuards() {
  return Object.fromEntries(Object.keys(guards).map((name) => [name, ({ context, event }: Args, params: JsonObject | undefined) => testGuard(name, { context, event }, params)]));
}

/** The actions a journey names: each one's context update, then what it emits. */
function journeyActions(env: ActionEnv) {
  return Object.fromEntries(
    Object.keys(actions).map((name) => [
      name,
      enqueueActions<Context, JourneyEvent, JsonObject | undefined, JourneyEvent, never, never, never, never, JourneyEmitted>(({ context, event, enqueue }, params) => {
        const { update, emit } = bindAction(name, params, env);
        if (update) enqueue.assign(({ context: now, event: then }) => update({ context: now, event: then }));
        for (const emitted of emit?.({ context, event }) ?? []) enqueue.emit(emitted);
      }),
    ]),
  );
}

/** A stand-in for each call the journey invokes: its country's are given by the api layer (`machine.provide({ actors })`). */
function standInCalls(graph: JourneyGraph): Record<string, CallLogic> {
  return Object.fromEntries(
    [...new Set(graph.invokes.map(({ invoke }) => invoke.src))].map((name) => [
      name,
      fromPromise<unknown, Record<string, unknown>>(async () => {
        throw new Error(`${name} is not provided: give it with machine.provide({ actors })`);
      }),
    ]),
  );
}

/** What XState runs a journey with: its context, events and emitted records, its guards, actions and calls. */
export function journeySetup(graph: JourneyGraph) {
  const env: ActionEnv = { journey: graph.id, initialContext: graph.config.context ?? {} };
  // The types given, not inferred: XState would drop the journey's guards and actions, named by any string.
  return setup<Context, JourneyEvent, Record<string, CallLogic>, Record<never, string>, Named, Named, never, string, NonReducibleUnknown, NonReducibleUnknown, JourneyEmitted, MetaObject, MetaObject>({
    guards: journeyGuards(),
    actions: journeyActions(env),
    actors: standInCalls(graph),
  });
}

export type JourneySetup = ReturnType<typeof journeySetup>;
