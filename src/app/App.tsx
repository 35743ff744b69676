import { MantineProvider } from '@mantine/core';
import { useEffect } from 'react';
import { stepDataPointer } from '../pack/stepDataPointer';
import { savedData } from '../screens/StepScreen';
import { StepStage } from '../screens/StepStage';
import { recordOutboundLink } from './analytics';
import { AppLayout } from './AppLayout';
import { JourneyContext, useJourney } from './journeyContext';
import type { JourneyRuntime } from './journeyRuntime';
import { RouteSync } from './RouteSync';
import { cssVariablesResolver, theme } from './theme';

/** The current step's screen, fed from the journey, with the next one drawn ahead (StepStage). */
function CurrentStep() {
  const { step, context, busy, call, send, journey } = useJourney();
  if (!step?.step) return null;
  const pointer = stepDataPointer(journey.graph, step.stateId);
  const draft = (context.ui as { draft?: { stateId?: string; data?: Record<string, unknown> } | null } | undefined)?.draft;
  const aheadData = (stateId: string) => ({ saved: savedData(context, stepDataPointer(journey.graph, stateId)), journeyData: context });
  return (
    <StepStage
      stateId={step.stateId}
      screen={{
        stepName: step.step,
        saved: savedData(context, pointer),
        draft: draft?.stateId === step.stateId && draft.data ? draft.data : undefined,
        busy,
        next: step.next,
        call,
        journeyData: context,
        send,
        onOpenLink: (link) => recordOutboundLink(journey.id, step.track ?? step.stateId, link),
      }}
      ahead={step.nextStates}
      aheadData={aheadData}
    />
  );
}

interface AppProps {
  /** The running journey (startApp.tsx): made once per page, outside React, which may render the app twice before it commits. */
  runtime: JourneyRuntime;
  styleNonce?: string | undefined;
  /** Told once the app has drawn its first screen. */
  onDrawn?: () => void;
}

/** The agent app: one journey, its URL, its screens. */
export function App({ runtime, styleNonce, onDrawn }: AppProps) {
  useEffect(() => onDrawn?.(), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, when first drawn
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
