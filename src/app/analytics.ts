import type { AnyActorRef } from 'xstate';
import type { CallFailure } from '../api/apiClients';
import { errorIdOf } from '../runtime/actions';
import type { JourneyEmitted } from '../runtime/emitted';
import { isContainerId, TAG_MANAGER_META, TAG_MANAGER_ORIGIN } from './tagManagerContainer';
import { rawResponseText, trackingRecord, type TrackingRecord } from './trackingRecords';

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

/** Where the records go: the tag manager's data layer (created when the page has none). */
function push(record: TrackingRecord): void {
  window.dataLayer ??= [];
  window.dataLayer.push(trackingRecord(record));
}

/**
 * Pushes the journey's records to `window.dataLayer`, the tag manager's convention (spec
 * sections 1, 3 and 8): every step entered, every event the journey file tracks (with its
 * outcome and the fields it names: the agent tracking record at the order), every message shown
 * (the message-displayed record) and every failed provider call (the error tracking record, with
 * the screen it failed on). Each record is stamped with the tracking and deploy versions and
 * cleaned of personal data (src/app/trackingRecords.ts); routes are patterns (`/lead/:id`).
 * Returns what the api layer calls on each failed call.
 */
export function connectAnalytics(actor: AnyActorRef, journeyId: string): (failure: CallFailure) => void {
  /** The screen the agent is on: error tracking's screen name. */
  let screen = '';
  actor.on('step.entered', (event: JourneyEmitted) => {
    if (event.type !== 'step.entered') return;
    screen = event.track ?? event.stateId;
    push({ event: 'journey_step', journey: event.journey, step: screen, route: event.route });
  });
  actor.on('track', (event: JourneyEmitted) => {
    if (event.type !== 'track') return;
    push({ ...event.fields, event: event.name, journey: event.journey, ...(event.outcome ? { outcome: event.outcome } : {}) });
  });
  actor.on('message.shown', (event: JourneyEmitted) => {
    if (event.type !== 'message.shown') return;
    push({ event: 'message_displayed', journey: event.journey, message: event.text, event_type: 'error', ...(event.errorId ? { error_id: event.errorId } : {}) });
  });
  actor.on('flow.ended', (event: JourneyEmitted) => {
    if (event.type === 'flow.ended') push({ event: 'journey_end', journey: event.journey, step: event.stateId });
  });
  return ({ error, endpoint, raw }) =>
    push({
      event: 'error_tracking',
      journey: journeyId,
      screen_name: screen,
      endpoint,
      error_message: error.message,
      error_id: errorIdOf(error),
      error_type: error.kind,
      raw_response: rawResponseText(raw),
    });
}

/**
 * Records a click on a step's link to a page outside the app (its file's `links`; the spec
 * tracks clicks on the external site's pages): the link's `track` name and the step it was on, as
 * `journey_step` names it (its `track`, else its state). Never the address (its query could carry
 * anything) nor anything typed on the step.
 *
 * @example
 * recordOutboundLink('zk', 'existingDebt', 'branchLocations')
 * // window.dataLayer gets { event: 'outbound_link', journey: 'zk', step: 'existingDebt', link: 'branchLocations', tracking_version, deploy_version }
 */
export function recordOutboundLink(journey: string, step: string, link: string): void {
  push({ event: 'outbound_link', journey, step, link });
}

/**
 * The tag manager's own script, for a build that names a container (`VITE_GTM_ID`, written into
 * the page as `<meta name="tag-manager">` by src/build/tagManager.ts; none by default, and none in
 * tests): loaded after the app, it reads the records already pushed. The page's Content Security
 * Policy lets in its one host when the page names a container (src/sandbox/pagePolicy.ts).
 */
export function loadTagManager(page: Pick<Document, 'querySelector' | 'createElement' | 'head'> = document): void {
  const containerId = page.querySelector<HTMLMetaElement>(`meta[name="${TAG_MANAGER_META}"]`)?.content.trim();
  if (!containerId || !isContainerId(containerId)) return;
  window.dataLayer ??= [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = page.createElement('script');
  script.async = true;
  script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${containerId}`;
  page.head.appendChild(script);
}
