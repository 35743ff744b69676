import { MantineProvider } from '@mantine/core';
import { useMemo } from 'react';
import { stepDataPointer } from '../engine/stepDataPointer';
import { StepScreen, savedData } from '../screens/StepScreen';
import { AppLayout } from './AppLayout';
import { JourneyContext, useJourney } from './journeyContext';
import { openingEvents } from './openingEvents';
import { createJourneyRuntime, type Inspect } from './journeyRuntime';
import { RouteSync } from './RouteSync';
import { cssVariablesResolver, theme } from './theme';
import type { SealedStore } from './sealedStorage';

/** The current step's screen, fed from the journey. */
function CurrentStep() {
  const { step, context, busy, call, send, journey } = useJourney();
  if (!step?.step) return null;
  const pointer = stepDataPointer(journey.graph, step.stateId);
  const draft = (context.ui as { draft?: { stateId?: string; data?: Record<string, unknown> } | null } | undefined)?.draft;
  return (
    <StepScreen
      key={step.stateId}
      stepName={step.step}
      saved={savedData(context, pointer)}
      draft={draft?.stateId === step.stateId && draft.data ? draft.data : undefined}
      busy={busy}
      next={step.next}
      call={call}
      journeyData={context}
      send={send}
    />
  );
}

/** The agent app: one journey, its URL, its screens. */
export function App({ store, inspect, styleNonce }: { store: SealedStore; inspect?: Inspect; styleNonce?: string | undefined }) {
  const runtime = useMemo(() => {
    const created = createJourneyRuntime(store, inspect);
    // A page opened at /redirect (the provider sending the agent back) tells the journey so.
    for (const event of openingEvents(decodeURI(window.location.pathname))) created.actor.send(event);
    return created;
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- one journey per page
  return (
    // The page's Content Security Policy admits style elements with its nonce only (sandbox server).
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} {...(styleNonce ? { getStyleNonce: () => styleNonce } : {})}>
      <JourneyContext.Provider value={runtime}>
        <RouteSync />
        <AppLayout>
          <CurrentStep />
        </AppLayout>
      </JourneyContext.Provider>
    </MantineProvider>
  );
}
