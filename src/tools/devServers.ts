/**
 * The sandbox and the app's Vite dev server together: what `npm start` runs, and what the
 * journey studio (`npm run studio`, scripts/studio.ts) and its tests run with the studio's
 * plugin added, so the two commands cannot drift apart.
 */
import { createServer, type PluginOption, type ViteDevServer } from 'vite';
import { createSandbox, type Sandbox } from '../sandbox/server';
import type { SandboxMode } from '../sandbox/handler';
import { compileSteps } from '../build/compileSteps';
import { packCountry, packRoot } from '../pack/countryPack';
import { demoPin } from '../sandbox/demoPin';

export interface DevServerOptions {
  /** The app's port (0: any free one). */
  port?: number;
  sandboxPort?: number;
  /** The sandbox's SQLite file (one per country beside it), or `:memory:`. */
  sandboxDb?: string;
  sandboxMode?: SandboxMode;
  /** Plugins added to the app's config (vite.config.ts), such as the studio's. */
  plugins?: PluginOption[];
  /** Compile the country's step validators first: a pack outside the repository is not compiled by npm install (the tests' global setup already did). */
  compile?: boolean;
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
  /**
   * Vite's cache of pre-bundled dependencies (`node_modules/.vite` by default). The optimizer
   * bundles again whenever the plugins differ from the cache's: a server with other plugins (the
   * studio's) keeps its own, so that switching between the two commands, or running both, does
   * not rebundle and reload each other's pages.
   */
  cacheDir?: string;
}

export interface DevServers {
  country: string;
  /** The app's address, ending with `/`. */
  url: string;
  /** The sandbox's address. */
  api: string;
  vite: ViteDevServer;
  sandbox: Sandbox;
  close: () => Promise<void>;
}

export async function startDevServers({
  port = Number(process.env.PORT ?? 5173),
  sandboxPort = Number(process.env.SANDBOX_PORT ?? 8787),
  sandboxDb = process.env.SANDBOX_DB ?? '.data/sandbox.db',
  sandboxMode = 'dev',
  plugins = [],
  compile = true,
  logLevel,
  cacheDir,
}: DevServerOptions = {}): Promise<DevServers> {
  const country = packCountry();
  if (compile) compileSteps(packRoot());
  const sandbox = await createSandbox({ db: sandboxDb, mode: sandboxMode });
  const api = await sandbox.app.listen({ port: sandboxPort, host: '127.0.0.1' });
  // The config is run as it is (`runner`): Vite's default loader warns on every start that its
  // future native loader will not take the config's extension-less TypeScript imports.
  const vite = await createServer({
    configLoader: 'runner',
    plugins,
    ...(logLevel ? { logLevel } : {}),
    ...(cacheDir ? { cacheDir } : {}),
    server: { port, host: '127.0.0.1', proxy: { '/v1': api, '/__sandbox': api, '/logos': api } },
  });
  await vite.listen();
  // Port 0 is only known once listening: the address the server got, not the one asked for.
  const address = vite.httpServer?.address();
  const url = vite.resolvedUrls?.local[0] ?? (address && typeof address === 'object' ? `http://127.0.0.1:${address.port}/` : `http://127.0.0.1:${port}/`);
  return { country, url, api, vite, sandbox, close: async () => void (await Promise.all([vite.close(), sandbox.app.close()])) };
}

/** The lines `npm start` prints: where the app and the sandbox are, and the demo PIN. */
export function announce({ country, url, api }: DevServers): void {
  console.log(`app for ${country.toUpperCase()} at ${url}  (demo PIN ${demoPin(country) ?? 'none: its seed has no seller'}; seed data in src/sandbox/seed/${country.toLowerCase()}/)`);
  console.log(`sandbox at ${api}; OTP codes sent to customers: ${api}/__sandbox/outbox`);
}

/** Closes both servers on Ctrl-C or a kill, then ends the process. */
export function closeOnSignal(servers: DevServers): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void servers.close().then(() => process.exit(0)));
}
