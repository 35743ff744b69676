import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { loadedStep, loadStep, type LoadedStep } from './stepLoader';
import type { StepScreenProps } from './StepScreen';
import { whenIdle } from './whenIdle';

/** The steps drawn once off the page already (their code has run), in this page's life. */
const warmed = new Set<string>();

/** No call leaves a screen drawn off the page: it waits forever, and is dropped with the screen. */
const noCall: StepScreenProps['call'] = () => new Promise<never>(() => undefined);

type Screen = ComponentType<StepScreenProps & { loaded: LoadedStep }>;

/**
 * Draws the next step's form once, off the page, while the phone is idle and the agent is on the
 * current step: the first time a form of a kind is drawn, its code runs for the first time (a
 * tenth of a second at a phone's speed on a sale's first form), and that was the step change the
 * agent waited for. The drawing is a transition React sets aside as soon as the agent touches the
 * screen; it is made with the journey's data, sends nothing and calls nothing, and is dropped once
 * drawn. Steps drawn by a widget of their own (photo, signature, map, offers) are not drawn ahead.
 */
export function WarmNextStep({ next, journeyData, Screen }: { next: string[] | undefined; journeyData: Record<string, unknown>; Screen: Screen }) {
  const [warm, setWarm] = useState<{ name: string; loaded: LoadedStep } | null>(null);
  const names = next?.join(',');
  useEffect(() => {
    if (!names) return undefined;
    const list = names.split(',');
    let live = true;
    const pick = () => {
      for (const name of list) {
        const loaded = loadedStep(name);
        if (warmed.has(name) || !loaded?.form || loaded.FormWidget) continue;
        warmed.add(name);
        startTransition(() => setWarm({ name, loaded }));
        return;
      }
    };
    // Once the next steps' code is loaded (loadStep shares the loads of loadAhead), in idle time again.
    let cancel = whenIdle(() => {
      void Promise.all(list.map((name) => loadStep(name).catch(() => undefined))).then(() => {
        if (live) cancel = whenIdle(pick, 3000);
      });
    }, 3000);
    return () => {
      live = false;
      cancel();
    };
  }, [names]);
  const [container] = useState(() => (typeof document === 'undefined' ? null : document.createElement('div')));
  if (!warm || !container) return null;
  return createPortal(
    <>
      <Screen stepName={warm.name} loaded={warm.loaded} saved={undefined} busy={false} call={noCall} journeyData={journeyData} send={() => undefined} next={undefined} />
      <Drawn onDrawn={() => setWarm(null)} />
    </>,
    container,
  );
}

function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useEffect(() => onDrawn(), []); // eslint-disable-line react-hooks/exhaustive-deps -- once drawn
  return null;
}
