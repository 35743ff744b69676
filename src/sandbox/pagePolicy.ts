/**
 * The app page's Content Security Policy: scripts, styles, workers and calls from this origin
 * only; no inline script or eval at all; style elements only with the page's nonce; images also
 * from `data:` and `blob:` (photo previews, thumbnails); no plugins, no `<base>`, no framing.
 * Calls may also go to `connectTo`: the origin of the map's street style the page names
 * (`mapStyleOrigins`), whose style, tiles, sprites and glyphs maplibre-gl fetches.
 */
export function contentSecurityPolicy(nonce: string, connectTo: string[] = [], tagManager: string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...tagManager].join(' '),
    `style-src 'self' 'nonce-${nonce}'`,
    ["img-src 'self' data: blob:", ...tagManager].join(' '),
    ["connect-src 'self'", ...connectTo, ...tagManager].join(' '),
    "worker-src 'self' blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The outside origin of the map's street style that a built page names (`<meta name="map-style">`,
 * written by the build from `VITE_MAP_STYLE`: src/build/mapStyle.ts), as `connect-src` takes it;
 * none for a style on the app's own server or a build without streets.
 */
export function mapStyleOrigins(page: string): string[] {
  const content = /<meta name="map-style" content="([^"]*)"/.exec(page)?.[1];
  if (!content) return [];
  try {
    const url = new URL(content.replace(/&amp;/g, '&'));
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

/** The tag manager's host when the built page names a container (`<meta name="tag-manager">`: src/build/tagManager.ts), for its script, its records and its pixel; none otherwise. */
export function tagManagerOrigins(page: string): string[] {
  return /<meta name="tag-manager" content="GTM-[A-Z0-9]+"/.test(page) ? ['https://www.googletagmanager.com'] : [];
}

/** The other headers of the app's page. */
export const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'permissions-policy': 'camera=(self), geolocation=(self), microphone=()',
  'cache-control': 'no-store',
};
