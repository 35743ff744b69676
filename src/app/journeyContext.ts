import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import { currentStep } from '../engine/compileJourney';
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
  const runtime = useContext(JourneyContext);
  if (!runtime) throw new Error('useJourney needs a JourneyContext provider');
  const snapshot = useSelector(runtime.actor, (s) => s);
  const busy = useSelector(runtime.actor, isBusy);
  const step = currentStep(runtime.journey, snapshot);
  const context = snapshot.context as Record<string, unknown> & { ui?: { message?: string | null } };
  return { ...runtime, snapshot, step, busy, context, send: (event: { type: string } & Record<string, unknown>) => runtime.actor.send(event as never) };
}
