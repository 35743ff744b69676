/**
 * The tester's inspector (`?inspect`): only in builds made for testing, never in a production
 * build that agents use: the dev server (`npm start`), or a build made with `VITE_INSPECT=1`,
 * which inspects every page. Once a page is opened with `?inspect`, every URL the app shows
 * keeps it (RouteSync), so a step change or a reload goes on inspecting.
 */
export const INSPECT_ALLOWED = import.meta.env.DEV === true || import.meta.env.VITE_INSPECT === '1';

/** Whether this page is inspected: the build inspects every page, or it allows it and the URL asks. */
export function inspecting(search: string = window.location.search, allowed = INSPECT_ALLOWED): boolean {
  if (import.meta.env.VITE_INSPECT === '1') return true;
  return allowed && new URLSearchParams(search).has('inspect');
}

/** The URL the app shows for a step's path: with `?inspect` when the page asks for the inspector. */
export function withInspect(path: string, search: string = window.location.search, allowed = INSPECT_ALLOWED): string {
  return allowed && new URLSearchParams(search).has('inspect') ? `${path}?inspect` : path;
}
