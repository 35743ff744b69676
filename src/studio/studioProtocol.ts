/**
 * What the journey studio's server (src/studio/server/studioPlugin.ts) tells its page: a journey
 * file as last checked, by HTTP when the page opens and by a Vite custom event on every save.
 */
import type { JourneyConfig } from '../pack/journeyTypes';
import type { LocatedProblem } from '../checker/problem';

/** Where the studio is served, on the app's own origin (so it hears the app's inspection channel). */
export const STUDIO_BASE = '/__studio/';

/** The Vite custom event that carries a journey after each save. */
export const JOURNEY_EVENT = 'studio:journey';

export interface StudioJourney {
  /** The file's name without `.json` (`sv`): what the country picker offers. */
  country: string;
  /** The file as its problems name it. */
  file: string;
  /**
   * The journey to draw: the file's, or, when the file is no journey at the moment (not JSON,
   * or not the meta-schema's shape), the last one that was: an edit in progress keeps its picture.
   */
  config: JourneyConfig | null;
  /** Whether `config` is from an earlier save than the problems. */
  stale: boolean;
  /** The checker's problems, as `journeys:check` prints them: the journey file's and its country's steps'. */
  problems: LocatedProblem[];
  /** When the file was checked (ms since 1970). */
  checkedAt: number;
  /** The line of the file each state is written at, by the state's id (those of `config`). */
  stateLines: Record<string, number>;
}

export const journeysUrl = `${STUDIO_BASE}api/journeys`;
export const journeyUrl = (country: string) => `${STUDIO_BASE}api/journey?country=${encodeURIComponent(country)}`;
