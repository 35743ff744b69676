import { useEffect, useState } from 'react';
import { JOURNEY_EVENT, type StudioJourney } from '../studioProtocol';
import { panelFetch } from './panelFetch';

/**
 * A panel's answer from the studio's server for a country's journey (`/steps`, `/paths`),
 * asked again when that journey's file is saved (the server tells every page), as what it
 * lists may change with the file; `onSaved` lets the panel drop what was of the old file.
 */
export function useCountryAnswer<T extends { country: string }>(route: string, country: string, onSaved?: () => void, query: Record<string, string> = {}) {
  const [answer, setAnswer] = useState<T | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [version, setVersion] = useState(0);
  const search = new URLSearchParams({ country, ...query }).toString();
  useEffect(() => {
    let current = true;
    setError(undefined);
    panelFetch<T>(`${route}?${search}`).then(
      (found) => current && setAnswer(found),
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [route, search, version]);
  useEffect(() => {
    const hot = import.meta.hot;
    if (!hot) return;
    const saved = (journey: StudioJourney) => {
      if (journey.country !== country) return;
      setVersion((v) => v + 1);
      onSaved?.();
    };
    hot.on(JOURNEY_EVENT, saved);
    return () => hot.off(JOURNEY_EVENT, saved);
  }, [country]); // (onSaved is read when a save comes, not a reason to listen again)
  // (An answer for another country, while the new one is asked, is not shown.)
  // (`reload`: asked again after the panel changed what it shows, such as an edit written.)
  return { answer: answer?.country === country ? answer : undefined, error, reload: () => setVersion((v) => v + 1) };
}
