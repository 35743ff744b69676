/**
 * The shape of a journey file (`journeys/<cc>.json`): an XState v5 machine config in plain JSON,
 * where everything executable is referenced by name. `schemas/journey.schema.json` is the
 * authoritative description; these types mirror it for the compiler.
 */
import type { InputMap } from './inputTerms';
import type { JourneyLink } from './links';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

// Object types, not interfaces: a journey's parts are JSON, and a type (unlike an interface) can
// be given where JSON objects are asked for (`cloneJson`, a `Record<string, unknown>`).

/** A named guard, action or the like: `"name"` or `{ "type": "name", "params": {...} }`. */
export type NamedRef = string | { type: string; params?: JsonObject };

export type BackPolicy = 'allow' | 'block' | 'home';

/** What the engine reads from a state's `meta`. */
export type StepMeta = {
  route?: string;
  aliases?: string[];
  params?: Record<string, string>;
  step?: string;
  progress?: string;
  back?: BackPolicy;
  track?: string;
  public?: boolean;
  end?: boolean;
  history?: 'push' | 'reset';
  /** Where the step's data lives in the journey (a `/context` pointer), or `false` when what is
   * typed there is not kept (a PIN, a one-time code). The screen starts from it. */
  data?: string | false;
};

export type TransitionObject = {
  target?: string | string[];
  guard?: NamedRef;
  actions?: NamedRef | NamedRef[];
  reenter?: boolean;
  description?: string;
  /**
   * `example`: the event payload (without `type`) that takes this branch; `examples`: several,
   * when eventless branches after it read the data. Used by paths and replays.
   */
  meta?: { example?: JsonObject; examples?: JsonObject[] };
};

export type TransitionConfig = string | TransitionObject | Array<string | TransitionObject>;

export type InvokeConfig = {
  src: string;
  id?: string;
  /** The actor's input (a provider call's request), key by key, in the input vocabulary (inputMap.ts). */
  input?: InputMap;
  onDone?: TransitionConfig;
  onError?: TransitionConfig;
};

export type StateConfig = {
  type?: 'atomic' | 'compound' | 'final';
  id?: string;
  description?: string;
  initial?: string;
  states?: Record<string, StateConfig>;
  on?: Record<string, TransitionConfig>;
  always?: TransitionConfig;
  after?: Record<string, TransitionConfig>;
  invoke?: InvokeConfig | InvokeConfig[];
  entry?: NamedRef | NamedRef[];
  exit?: NamedRef | NamedRef[];
  tags?: string[];
  meta?: StepMeta;
};

export type JourneyMeta = {
  country: string;
  title?: string;
  /** State reached by `back: "home"`; defaults to the state whose route is `/`. */
  home?: string;
  /** The shape of journey data nothing else declares, by `/context` pointer: a JSON Schema each. */
  context?: Record<string, JsonObject>;
};

/** Where the sales saved in a removed or renamed state go: a step by `#id`, and what the agent is told. */
export type FormerState = { target: string; message?: string };

export type JourneyConfig = StateConfig & {
  $schema?: string;
  /** Deep links: paths the page may be opened at, each sending the journey its event (src/pack/links.ts). */
  links?: JourneyLink[];
  /** Where sales saved in a state this version no longer has resume, by the old state's id (src/runtime/versionResume.ts). */
  formerStates?: Record<string, FormerState>;
  id: string;
  version?: string;
  context?: JsonObject;
  meta?: StepMeta & JourneyMeta;
};
