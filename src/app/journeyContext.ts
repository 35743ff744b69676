import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import { currentStep } from '../runtime/compileJourney';
import type { JourneyEvent } from '../runtime/journeyEvents';
import { isBusy } from './journeyBusy';
import type { JourneyRuntime } from './journeyRuntime';

export const JourneyContext = createContext<JourneyRuntime | null>(null);


/**
 * The running journey, its current snapshot and step, re-rendered on every change.
 *
 * The actor is bound with @xstate/react's `useSelector`, not `useActorRef`: the runtime starts it
 * before the first render (it resumes from the sealed snapshot, and persistence and analytics
 * subscribe to it), and `useActorRef` would stop and restart it under StrictMode's double mount.
 */
export function useJourney() {
  const runtime = useJourneyRuntime();
  const snapshot = useSelector(runtime.actor, (s) => s);
  const busy = useSelector(runtime.actor, isBusy);
  const step = currentStep(runtime.journey, snapshot);
  const context = snapshot.context as Record<string, unknown> & { ui?: { message?: string | null } };
  return { ...runtime, snapshot, step, busy, context, send: (event: JourneyEvent) => runtime.actor.send(event) };
}

/** The running journey itself (its actor, journey and calls), without subscribing to its changes. */
export function useJourneyRuntime(): JourneyRuntime {
  const runtime = useContext(JourneyContext);
  if (!runtime) throw new Error('useJourney needs a JourneyContext provider');
  return runtime;
}

/**
 * One value read from the journey, drawn again only when that value changes (compared with
 * `Object.is`): the frame around the steps reads a few, and a step change that leaves them as
 * they were draws none of it.
 */
export function useJourneyValue<T>(select: (snapshot: JourneySnapshotOf<JourneyRuntime>, runtime: JourneyRuntime) => T): T {
  const runtime = useJourneyRuntime();
  return useSelector(runtime.actor, (snapshot) => select(snapshot as JourneySnapshotOf<JourneyRuntime>, runtime));
}

type JourneySnapshotOf<R extends JourneyRuntime> = ReturnType<R['actor']['getSnapshot']>;
