import { createActor } from 'xstate';
import { activeNodes } from '../../src/pack/activeNodes';
import { currentStep, type CompiledJourney, type StepInfo } from '../../src/runtime/compileJourney';
import type { JourneyEmitted } from '../../src/runtime/emitted';
import { settle, standInActors, type Outcome } from './standInActors';

/**
 * A journey running in a real XState actor with stand-in calls: send events, queue call
 * outcomes, and read the step, the route and the context as the shell would.
 */
export function driveJourney(journey: CompiledJourney) {
  const queue: Outcome[] = [];
  const { actors, calls } = standInActors(queue, (journey.config.meta?.country ?? 'SV').toLowerCase());
  const actor = createActor(journey.machine.provide({ actors: actors as never }));
  const emitted: JourneyEmitted[] = [];
  actor.on('*', (event) => emitted.push(event as JourneyEmitted));
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    calls,
    emitted,
    /** Queues what the next calls answer, in the order they will be made. */
    answer: (...outcomes: Outcome[]) => queue.push(...outcomes),
    send: async (event: { type: string } & Record<string, unknown>) => {
      actor.send(event as never);
      await settle();
    },
    settle,
    step: (): StepInfo | undefined => currentStep(journey, snapshot()),
    route: () => currentStep(journey, snapshot())?.route,
    stateId: () => {
      const active = activeNodes(journey.graph, snapshot().value);
      return active[active.length - 1]?.id;
    },
    context: () => snapshot().context as Record<string, unknown>,
    message: () => (snapshot().context as { ui?: { message?: string | null } }).ui?.message ?? null,
    pending: () => queue.length,
  };
}
