import { Activity, memo, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { StepInfo } from '../runtime/compileJourney';
import { loadedStep, loadStep, type LoadedStep } from './stepLoader';
import { openingData } from './stepData';
import { StepScreen, type StepScreenProps } from './StepScreen';
import { whenIdle } from './whenIdle';

interface StageProps {
  /** The journey's state on screen, and its screen's props. */
  stateId: string;
  screen: StepScreenProps;
  /** The steps that may come next, the main line first. */
  ahead: StepInfo['nextStates'];
  /** A next step's data as the journey stands now (what it saved there, the journey's data). */
  aheadData: (stateId: string) => Pick<StepScreenProps, 'saved' | 'journeyData'>;
}

/** A screen and the element it is drawn into, in the page or outside it. */
interface Slot {
  key: string;
  stateId: string;
  /** What the screen opened with (openingData), for a screen drawn ahead. */
  opening: string | undefined;
  container: HTMLDivElement;
  props: StepScreenProps;
}

let slotCount = 0;

function newSlot(stateId: string, props: StepScreenProps, opening?: string): Slot {
  const container = document.createElement('div');
  // Laid out as if the screen were the page's child: the element only holds it.
  container.style.display = 'contents';
  return { key: `${stateId}#${++slotCount}`, stateId, opening, container, props };
}

/** The steps drawn ahead: a plain form, not a photo, signature, map or offers widget. */
const drawnAhead = (loaded: LoadedStep | null | undefined): loaded is LoadedStep => Boolean(loaded?.form && !loaded.FormWidget);

/** What a screen would open with, for a step drawn ahead; undefined for the others. */
function openingOf(props: StepScreenProps): string | undefined {
  const loaded = loadedStep(props.stepName);
  if (!drawnAhead(loaded)) return undefined;
  return JSON.stringify(openingData(loaded.step, props.saved, props.draft, props.journeyData));
}

/** Memo: a screen drawn ahead keeps the props it was drawn with, and is not drawn again while hidden. */
const StagedScreen = memo(StepScreen);

/**
 * The current step's screen, and the next step's drawn ahead of time: once the phone is idle on a
 * step, the first next step with a plain form (not a photo, signature, map or offers widget) is
 * drawn, hidden (React's Activity: its effects wait, it sends and calls nothing), into an element
 * outside the page. When the journey goes there and the screen would open with the same data,
 * that element is put in the page and the screen shown as drawn, instead of built in the click
 * the agent waits on; otherwise the step is drawn as usual. Each screen has its own element, so
 * the one drawn ahead is never in the page (no second form, field ids or labels beside the
 * current ones).
 */
export function StepStage({ stateId, screen, ahead, aheadData }: StageProps) {
  const [prepared, setPrepared] = useState<Slot | null>(null);
  // The slot on screen, chosen when the journey's state changes (kept in a ref: a render again on
  // the same state must keep it, and it is not a change of its own to draw).
  const shown = useRef<Slot | null>(null);
  if (shown.current?.stateId !== stateId) {
    const reuse = prepared?.stateId === stateId && prepared.opening !== undefined && prepared.opening === openingOf(screen);
    shown.current = reuse ? prepared : newSlot(stateId, screen);
  }
  const slot = shown.current;

  const latest = useRef({ stateId, screen, ahead, aheadData });
  useEffect(() => {
    latest.current = { stateId, screen, ahead, aheadData };
  });
  const aheadKey = ahead.map((next) => next.stateId).join(',');
  useEffect(() => {
    if (!aheadKey) return undefined;
    let live = true;
    const draw = () => {
      const { stateId: here, ahead: steps, aheadData: dataOf } = latest.current;
      // Not the step on screen again (a step that goes back to itself shows what it shows).
      const pick = steps.find((next) => next.stateId !== here && drawnAhead(loadedStep(next.step)));
      if (!pick) return;
      // A hidden screen calls and sends nothing (its effects wait, nothing of it is in the page to
      // touch). Once shown, its call and send are the screen's of the moment: rjsf keeps the form
      // context it was drawn with when only its functions differ (its deep compare calls all
      // functions equal), and a stand-in that did nothing stayed in the shown form's widgets.
      const call: StepScreenProps['call'] = (...args) => latest.current.screen.call(...args);
      const send: StepScreenProps['send'] = (event) => latest.current.screen.send(event);
      const props: StepScreenProps = { stepName: pick.step, ...dataOf(pick.stateId), draft: undefined, busy: false, call, send };
      startTransition(() => setPrepared(newSlot(pick.stateId, props, openingOf(props))));
    };
    // Once the next steps' code is loaded (loadStep shares the loads of loadAhead), in idle time again.
    let cancel = whenIdle(() => {
      void Promise.all(latest.current.ahead.map((next) => loadStep(next.step).catch(() => undefined))).then(() => {
        if (live) cancel = whenIdle(draw, 3000);
      });
    }, 3000);
    return () => {
      live = false;
      cancel();
    };
  }, [slot.key, aheadKey]);

  // The shown slot's element goes in the page as this element's child, before the screen's own
  // layout effects run (a ref is set in the commit in tree order, and this one comes first).
  const place = useCallback((element: HTMLDivElement | null) => element?.replaceChildren(slot.container), [slot.container]);
  const screens = [createPortal(<Activity mode="visible"><StagedScreen {...screen} /></Activity>, slot.container, slot.key)];
  if (prepared && prepared.key !== slot.key && ahead.some((next) => next.stateId === prepared.stateId)) {
    screens.push(createPortal(<Activity mode="hidden"><StagedScreen {...prepared.props} /></Activity>, prepared.container, prepared.key));
  }
  return (
    <>
      <div ref={place} style={{ display: 'contents' }} />
      {screens}
    </>
  );
}
