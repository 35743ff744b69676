/**
 * Registers the build's service worker (src/build/serviceWorker.ts: the app shell cached, so it
 * opens with the network cut), for a country whose file lists `serviceWorker`; started by the
 * page after its first screen is drawn (`virtual:shell-scripts`, src/build/shellScripts.ts).
 * A failure, and the page going offline, are said in the console only: the agent is shown
 * nothing by the worker (the app says what a lost connection means where it matters).
 */
export function registerServiceWorker(url: string, browser: Pick<Window, 'addEventListener'> & { navigator: Pick<Navigator, 'serviceWorker'> } = window): void {
  const workers = browser.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!workers) return;
  workers.register(url).catch((error: unknown) => console.warn('[service worker] no se registró:', String(error)));
  browser.addEventListener('offline', () => console.warn('[service worker] sin conexión: la aplicación guardada sigue abierta'));
}
