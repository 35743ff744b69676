/**
 * Events the running journey emits for the shell to act on (`actor.on(type, handler)`):
 * analytics, messages shown, session start and wipe, step changes, leaving for an outside page. Analytics names and outcomes
 * are literals written in the journey file; a record's `fields` are the values the journey file
 * names (a lead id, a plan, a price, a visit's date), which the shell checks once more for
 * personal data before anything leaves (src/app/trackingRecords.ts).
 */
export type JourneyEmitted =
  | { type: 'track'; journey: string; name: string; outcome?: string; fields?: Record<string, unknown> }
  /** A message shown on the step (`message` action): its words, and the failed call's error id when an error shows it. */
  | { type: 'message.shown'; journey: string; text: string; errorId?: string }
  | { type: 'step.entered'; journey: string; stateId: string; route: string; track?: string }
  | { type: 'flow.ended'; journey: string; stateId: string }
  | { type: 'session.started'; journey: string }
  | { type: 'session.wiped'; journey: string }
  /** The journey leaves for an outside page (`leave` action): the shell saves it, then opens `url` if it may. */
  | { type: 'app.leave'; journey: string; url: string };
