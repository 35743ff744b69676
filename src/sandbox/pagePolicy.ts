import { HEAT_MAP_HOSTS, HEAT_MAP_META, isHeatMapId, isPushEndpoint, isPushKey, PUSH_META, pushHosts, type ScriptHosts } from '../pack/shellScripts';

/**
 * The app page's Content Security Policy: scripts, styles, workers and calls from this origin
 * only; no inline script or eval at all; style elements only with the page's nonce; images also
 * from `data:` and `blob:` (photo previews, thumbnails); no plugins, no `<base>`, no framing.
 * Calls may also go to `connectTo`: the origin of the map's street style the page names
 * (`mapStyleOrigins`), whose style, tiles, sprites and glyphs maplibre-gl fetches; and each
 * third-party script the page names (`tagManagerOrigins`, `shellScriptOrigins`) adds its own hosts.
 * The service worker (`/sw.js`, src/build/serviceWorker.ts) is the page's own: `worker-src 'self'`.
 */
export function contentSecurityPolicy(nonce: string, connectTo: string[] = [], tagManager: string[] = [], scripts: ScriptHosts = NO_SCRIPT_HOSTS): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...tagManager, ...scripts.script].join(' '),
    `style-src 'self' 'nonce-${nonce}'`,
    ["img-src 'self' data: blob:", ...tagManager, ...scripts.img].join(' '),
    ["connect-src 'self'", ...connectTo, ...tagManager, ...scripts.connect].join(' '),
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

/** The content of the page's `<meta name="...">`, if any. */
const metaOf = (page: string, name: string): { content: string; tag: string } | undefined => {
  const tag = new RegExp(`<meta name="${name}" [^>]*>`).exec(page)?.[0];
  const content = tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
  return tag && content !== undefined ? { content, tag } : undefined;
};

/**
 * The hosts of the heat map and of push messaging, each when the built page names it with a
 * well-formed key (`<meta name="heat-map">`, `<meta name="push-messaging">`: written by
 * src/build/shellScripts.ts only for a country whose file lists the script and a build whose
 * key is set); none otherwise. The hosts are src/pack/shellScripts.ts's, never read from the page
 * (but the push endpoint, which must be one of the SDK's own: `sdk.<cluster>.braze.com`).
 */
export function shellScriptOrigins(page: string): ScriptHosts {
  const hosts: ScriptHosts = { script: [], connect: [], img: [] };
  const add = (more: ScriptHosts) => {
    for (const key of ['script', 'connect', 'img'] as const) hosts[key].push(...more[key]);
  };
  const heatMap = metaOf(page, HEAT_MAP_META);
  if (heatMap && isHeatMapId(heatMap.content)) add(HEAT_MAP_HOSTS);
  const push = metaOf(page, PUSH_META);
  const endpoint = push ? /data-endpoint="([^"]*)"/.exec(push.tag)?.[1] : undefined;
  if (push && endpoint && isPushKey(push.content) && isPushEndpoint(endpoint)) add(pushHosts(endpoint));
  return hosts;
}

const NO_SCRIPT_HOSTS: ScriptHosts = { script: [], connect: [], img: [] };

/** The other headers of the app's page. */
export const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'permissions-policy': 'camera=(self), geolocation=(self), microphone=()',
  'cache-control': 'no-store',
};
