import type { ShellEvent } from './generated/shellEvents';

export type { ShellEvent } from './generated/shellEvents';

// Object types, not interfaces: each is also an event as the tools and the replays hold it, any
// name with any values (PackEvent), as the generated shell events are.

/** A step's form sent on (`step.submit`): its data, as the step's schema has it; a step without fields sends none. */
export type StepSubmitEvent = {
  type: 'step.submit';
  data?: unknown;
};

/** What is typed or captured on a step and not sent yet: kept as the step's draft (DRAFT_POINTER). */
export type StepDraftEvent = {
  type: 'step.draft';
  data?: unknown;
};

/** Browser back or forward, with the path the browser went to; the step's back policy decides (none: the step before). */
export type NavBackEvent = {
  type: 'nav.back';
  route?: string;
};

/**
 * A call's answer (`onDone`, read at `/event/output`), by the invoke's id. XState sends it when
 * the call resolves; the tools that play the provider (journeys:paths, the replays) send it too,
 * with a branch's example, which may leave the answer out.
 */
export type CallDoneEvent = {
  type: `xstate.done.actor.${string}`;
  output?: unknown;
  actorId?: string;
};

/** A call's failure (`onError`, read at `/event/error`: `{ status, message, code }`), by the invoke's id. */
export type CallErrorEvent = {
  type: `xstate.error.actor.${string}`;
  error?: unknown;
  actorId?: string;
};

/** A delay that passed (`after`), by XState's name for it. */
export type DelayEvent = {
  type: `xstate.after.${string}`;
};

/**
 * An event a country's pack names (a step file's button, row, page or field: `offer.toggle` with
 * its `planId`, `report.page` with its `page`; an event built from a branch's example in the
 * journey file, as journeys:paths builds them): its name and what it carries are data, read with
 * the journey, so they are any name and any values. journeys:check holds each to a transition
 * of the journey, and each `/event` pointer to what the event's examples carry.
 */
export type PackEvent = {
  type: string;
  [key: string]: unknown;
};

/**
 * A deep link the page was opened at (the journey file's `links`: src/pack/links.ts): the link's
 * event, with the values its URL gave (`/event/values/<name>`, each text, only those present).
 * Values come from a URL anyone can write: ids and tokens to check with the provider, never
 * trusted as they are (docs/journeys.md, "Links").
 */
export type LinkEvent = {
  type: string;
  values: Record<string, string>;
};

/** Events the engine handles on every step, besides the journey's own. */
export type EngineEvent = NavBackEvent | StepDraftEvent;

/**
 * Every event a journey is sent: the shell's (generated from the journey meta-schema), the
 * engine's, a step's submit, a call's answer or failure, a delay, a deep link's, and those its pack names.
 * Since a pack's events are any name, XState sees `type` as any string: the typed members are
 * what the shell and the engine build and read (each built with `satisfies` its member).
 */
export type JourneyEvent = ShellEvent | EngineEvent | StepSubmitEvent | CallDoneEvent | CallErrorEvent | DelayEvent | LinkEvent | PackEvent;
