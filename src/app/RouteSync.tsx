import { useEffect, useRef } from 'react';
import { currentStep, routeOf } from '../runtime/compileJourney';
import { routeMatches } from '../pack/routes';
import type { NavBackEvent } from '../runtime/journeyEvents';
import { whenIdle } from '../screens/whenIdle';
import { withInspect } from './inspectMode';
import { useJourney } from './journeyContext';

/** How long after a step change its URL may wait for idle time. */
const URL_AT_THE_LATEST_MS = 200;

/** The path the browser shows, decoded (`/año` rather than `/a%C3%B1o`). */
const browserPath = () => decodeURI(window.location.pathname);

/**
 * Keeps the URL a projection of the journey's state (docs/architecture.md): the machine decides, the URL
 * follows, so no router is needed. Browser back and forward (popstate) send `nav.back` with the
 * path the browser went to, and the step's back policy decides; a page opened at a URL (a deep
 * link to a step not reached, a reload) shows the journey's current step instead.
 */
export function RouteSync() {
  const { step, context, journey, actor } = useJourney();
  const shown = useRef<string | undefined>(undefined);
  const target = step ? routeOf(step, context) : undefined;

  // The machine moved: show its step, in idle time once its screen is drawn (a history entry
  // costs a few ms at a phone's speed, and the new screen waited for it). Entries asked for in
  // order are written in that order.
  useEffect(() => {
    if (!target || target === shown.current) return;
    const replace = shown.current === undefined || step?.history === 'reset';
    shown.current = target;
    whenIdle(() => {
      if (routeMatches(target, browserPath())) return;
      // (A tester's `?inspect` stays on every URL: a step change or a reload goes on inspecting.)
      if (replace) window.history.replaceState(null, '', withInspect(target));
      else window.history.pushState(null, '', withInspect(target));
    }, URL_AT_THE_LATEST_MS);
  }, [target]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new step moves the URL

  // The browser moved: ask the machine, then show where it is (its step again if it stayed).
  useEffect(() => {
    const routeNow = () => {
      const snapshot = actor.getSnapshot();
      const now = currentStep(journey, snapshot);
      return now ? routeOf(now, snapshot.context) : undefined;
    };
    const onPopState = () => {
      const path = browserPath();
      const before = routeNow();
      if (!before || routeMatches(before, path)) return;
      actor.send({ type: 'nav.back', route: path } satisfies NavBackEvent);
      const after = routeNow();
      shown.current = after;
      if (after && !routeMatches(after, path)) window.history.replaceState(null, '', withInspect(after));
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [actor, journey]);
  return null;
}
