/**
 * Events the running journey emits for the shell to act on (`actor.on(type, handler)`):
 * analytics, session start and wipe, step changes. None carries personal data: analytics
 * names and outcomes are literals written in the journey file, never values read from context.
 */
export type JourneyEmitted =
  | { type: 'track'; journey: string; name: string; outcome?: string }
  | { type: 'step.entered'; journey: string; stateId: string; route: string; track?: string }
  | { type: 'flow.ended'; journey: string; stateId: string }
  | { type: 'session.started'; journey: string }
  | { type: 'session.wiped'; journey: string };
