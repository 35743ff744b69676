/**
 * The tag manager's container, as the build, the app and the page's server all read it: the page's
 * meta tag that names it (written by src/build/tagManager.ts from `VITE_GTM_ID`), what a container
 * id looks like, and the one host its script, records and pixel come from (which the page's
 * Content Security Policy then lets in: src/sandbox/pagePolicy.ts).
 */
export const TAG_MANAGER_META = 'tag-manager';
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

/** A container id: `GTM-` and capitals or digits. */
export const isContainerId = (id: string): boolean => /^GTM-[A-Z0-9]+$/.test(id);
