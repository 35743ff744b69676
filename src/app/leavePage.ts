import type { ShellEvent } from '../runtime/journeyEvents';

/** Where the page is: the URL a relative one is read against, its origin, and how it goes elsewhere. */
export interface PagePlace {
  href: string;
  origin: string;
  assign(url: string): void;
}

/** The running journey as leaving needs it: what it emits, and the shell's events sent back. */
export interface LeavingActor {
  on(type: 'app.leave', handler: (emitted: { type: 'app.leave'; url: string }) => void): unknown;
  send(event: ShellEvent): void;
}

/**
 * The URL a journey's `leave` may open, resolved against the page, or undefined: only `https:`
 * or the page's own origin. Anything else (plain `http:` elsewhere, `javascript:`, `data:`, text
 * that is no URL) is refused: the journey's data names the URL, and a page it sends the agent to
 * must at least be the one its address says (docs/security.md, "Leaving for an outside page").
 */
export function leaveTarget(url: string, page: Pick<PagePlace, 'href' | 'origin'>): string | undefined {
  if (url === '') return undefined;
  try {
    const to = new URL(url, page.href);
    return to.protocol === 'https:' || to.origin === page.origin ? to.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Carries out the journey's `leave` (src/runtime/actions.ts): the journey saved at once, sealed
 * in the tab's sessionStorage (which outlives the outside page in the same tab), then the page
 * sent to the URL; a URL the shell may not open is reported to the journey as `app.leaveRefused`
 * and the page stays. The journey comes back through one of its deep links (src/pack/links.ts),
 * resumed from that snapshot. `save` writes the snapshot and resolves once it is written; it
 * runs after the step change has reached every subscriber (a save scheduled by it is flushed
 * first, so none overtakes this one while the page goes).
 */
export function leaveOnRequest(actor: LeavingActor, save: () => Promise<void> | void, page: PagePlace = window.location): void {
  actor.on('app.leave', ({ url }) => {
    const to = leaveTarget(url, page);
    if (to === undefined) {
      actor.send({ type: 'app.leaveRefused' } satisfies ShellEvent);
      return;
    }
    setTimeout(() => {
      void Promise.resolve()
        .then(save)
        .catch(() => undefined)
        // Even unsaved (storage refused), the agent goes where the journey sends them.
        .then(() => page.assign(to));
    }, 0);
  });
}
