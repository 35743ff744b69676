/**
 * The shell's scripts of a build (spec, app shell), each off unless the country file lists it
 * (`shellScripts`) and, for a third party's, unless the build's environment has its key:
 *
 * - `heatMap`: `VITE_HEATMAP_ID`, the heat map's site id (Hotjar's, digits);
 * - `push`: `VITE_PUSH_KEY`, the push and content cards SDK's web API key (Braze's, a UUID), and
 *   `VITE_PUSH_ENDPOINT`, its SDK endpoint (`sdk.<cluster>.braze.com`);
 * - `serviceWorker`: no key; `/sw.js`, the app shell cached (src/build/serviceWorker.ts).
 *
 * The build writes what it enabled into the page (`<meta name="heat-map">`,
 * `<meta name="push-messaging">`: the page's server lets in those hosts only,
 * src/sandbox/pagePolicy.ts) and gives the page's entry `virtual:shell-scripts`, whose
 * `startShellScripts()` holds the code of the enabled scripts and no other: a build of a country
 * without them has none of their code, hosts or keys. A malformed key stops the build, saying so.
 * (The tag manager is src/build/tagManager.ts's, loaded by the app: src/app/analytics.ts.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { CountryFile, ShellScript } from '../pack/countryFile';
import { packPaths, type PackPaths } from '../pack/countryPack';
import { HEAT_MAP_META, isHeatMapId, isPushEndpoint, isPushKey, PUSH_META } from '../pack/shellScripts';
import { serviceWorkerFile, serviceWorkerPlugin } from './serviceWorker';

const MODULE = 'virtual:shell-scripts';
/** The app's folder, where the scripts' loaders are (read when a build asks: this module is also read in a browser-like test). */
const appFolder = () => fileURLToPath(new URL('../app/', import.meta.url)).replace(/\\/g, '/');

/** What a build enabled: each script with what it needs. */
export interface EnabledScripts {
  heatMap?: { id: string };
  push?: { key: string; endpoint: string };
  serviceWorker: boolean;
}

/** The scripts the country file lists (none when it cannot be read: the country modules' plugin says why). */
export function listedScripts(paths: PackPaths = packPaths()): ShellScript[] {
  if (!existsSync(paths.countryFile)) return [];
  const file = JSON.parse(readFileSync(paths.countryFile, 'utf8')) as Partial<CountryFile>;
  return Array.isArray(file.shellScripts) ? file.shellScripts : [];
}

/**
 * The scripts a build enables from its country file's list and its environment; a key that is set
 * but malformed is a mistake the build names (as `VITE_GTM_ID`'s), even for a country that does
 * not list its script.
 */
export function enabledScripts(listed: readonly ShellScript[], env: Record<string, string | undefined>, building = true): EnabledScripts {
  const heatMapId = env.VITE_HEATMAP_ID?.trim();
  if (heatMapId && !isHeatMapId(heatMapId)) throw new Error(`VITE_HEATMAP_ID must be a heat map site id, digits such as 1234567; it is "${heatMapId}"`);
  const pushKey = env.VITE_PUSH_KEY?.trim();
  const endpoint = env.VITE_PUSH_ENDPOINT?.trim();
  if (pushKey && !isPushKey(pushKey)) throw new Error(`VITE_PUSH_KEY must be the push SDK's web API key, a UUID such as 0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b; it is "${pushKey}"`);
  if (endpoint && !isPushEndpoint(endpoint)) throw new Error(`VITE_PUSH_ENDPOINT must be the push SDK's endpoint, such as sdk.iad-01.braze.com; it is "${endpoint}"`);
  if (pushKey && !endpoint && listed.includes('push')) throw new Error('VITE_PUSH_KEY is set without VITE_PUSH_ENDPOINT (the push SDK\'s endpoint, such as sdk.iad-01.braze.com)');
  return {
    ...(heatMapId && listed.includes('heatMap') ? { heatMap: { id: heatMapId } } : {}),
    ...(pushKey && endpoint && listed.includes('push') ? { push: { key: pushKey, endpoint } } : {}),
    serviceWorker: building && listed.includes('serviceWorker'),
  };
}

/** The page's meta tags for what the build enabled. */
export function shellScriptMetas(enabled: EnabledScripts): string[] {
  return [
    ...(enabled.heatMap ? [`<meta name="${HEAT_MAP_META}" content="${enabled.heatMap.id}" />`] : []),
    ...(enabled.push ? [`<meta name="${PUSH_META}" content="${enabled.push.key}" data-endpoint="${enabled.push.endpoint}" />`] : []),
  ];
}

/** `virtual:shell-scripts`: `startShellScripts()` with the enabled scripts' code only. */
export function shellScriptsModule(enabled: EnabledScripts): string {
  const parts = [
    ...(enabled.serviceWorker ? [{ from: 'serviceWorkerRegistration', name: 'registerServiceWorker', call: `registerServiceWorker(${JSON.stringify(`/${serviceWorkerFile}`)})` }] : []),
    ...(enabled.heatMap ? [{ from: 'heatMap', name: 'loadHeatMap', call: 'loadHeatMap()' }] : []),
    ...(enabled.push ? [{ from: 'pushMessaging', name: 'loadPushMessaging', call: 'loadPushMessaging()' }] : []),
  ];
  const imports = parts.map(({ from, name }) => `import { ${name} } from ${JSON.stringify(`${appFolder()}${from}.ts`)};`);
  return `${imports.join('\n')}\nexport function startShellScripts() {\n${parts.map(({ call }) => `  ${call};`).join('\n')}\n}\n`;
}

/** The Vite plugins: the page's metas and `virtual:shell-scripts`, and the service worker's file (`paths`: the pack of `COUNTRY` in `COUNTRY_PACKS` by default). */
export function shellScripts(paths?: PackPaths): Plugin[] {
  let enabled: EnabledScripts = { serviceWorker: false };
  const scripts: Plugin = {
    name: 'shell-scripts',
    configResolved(config) {
      enabled = enabledScripts(listedScripts(paths), config.env as Record<string, string | undefined>, config.command === 'build');
    },
    resolveId: {
      filter: { id: /^virtual:shell-scripts$/ },
      handler: (id) => (id === MODULE ? `\0${MODULE}` : undefined),
    },
    load: {
      filter: { id: /^\0virtual:shell-scripts$/ },
      handler: (id) => (id === `\0${MODULE}` ? shellScriptsModule(enabled) : undefined),
    },
    transformIndexHtml(html) {
      const metas = shellScriptMetas(enabled);
      return metas.length ? html.replace('<head>', `<head>\n    ${metas.join('\n    ')}`) : html;
    },
  };
  return [scripts, serviceWorkerPlugin(() => enabled.serviceWorker)];
}
