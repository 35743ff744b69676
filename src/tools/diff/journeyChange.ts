/** A step's progress before and after an edit, as the app shows it (`9/23`; undefined: none shown). */
export interface ProgressChange {
  /** The step's id in the new version (its old one when the edit removed it). */
  step: string;
  before: string | undefined;
  after: string | undefined;
}

/** The paths of `journeys:paths` an edit changes, by their names (as src/tools/paths/journeyPaths.ts names them). */
export interface PathChanges {
  /** A path whose steps are the same but whose name is not (a state on its way renamed). */
  renamed: Array<{ from: string; to: string }>;
  /** Paths the old version has and the new one does not. */
  gone: string[];
  /** Paths the new version has and the old one did not. */
  added: string[];
  /** Paths of the same name whose steps changed. */
  changed: string[];
}

/** What a rename or a move alters beyond itself: the transitions it retargeted, the progress numbers, the paths. */
export interface IntentEffects {
  /** The transitions retargeted with it, each as `state: event → target (was → old target)`. */
  transitions: string[];
  progress: ProgressChange[];
  /** Undefined when the paths could not be worked out (a version journeys:check faults), with why in `pathsNote`. */
  paths?: PathChanges;
  pathsNote?: string;
}

/** One change between two versions of a journey, in its own words. */
export interface JourneyChange {
  kind: 'state' | 'step' | 'transition' | 'guard' | 'actions' | 'call' | 'message' | 'data' | 'inProgress';
  /**
   * `stranded`: the sales in progress at a state the new version no longer has, and where they go;
   * `renamed`: a state under another key, the same otherwise; `moved`: a step met at another point
   * of the sale (other steps before and after it) or a state under another parent.
   */
  change: 'added' | 'removed' | 'changed' | 'stranded' | 'renamed' | 'moved';
  /** Where: a state's id, or a transition as "state: event → target". */
  where: string;
  /** What changed, for a change: `route "/a" → "/b"`; for a move, where the step is now. */
  detail?: string;
  /** The state's id in the old version, for a rename or a move that changed it. */
  from?: string;
  /** The id (in the new version) of the state the change is on, for marking it on the diagram. */
  state?: string;
  /** For a rename or a move: what else it changes. */
  effects?: IntentEffects;
}
