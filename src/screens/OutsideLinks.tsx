import type { StepLink } from '../pack/stepFile';
import './outsideLinks.css';

/** Said after each link's words to a screen reader: it leaves the app for a new tab. */
export const NEW_TAB = '(se abre en una pestaña nueva)';

/** An https: address as the link's target; nothing for any other (the step meta-schema refuses them: this is the last guard). */
function httpsAddress(href: string): string | undefined {
  try {
    return new URL(href).protocol === 'https:' ? href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A step's links to pages outside the app (its file's `links`: the provider's branches, its
 * payment centres), each a real link that opens in a new tab with neither the app's address
 * (`noreferrer`) nor a handle on it (`noopener`), read out as leaving for a new tab. A click,
 * with the mouse, a middle button or the keyboard, tells `onOpen` the link's `track` name: the
 * shell records it (src/app/analytics.ts), never the address itself.
 */
export function OutsideLinks({ links, onOpen }: { links: StepLink[] | undefined; onOpen: ((track: string) => void) | undefined }) {
  const shown = (links ?? []).flatMap((link) => {
    const href = httpsAddress(link.href);
    return href ? [{ ...link, href }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul className="outside-links">
      {shown.map((link) => (
        <li key={`${link.track}:${link.href}`}>
          <a
            className="outside-link mantine-focus-auto"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${link.label} ${NEW_TAB}`}
            onClick={() => onOpen?.(link.track)}
            onAuxClick={(event) => event.button === 1 && onOpen?.(link.track)}
          >
            {link.label}
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M9 2h5v5M14 2 7 9M12 10v4H2V4h4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
