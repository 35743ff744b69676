/**
 * The third-party scripts the shell may start besides the tag manager (spec, app shell: a heat
 * map, push and content-card messaging), as the build, the app and the page's server all read
 * them: the build writes what it enabled into the page as a meta tag (src/build/shellScripts.ts),
 * the app loads each script from that meta only (src/app/heatMap.ts, src/app/pushMessaging.ts),
 * and the server that sets the page's Content Security Policy lets in the hosts of the scripts
 * the page names, and no other (src/sandbox/pagePolicy.ts). The hosts are named here once.
 * A country file lists the scripts (`shellScripts`); a build has one only when its key is set.
 */

/** The heat map's meta: `<meta name="heat-map" content="<site id>">` (`VITE_HEATMAP_ID`). */
export const HEAT_MAP_META = 'heat-map';
/** The push and content cards' meta: `<meta name="push-messaging" content="<API key>" data-endpoint="sdk.<cluster>.braze.com">` (`VITE_PUSH_KEY`, `VITE_PUSH_ENDPOINT`). */
export const PUSH_META = 'push-messaging';

/** A heat map site id (Hotjar's): digits only. */
export const isHeatMapId = (id: string): boolean => /^[0-9]{1,12}$/.test(id);
/** A push SDK's web API key (Braze's): a UUID, lower-case hex. */
export const isPushKey = (key: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key);
/** The push SDK's endpoint (Braze's SDK endpoint of the account's cluster): `sdk.iad-01.braze.com`, `sdk.fra-02.braze.eu`. */
export const isPushEndpoint = (host: string): boolean => /^sdk\.[a-z]{2,4}-[0-9]{2}\.braze\.(com|eu)$/.test(host);

/** The heat map's script, from its site id (Hotjar's loader, snippet version 6). */
export const heatMapScript = (id: string): string => `https://static.hotjar.com/c/hotjar-${id}.js?sv=6`;
/** The push SDK's script (Braze's web SDK, major version 5, from its CDN). */
export const PUSH_SCRIPT = 'https://js.appboycdn.com/web-sdk/5.6/braze.min.js';

/** What a script may reach, by the directive of the page's policy that lets it. */
export interface ScriptHosts {
  script: string[];
  connect: string[];
  img: string[];
}

/**
 * The heat map's hosts: its loader (`static.hotjar.com`) and the modules it loads
 * (`script.hotjar.com`) as scripts; its records to `*.hotjar.com` and `*.hotjar.io` (HTTPS and
 * the websocket of its recordings); its images from `*.hotjar.com`. Its styles (the feedback
 * widgets') are not let in: the shell shows none of them.
 */
export const HEAT_MAP_HOSTS: ScriptHosts = {
  script: ['https://static.hotjar.com', 'https://script.hotjar.com'],
  connect: ['https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com'],
  img: ['https://*.hotjar.com'],
};

/** The push SDK's hosts: its script from its CDN, its calls to the account's endpoint, the content cards' images from the SDK's image hosts. */
export const pushHosts = (endpoint: string): ScriptHosts => ({
  script: ['https://js.appboycdn.com'],
  connect: [`https://${endpoint}`],
  img: ['https://braze-images.com', 'https://appboy-images.com'],
});
