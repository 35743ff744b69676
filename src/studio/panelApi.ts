/**
 * What the studio panels' server routes answer (src/studio/server/panelRoutes.ts), shared by the
 * server and the panels so that one change of shape is a type error on both sides.
 */
import type { CallOutcome } from '../api/apiError';
import type { JourneyChange } from '../tools/diff/journeyChange';
import type { StepSample } from './sampleData';

/** The panels' routes on the studio's dev server. */
export const PANEL_API = '/__studio/api';

/**
 * `GET /__studio/api/steps?country=<cc>`: the journey's steps with sample data, and the journey's
 * data with the provider's answers in it (each call of the journey asked of the studio's own
 * sandbox: src/studio/server/panels/answeredJourneyData.ts).
 */
export interface StepsAnswer {
  country: string;
  /** The app's name in its header (the country file's `appTitle`). */
  appTitle: string | undefined;
  steps: StepSample[];
  /** The journey's data as a run through every step would hold it (what screens read of it). */
  journeyData: Record<string, unknown>;
  /** What each of the journey's calls answered in the studio's sandbox (the seed's answers in `journeyData`). */
  answers: PreviewAnswer[];
}

/** One provider call of the journey, asked for the previews: where it is made and whether the seed answered it. */
export interface PreviewAnswer {
  /** The state that makes the call (`sv.signedIn.sale.menu.loadingOffers`). */
  stateId: string;
  operationId: string;
  ok: boolean;
  /** Why it did not answer (the journey's example then stays in the data). */
  message?: string;
}

/**
 * `POST /__studio/api/preview/call?country=<cc>` with `{ operationId, input }`: a previewed
 * screen's provider call (a map's coverage areas, a select's options), answered by the studio's
 * own sandbox over the seed (src/studio/server/panels/previewSandbox.ts): the app's CallOutcome.
 */
export type PreviewCallAnswer = CallOutcome<unknown>;

/** One path as the list shows it: each place it passes and the event that moves it on. */
export interface PathSummary {
  name: string;
  /** Each step: the route (or the state's key in brackets) and the event's label (`step.submit`, `done api.x`). */
  steps: Array<{ place: string; label: string }>;
  end: string;
  /** The full ids of the states the path passes through, in order, each once, its end last (for the diagram). */
  states: string[];
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

/**
 * How a replay went (src/tools/replay/replayStatus.ts): `passed`, `warned` (a value not the
 * path's, which `--strict` fails), `expected` (a known limit of the seed, with its reason) or
 * `failed` (it left the path).
 */
export type ReplayStatusName = 'passed' | 'warned' | 'expected' | 'failed';

/** `POST /__studio/api/replay?country=<cc>` with `{ name }`: the path replayed in Node against a fresh sandbox. */
export interface ReplayAnswer {
  name: string;
  ok: boolean;
  status: ReplayStatusName;
  /** The known limit's reason, when the replay left the path where one is expected. */
  expected?: string;
  /** The agent's events sent, each with the place it was sent from. */
  done: Array<{ place: string; event: string }>;
  /** How many events the agent sends on the whole path. */
  of: number;
  /** Where and why it left the path (as `journeys:replay` says it). */
  left?: {
    expected: string;
    actual: string;
    /** The full id of the state the journey was in when it left the path (for the diagram). */
    state: string;
    /** The call whose answer differed from the path's example: the operation, what the example had, what the sandbox answered. */
    differed?: { operation: string; example: string; answered: string; pathGoes: string; journeyWent: string };
    lastCall?: { operationId: string; ok: boolean; status?: number; message?: string };
    pathAnswer?: string;
    message?: string;
  };
  /** Why, in the command's words (`journeys:replay` prints the same line). */
  said: string;
  ms: number;
}

/**
 * `POST /__studio/api/replay/browser?country=<cc>` with `{ name }`: the path replayed in Chromium
 * against the app built for the country (`journeys:replay -- <cc> <name> --browser`).
 */
export interface BrowserReplayAnswer {
  name: string;
  status: ReplayStatusName;
  /** The agent's events done, each with the route it was done on. */
  done: Array<{ place: string; event: string }>;
  of: number;
  /** A value or timer not the path's, at its state; `expected` the known limit's reason when it is one. */
  warnings: Array<{ stateId: string; event: string; text: string; expected?: string }>;
  /** The screenshots in order (each step as filled before its event, then the end or where it left), as images. */
  screenshots: Array<{ name: string; src: string }>;
  /** Where they are saved (`test-results/replay/<cc>/<path>/`). */
  folder: string;
  /** Where it left: the route expected and shown, the app's state then (`state`, a full state id, for the diagram), and why. */
  left?: { expected: string; actual: string; state?: string; reason?: string; message?: string; lastCall?: { operationId: string; status: number; message?: string }; pathAnswer?: string };
  said: string;
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

/**
 * `GET /__studio/api/diff/last-commit?country=<cc>`: the country's journey as it is now against
 * the same file in the last git commit (`journeys:diff -- <cc>`): `before` and `after` name the
 * two versions; `diff` is the comparison, or `unavailable` says why there is none (no git
 * checkout, a file not committed yet).
 */
export interface LastCommitDiffAnswer {
  country: string;
  before?: string;
  after: string;
  diff?: DiffAnswer;
  unavailable?: string;
}

/** An answer that went wrong: what the server says. */
export interface ErrorAnswer {
  error: string;
}
