import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { serviceWorkerSource, shellFiles } from '../../src/build/serviceWorker';

// The service worker a build writes (src/build/serviceWorker.ts): the app shell's files only, and
// only same-origin GETs of them answered from its cache; run here over a stand-in for the browser.

type Listener = (event: { request?: Request; respondWith?: (answer: unknown) => void; waitUntil?: (work: Promise<unknown>) => void }) => void;

/** The worker's code run with a stand-in `self`, `caches` and `fetch`: its listeners, and what it logged. */
function runWorker(files: string[], network: () => Promise<unknown> = async () => 'from network') {
  const listeners = new Map<string, Listener>();
  const logged: unknown[][] = [];
  const cached = new Map<string, string>();
  const self = { location: { origin: 'https://app.example' }, addEventListener: (type: string, listener: Listener) => listeners.set(type, listener), skipWaiting: async () => undefined, clients: { claim: async () => undefined } };
  const caches = {
    open: async () => ({ addAll: async (paths: string[]) => paths.forEach((p) => cached.set(p, `cached ${p}`)) }),
    keys: async () => ['app-shell-old', 'app-shell-v1', 'other'],
    delete: async (name: string) => logged.push(['deleted', name]),
    match: async (path: string) => (cached.has(path) ? cached.get(path) : undefined),
  };
  runInNewContext(serviceWorkerSource('v1', files), { self, caches, fetch: network, console: { warn: (...words: unknown[]) => logged.push(words) }, URL, Set, Promise });
  /** What the worker answers for a request: undefined when it leaves it to the network. */
  const answer = async (url: string, init: { method?: string; mode?: RequestMode } = {}) => {
    let answered: unknown;
    listeners.get('fetch')?.({ request: { url, method: init.method ?? 'GET', mode: init.mode ?? 'cors' } as Request, respondWith: (a) => (answered = a) });
    return answered === undefined ? undefined : await answered;
  };
  return { listeners, logged, cached, answer };
}

describe('the service worker', () => {
  it("lists the page and the build's own files, without the map library, compressed copies or itself", () => {
    expect(shellFiles(['index.html', 'assets/index-a.js', 'assets/index-a.js.br', 'assets/map-lib-maplibre-b.js', 'sw.js', 'favicon.svg', 'assets/startApp-c.css'])).toEqual(['/', '/assets/index-a.js', '/assets/startApp-c.css', '/favicon.svg']);
  });

  it("answers the build's files from its cache, and never the API, another origin or another method", async () => {
    const worker = runWorker(['/', '/assets/index-a.js']);
    let installed: Promise<unknown> | undefined;
    worker.listeners.get('install')?.({ waitUntil: (work) => (installed = work) });
    await installed;
    expect([...worker.cached.keys()]).toEqual(['/', '/assets/index-a.js']);
    expect(await worker.answer('https://app.example/assets/index-a.js')).toBe('cached /assets/index-a.js');
    expect(await worker.answer('https://app.example/assets/other-b.js')).toBeUndefined();
    expect(await worker.answer('https://app.example/v1/telco/sv/client', { mode: 'navigate' })).toBeUndefined();
    expect(await worker.answer('https://app.example/v1/telco/sv/client')).toBeUndefined();
    expect(await worker.answer('https://app.example/assets/index-a.js', { method: 'POST' })).toBeUndefined();
    expect(await worker.answer('https://elsewhere.example/assets/index-a.js')).toBeUndefined();
    expect(await worker.answer('https://app.example/assets/index-a.js?v=2')).toBeUndefined();
  });

  it('replaces the cache of an older build', async () => {
    const worker = runWorker(['/']);
    let activated: Promise<unknown> | undefined;
    worker.listeners.get('activate')?.({ waitUntil: (work) => (activated = work) });
    await activated;
    expect(worker.logged).toEqual([['deleted', 'app-shell-old']]);
  });

  it('opens the cached page for a navigation with no network, saying so in the console only', async () => {
    // The network answers: the page comes from it.
    expect(await runWorker(['/']).answer('https://app.example/cliente', { mode: 'navigate' })).toBe('from network');
    const worker = runWorker(['/'], () => Promise.reject(new TypeError('Failed to fetch')));
    let installed: Promise<unknown> | undefined;
    worker.listeners.get('install')?.({ waitUntil: (work) => (installed = work) });
    await installed;
    expect(await worker.answer('https://app.example/cliente', { mode: 'navigate' })).toBe('cached /');
    expect(worker.logged).toEqual([['[service worker]', 'sin conexión: se abre la aplicación guardada para', '/cliente']]);
  });
});
