import { useEffect, useState } from 'react';
import { JOURNEY_EVENT, journeysUrl, journeyUrl, type StudioJourney } from '../studioProtocol';

/** The journey files the studio may show (their names without `.json`). */
export function useCountries(): string[] | undefined {
  const [countries, setCountries] = useState<string[]>();
  useEffect(() => {
    let open = true;
    let known: string[] = [];
    const load = () =>
      void fetch(journeysUrl)
        .then((res) => res.json() as Promise<{ countries: string[] }>)
        .then((body) => {
          known = body.countries;
          if (open) setCountries(body.countries);
        });
    load();
    // A file saved for the first time (a new country's journey) joins the picker.
    const saved = (journey: StudioJourney) => {
      if (!known.includes(journey.country)) load();
    };
    import.meta.hot?.on(JOURNEY_EVENT, saved);
    return () => {
      open = false;
      import.meta.hot?.off(JOURNEY_EVENT, saved);
    };
  }, []);
  return countries;
}

/**
 * One journey as the server last checked it: fetched when the country is chosen, then replaced
 * by each save's (the server's custom event over Vite's own socket). The newer of the two wins,
 * whichever arrives last.
 */
export function useStudioJourney(country: string): StudioJourney | undefined {
  const [journey, setJourney] = useState<StudioJourney>();
  useEffect(() => {
    let open = true;
    const take = (next: StudioJourney) => {
      if (open && next.country === country) setJourney((before) => (before && before.country === country && before.checkedAt > next.checkedAt ? before : next));
    };
    setJourney((before) => (before?.country === country ? before : undefined));
    void fetch(journeyUrl(country))
      .then((res) => (res.ok ? (res.json() as Promise<StudioJourney>) : undefined))
      .then((body) => body && take(body));
    import.meta.hot?.on(JOURNEY_EVENT, take);
    return () => {
      open = false;
      import.meta.hot?.off(JOURNEY_EVENT, take);
    };
  }, [country]);
  return journey;
}
