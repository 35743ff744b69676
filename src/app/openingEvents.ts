import type { ShellEvent } from '../runtime/journeyEvents';

/**
 * The path the provider sends the agent back to: `/redirect`, the public route of spec 2.1 that
 * every variant has too. A page opened there resumes the provider's session (the journey's
 * `app.redirect`, docs/spec-choices.md).
 */
export const REDIRECT_PATH = '/redirect';

/** What the shell tells the journey about where the page was opened (its decoded path). */
export function openingEvents(path: string): Array<Extract<ShellEvent, { type: 'app.redirect' }>> {
  return path === REDIRECT_PATH ? [{ type: 'app.redirect' }] : [];
}
