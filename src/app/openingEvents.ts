import { matchLink, type JourneyLink } from '../pack/links';
import type { LinkEvent, ShellEvent } from '../runtime/journeyEvents';

/**
 * The path the provider sends the agent back to: `/redirect`, the public route of spec 2.1 that
 * every variant has too. A page opened there resumes the provider's session (the journey's
 * `app.redirect`, docs/spec-choices.md).
 */
export const REDIRECT_PATH = '/redirect';

/** Where the page was opened: its path as the browser has it (still percent-encoded) and its query. */
export interface Opening {
  pathname: string;
  search: string;
}

/**
 * What the shell tells the journey about where the page was opened: `app.redirect` at
 * `/redirect`, or the event of the journey's deep link the path matches (its `links`), with the
 * values the URL gives. The raw path is matched, each segment decoded once, so that an encoded
 * `/` stays inside its value.
 */
export function openingEvents({ pathname, search }: Opening, links?: readonly JourneyLink[]): Array<Extract<ShellEvent, { type: 'app.redirect' }> | LinkEvent> {
  if (pathname === REDIRECT_PATH) return [{ type: 'app.redirect' }];
  const opened = matchLink(links, pathname, search);
  return opened ? [{ type: opened.link.event, values: opened.values }] : [];
}
