import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { currentStep, routeOf } from '../engine/compileJourney';
import { routeMatches } from '../engine/routes';
import { useJourney } from './journeyContext';

/**
 * Keeps the URL a projection of the journey's state (DESIGN.md): the machine decides, the URL
 * follows. Browser back sends `nav.back` with the path the browser went to, and the step's back
 * policy decides; a URL typed by hand for a step not reached lands back on the current step.
 */
export function RouteSync() {
  const { step, context, send, journey, actor } = useJourney();
  const navigate = useNavigate();
  const location = useLocation();
  const shown = useRef<string | undefined>(undefined);
  const path = decodeURI(location.pathname);
  const target = step ? routeOf(step, context) : undefined;

  // The machine moved: show its step.
  useEffect(() => {
    if (!target || target === shown.current) return;
    const first = shown.current === undefined;
    shown.current = target;
    if (!routeMatches(target, path)) navigate(target, { replace: first || step?.history === 'reset' });
  }, [target]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new step moves the URL

  // The browser moved (back, forward): ask the machine, then show where it is. A page opened at
  // a URL (a deep link, a reload) only shows the journey's current step: effect 1 does that.
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (!target || routeMatches(target, path)) return;
    send({ type: 'nav.back', route: path });
    // The machine answers at once: show where it is now (back to its step if it stayed).
    const now = actor.getSnapshot();
    const next = currentStep(journey, now);
    const nextRoute = next ? routeOf(next, now.context) : undefined;
    shown.current = nextRoute;
    if (nextRoute && !routeMatches(nextRoute, path)) navigate(nextRoute, { replace: true });
  }, [path]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new URL asks the machine
  return null;
}
