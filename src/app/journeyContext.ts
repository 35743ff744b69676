import { createContext, useContext, useSyncExternalStore } from 'react';
import { currentStep } from '../engine/compileJourney';
import type { JourneyRuntime } from './journeyRuntime';

export const JourneyContext = createContext<JourneyRuntime | null>(null);

/** The running journey, its current snapshot and step, re-rendered on every change. */
export function useJourney() {
  const runtime = useContext(JourneyContext);
  if (!runtime) throw new Error('useJourney needs a JourneyContext provider');
  const snapshot = useSyncExternalStore(
    (notify) => {
      const subscription = runtime.actor.subscribe(notify);
      return () => subscription.unsubscribe();
    },
    () => runtime.actor.getSnapshot(),
  );
  const step = currentStep(runtime.journey, snapshot);
  const busy = Object.values(snapshot.children).some((child) => child?.getSnapshot().status === 'active');
  const context = snapshot.context as Record<string, unknown> & { ui?: { message?: string | null } };
  return { ...runtime, snapshot, step, busy, context, send: (event: { type: string } & Record<string, unknown>) => runtime.actor.send(event as never) };
}
