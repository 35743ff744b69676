import './firstScreen.css';
import { drawFirstScreen, firstScreen } from 'virtual:country/firstScreen';
import { startShellScripts } from 'virtual:shell-scripts';
import type { FirstScreenEvent } from './firstScreen';
import { STORAGE_KEY } from './journeyStorageKey';
import type * as StartApp from './startApp';

/**
 * The page's entry, kept to a few kilobytes: an agent opening the app at its first route, with no
 * sale in the tab, gets the journey's first screen (the PIN, or a public entry's form) drawn at
 * once by the page itself (firstScreen.ts, firstScreenForm.ts), and the app (React, Mantine, the
 * forms, the journey: startApp.tsx) is fetched as they start typing; what they send goes to the
 * journey as its first events. Any other page (a reload in the middle of a sale, a link,
 * `?inspect`) starts the app at once. The shell's scripts the build enabled (service worker, heat
 * map, push messaging: src/build/shellScripts.ts) start once the first screen is drawn, never before.
 */
const root = document.getElementById('root');
let app: Promise<typeof StartApp> | undefined;
const loadApp = () => {
  app ??= import('./startApp').catch((error: unknown) => {
    app = undefined; // fetched again at the next try
    throw error;
  });
  return app;
};

const opensFirstScreen = (screen: typeof firstScreen): screen is NonNullable<typeof firstScreen> =>
  screen !== null &&
  [screen.route, ...(screen.alsoAt ?? [])].includes(decodeURI(window.location.pathname)) &&
  window.location.search === '' &&
  sessionStorage.getItem(STORAGE_KEY) === null;

/** After the page's load (its first screen drawn and painted), in the browser's idle time. */
const afterFirstScreen = () => {
  const start = () => (window.requestIdleCallback ? window.requestIdleCallback(() => startShellScripts(), { timeout: 2000 }) : setTimeout(startShellScripts, 0));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
};

if (root && drawFirstScreen && opensFirstScreen(firstScreen)) {
  // Opened at a route the journey leaves at once for its first step (`/` going on to the form): the address is the step's, as the app would make it.
  if (decodeURI(window.location.pathname) !== firstScreen.route) window.history.replaceState(window.history.state, '', encodeURI(firstScreen.route));
  drawFirstScreen(root, {
    onFirstInput: () => void loadApp().catch(() => undefined),
    onSubmit: async (events: FirstScreenEvent[]) => {
      const { startApp } = await loadApp();
      await startApp(root, events);
    },
  });
  afterFirstScreen();
} else if (root) {
  void loadApp()
    .then(({ startApp }) => startApp(root))
    .finally(afterFirstScreen);
}
