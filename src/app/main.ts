import './firstScreen.css';
import { firstScreen } from 'virtual:country/firstScreen';
import { drawFirstScreen, type FirstScreenEvent } from './firstScreen';
import { STORAGE_KEY } from './journeyStorageKey';
import type * as StartApp from './startApp';

/**
 * The page's entry, kept to a few kilobytes: an agent opening the app at its first route, with no
 * sale in the tab, gets the journey's first screen (the PIN) drawn at once by the page itself
 * (firstScreen.ts), and the app (React, Mantine, the forms, the journey: startApp.tsx) is
 * fetched as they start typing; the PIN sent goes to the journey as its first event. Any other
 * page (a reload in the middle of a sale, a link, `?inspect`) starts the app at once.
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
  screen !== null && decodeURI(window.location.pathname) === screen.route && window.location.search === '' && sessionStorage.getItem(STORAGE_KEY) === null;

if (root && opensFirstScreen(firstScreen)) {
  drawFirstScreen(root, firstScreen, {
    onFirstInput: () => void loadApp().catch(() => undefined),
    onSubmit: async (event: FirstScreenEvent) => {
      const { startApp } = await loadApp();
      await startApp(root, [event]);
    },
  });
} else if (root) {
  void loadApp().then(({ startApp }) => startApp(root));
}
