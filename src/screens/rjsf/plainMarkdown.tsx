import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx, which rjsf imports for rich descriptions (85 KB minified, a
 * third of the first screen's budget). Step files write descriptions and help as plain text
 * (docs/steps.md), so they are shown as written. Aliased in vite.config.ts.
 */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}

export default Markdown;
