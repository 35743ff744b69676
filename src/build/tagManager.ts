/**
 * The tag manager's container (spec section 1: the flow's records go to a tag manager), chosen
 * at build time: `VITE_GTM_ID` (`GTM-XXXXXXX`), none by default (a build without it loads no
 * outside script; the records still go to `window.dataLayer`). The build writes it into the page,
 * `<meta name="tag-manager">`: the app loads the container's script from it
 * (src/app/analytics.ts), and the server that sets the page's Content Security Policy lets that
 * one host in (src/sandbox/pagePolicy.ts, docs/security.md).
 */
import type { Plugin } from 'vite';
import { isContainerId, TAG_MANAGER_META } from '../app/tagManagerContainer';
import type { PackPaths } from '../pack/countryPack';
import { listedScripts } from './shellScripts';

/** The container id of a `VITE_GTM_ID` value, or none when unset; anything but `GTM-` and capitals or digits is a mistake the build names. */
export function tagManagerSetting(value: string | undefined): string | undefined {
  const id = value?.trim();
  if (!id) return undefined;
  if (!isContainerId(id)) throw new Error(`VITE_GTM_ID must be a tag manager container id such as GTM-AB12CD3; it is "${id}"`);
  return id;
}

/**
 * The Vite plugin that writes the container into the page (`VITE_GTM_ID`, as Vite reads the
 * build's environment), for a country whose file lists `tagManager` (src/build/shellScripts.ts):
 * another country's build names no container, and its page's policy lets in no tag manager.
 */
export function tagManagerMeta(paths?: PackPaths): Plugin {
  let tag = '';
  return {
    name: 'tag-manager-meta',
    configResolved(config) {
      const id = tagManagerSetting((config.env as Record<string, string | undefined>).VITE_GTM_ID);
      tag = id && listedScripts(paths).includes('tagManager') ? `<meta name="${TAG_MANAGER_META}" content="${id}" />` : '';
    },
    transformIndexHtml(html) {
      return tag ? html.replace('<head>', `<head>\n    ${tag}`) : html;
    },
  };
}
