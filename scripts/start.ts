/**
 * `npm start`: the sandbox and the app together, for development on any machine: the sandbox
 * (the provider's API over SQLite, dev mode) and Vite's dev server, which proxies `/v1` to it.
 * Prints where to open the app and a demo PIN. PORT (app, 5173), SANDBOX_PORT (8787), SANDBOX_DB;
 * COUNTRY (sv) and COUNTRY_PACKS choose the country the app is for (scripts/countryPack.ts).
 */
import { createServer } from 'vite';
import { createSandbox } from '../src/sandbox/server';
import { compileSteps } from './compileSteps';
import { packCountry, packRoot } from './countryPack';
import { demoPin } from './demoPin';

// The country's step validators, fresh (a pack outside the repository is not compiled by npm install).
const country = packCountry();
compileSteps(packRoot());

const sandboxPort = Number(process.env.SANDBOX_PORT ?? 8787);
const { app: sandbox } = await createSandbox({ db: process.env.SANDBOX_DB ?? '.data/sandbox.db', mode: 'dev' });
const api = await sandbox.listen({ port: sandboxPort, host: '127.0.0.1' });
// The config is run as it is (`runner`): Vite's default loader warns on every start that its
// future native loader will not take the config's extension-less TypeScript imports.
const vite = await createServer({
  configLoader: 'runner',
  server: {
    port: Number(process.env.PORT ?? 5173),
    host: '127.0.0.1',
    proxy: { '/v1': api, '/__sandbox': api, '/logos': api },
  },
});
await vite.listen();
const url = vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${process.env.PORT ?? 5173}/`;
console.log(`app for ${country.toUpperCase()} at ${url}  (demo PIN ${demoPin(country) ?? 'none: its seed has no seller'}; seed data in src/sandbox/seed/${country.toLowerCase()}/)`);
console.log(`sandbox at ${api}; OTP codes sent to customers: ${api}/__sandbox/outbox`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void Promise.all([vite.close(), sandbox.close()]).then(() => process.exit(0)));
