import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import './plainLook.css';

/**
 * What every step's screen is made of around its form (the column, heading, paragraphs and the
 * row of buttons), as plain elements carrying Mantine's classes and variables: the look of
 * Mantine's Stack, Title, Text, Group and Button at the theme's sizes, drawn on every step change
 * without a Mantine component each (see rjsf/inputFrame.tsx); their variables are rules of
 * plainLook.css.
 */

export function ScreenColumn({ children, onKeyDown }: { children: ReactNode; onKeyDown?: (event: KeyboardEvent) => void }) {
  return (
    <div className="plain-column m_6d731127 mantine-Stack-root" onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

export function ScreenHeading({ children }: { children: ReactNode }) {
  return (
    <h2 className="plain-heading m_8a5d1357 mantine-Title-root" data-order="2">
      {children}
    </h2>
  );
}

/** A paragraph of Mantine's text: `small` at its sm size, `strong` at weight 500. */
export function Paragraph({ children, small, strong, role }: { children: ReactNode; small?: boolean; strong?: boolean; role?: 'alert' | 'status' }) {
  return (
    <p className="plain-text mantine-focus-auto m_b6d8b162 mantine-Text-root" data-size={small ? 'sm' : undefined} data-strong={(!small && strong) || undefined} role={role}>
      {children}
    </p>
  );
}

export function ButtonRow({ children }: { children: ReactNode }) {
  return (
    <div className="plain-row m_4081bf90 mantine-Group-root">
      {children}
    </div>
  );
}

const LOADER_PLACE: CSSProperties = { opacity: 1, transform: 'translate(-50%, calc(-50% + calc(0.0625rem * var(--mantine-scale))))' };
const LOADER = { '--loader-size': 'calc(var(--button-height) / 1.8)', '--loader-color': 'var(--button-color)' } as CSSProperties;

/**
 * A step's button: `primary` filled, the others outlined; `loading` spins and refuses taps;
 * `name`, what a screen reader says when the words alone are not enough ("Quitar dirección 2"
 * for a row's "Quitar": its words first, WCAG 2.5.3).
 */
export function ScreenButton({ children, primary, loading, disabled, name, onClick }: { children: ReactNode; primary?: boolean; loading?: boolean; disabled?: boolean; name?: string; onClick: () => void }) {
  const off = disabled || loading;
  return (
    <button
      className={`plain-button mantine-focus-auto${off ? '' : ' mantine-active'} m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root`}
      data-variant={primary ? 'filled' : 'default'}
      data-size="md"
      data-disabled={disabled && !loading ? true : undefined}
      data-loading={loading || undefined}
      type="button"
      aria-label={name}
      disabled={off}
      onClick={onClick}
    >
      {loading && (
        <span style={LOADER_PLACE} className="m_a25b86ee mantine-Button-loader" aria-hidden="true">
          <span style={LOADER} className="m_b34414df m_5ae2e3c mantine-Loader-root" />
        </span>
      )}
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_811560b9 mantine-Button-label" data-loading={loading || undefined}>
          {children}
        </span>
      </span>
    </button>
  );
}
