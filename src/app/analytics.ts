import type { AnyActorRef } from 'xstate';
import type { JourneyEmitted } from '../engine/emitted';

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

/**
 * Pushes every step and tracked event of the journey to `window.dataLayer`, the tag manager's
 * convention (spec section 1): journey, step or event name, outcome. What is pushed is only what
 * the engine emits, and the engine emits literals written in the journey file and route patterns
 * (`/lead/:id`, never a filled one): no names, documents, phones, e-mails or places.
 */
export function connectAnalytics(actor: AnyActorRef): void {
  window.dataLayer ??= [];
  const push = (entry: Record<string, unknown>) => window.dataLayer?.push(entry);
  actor.on('step.entered', (event: JourneyEmitted) => {
    if (event.type === 'step.entered') push({ event: 'journey_step', journey: event.journey, step: event.track ?? event.stateId, route: event.route });
  });
  actor.on('track', (event: JourneyEmitted) => {
    if (event.type === 'track') push({ event: event.name, journey: event.journey, ...(event.outcome ? { outcome: event.outcome } : {}) });
  });
  actor.on('flow.ended', (event: JourneyEmitted) => {
    if (event.type === 'flow.ended') push({ event: 'journey_end', journey: event.journey, step: event.stateId });
  });
}
