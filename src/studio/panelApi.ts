/**
 * What the studio panels' server routes answer (src/studio/server/panelRoutes.ts), shared by the
 * server and the panels so that one change of shape is a type error on both sides.
 */
import type { JourneyChange } from '../tools/diff/journeyDiff';
import type { StepSample } from './sampleData';

/** The panels' routes on the studio's dev server. */
export const PANEL_API = '/__studio/api';

/** `GET /__studio/api/steps?country=<cc>`: the journey's steps with sample data. */
export interface StepsAnswer {
  country: string;
  steps: StepSample[];
  /** The journey's data as a run through every step would hold it (what screens read of it). */
  journeyData: Record<string, unknown>;
}

/** One path as the list shows it: each place it passes and the event that moves it on. */
export interface PathSummary {
  name: string;
  /** Each step: the route (or the state's key in brackets) and the event's label (`step.submit`, `done api.x`). */
  steps: Array<{ place: string; label: string }>;
  end: string;
  /** How many of its events the agent sends (the rest are the provider's answers). */
  agentEvents: number;
}

/** `GET /__studio/api/paths?country=<cc>`: the journey's paths (`journeys:paths`). */
export interface PathsAnswer {
  country: string;
  paths: PathSummary[];
  /** Branches no path takes (each as `state: event`). */
  uncovered: string[];
}

/** `POST /__studio/api/replay?country=<cc>` with `{ name }`: the path replayed against a fresh sandbox. */
export interface ReplayAnswer {
  name: string;
  ok: boolean;
  /** The agent's events sent, each with the place it was sent from. */
  done: Array<{ place: string; event: string }>;
  /** How many events the agent sends on the whole path. */
  of: number;
  /** Where and why it left the path (as `journeys:replay` says it). */
  left?: {
    expected: string;
    actual: string;
    lastCall?: { operationId: string; ok: boolean; status?: number; message?: string };
    pathAnswer?: string;
    message?: string;
  };
  ms: number;
}

/** A version of a journey to compare: a file of the repository's (journeys/, tests/fixtures/diff/) or a text pasted or uploaded. */
export type DiffVersion = { file: string } | { text: string; name?: string };

/** `GET /__studio/api/diff/files`: the files that may be compared. */
export interface DiffFilesAnswer {
  files: string[];
}

/** `POST /__studio/api/diff` with `{ before, after }`: the meaning-level changes, or why a version is not a journey. */
export type DiffAnswer = { changes: JourneyChange[]; notes: string[] } | { problems: string[] };

/** An answer that went wrong: what the server says. */
export interface ErrorAnswer {
  error: string;
}
