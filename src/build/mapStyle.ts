/**
 * The street style maplibre-gl draws on the map step, chosen at build time:
 * `VITE_MAP_STYLE`, a MapLibre style's URL (`https://...`, or a path on the app's own server such
 * as `/map/style.json`), `offline` for no streets at all; by default OpenFreeMap's public
 * "liberty" style (no key, no account, no cookies; style, tiles, sprites and glyphs all on
 * https://tiles.openfreemap.org). The build writes it into the page, `<meta name="map-style">`:
 * the app reads it there (src/screens/map/streetStyle.ts) and so does the server that sets the
 * page's Content Security Policy, which lets the app connect to that origin and no other
 * (src/sandbox/pagePolicy.ts, docs/security.md). Where the streets cannot load (no connection, a
 * blocked host), the map falls back to its offline style.
 */
import type { Plugin } from 'vite';

/** OpenFreeMap's public street style: keyless, OpenStreetMap data (docs/spec-choices.md). */
export const DEFAULT_MAP_STYLE = 'https://tiles.openfreemap.org/styles/liberty';

/** The page's meta tag naming the street style; the app and the server read it by this name. */
export const MAP_STYLE_META = 'map-style';

/**
 * The street style's URL for a `VITE_MAP_STYLE` value (the default when unset or empty), or
 * `undefined` for `offline`. Anything but an http(s) URL or a path of the app's server is a
 * mistake the build names.
 */
export function mapStyleSetting(value: string | undefined): string | undefined {
  const setting = value?.trim() || DEFAULT_MAP_STYLE;
  if (setting === 'offline') return undefined;
  if (setting.startsWith('/') && !setting.startsWith('//')) return setting;
  let url: URL | undefined;
  try {
    url = new URL(setting);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`VITE_MAP_STYLE must be a style's http(s) URL, a path on the app's server (/...) or "offline"; it is "${setting}"`);
  }
  return url.href;
}

/** The meta tag that names the street style (HTML-escaped), or none for `offline`. */
export function mapStyleMetaTag(style: string | undefined): string {
  if (!style) return '';
  const escaped = style.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<meta name="${MAP_STYLE_META}" content="${escaped}" />`;
}

/**
 * The Vite plugin that writes the street style into the page (`VITE_MAP_STYLE`, read as Vite
 * reads the build's environment: the process's and `.env` files'). A build with the provider's
 * token (`VITE_MAPBOX_TOKEN`) draws mapbox-gl with the provider's style and gets no tag.
 */
export function mapStyleMeta(): Plugin {
  let tag = '';
  return {
    name: 'map-style-meta',
    configResolved(config) {
      const env = config.env as Record<string, string | undefined>;
      tag = env.VITE_MAPBOX_TOKEN ? '' : mapStyleMetaTag(mapStyleSetting(env.VITE_MAP_STYLE));
    },
    transformIndexHtml(html) {
      return tag ? html.replace('<head>', `<head>\n    ${tag}`) : html;
    },
  };
}
