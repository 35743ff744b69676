import { HEAT_MAP_META, heatMapScript, isHeatMapId } from '../pack/shellScripts';

declare global {
  interface Window {
    hj?: ((...args: unknown[]) => void) & { q?: unknown[][] };
    _hjSettings?: { hjid: number; hjsv: number };
  }
}

/**
 * The heat map's script (spec, app shell: a heat map for the countries that have one), for a
 * build that names its site id (`<meta name="heat-map">`, written by src/build/shellScripts.ts
 * from `VITE_HEATMAP_ID` for a country whose file lists `heatMap`): loaded from its host only,
 * after the first screen is drawn, with the settings its own snippet would set (no inline
 * script: the page's policy allows none). Nothing is ever sent to it about a person: the shell
 * never calls `identify` or names a user, and the page's policy lets in its hosts only
 * (src/pack/shellScripts.ts, docs/security.md).
 */
export function loadHeatMap(page: Pick<Document, 'querySelector' | 'createElement' | 'head'> = document): void {
  const id = page.querySelector<HTMLMetaElement>(`meta[name="${HEAT_MAP_META}"]`)?.content.trim();
  if (!id || !isHeatMapId(id)) return;
  window.hj ??= Object.assign((...args: unknown[]) => (window.hj?.q ?? []).push(args), { q: [] as unknown[][] });
  window._hjSettings = { hjid: Number(id), hjsv: 6 };
  const script = page.createElement('script');
  script.async = true;
  script.src = heatMapScript(id);
  page.head.appendChild(script);
}
