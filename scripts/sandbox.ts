/**
 * `npm start` and `npm run sandbox`: the provider's API served locally over SQLite
 * (src/sandbox/), so everything runs on a fresh machine with no provider.
 * PORT (default 8787), SANDBOX_DB (default .data/sandbox.db; `:memory:` for a throwaway one),
 * SANDBOX_MODE (dev by default: fault injection and the outbox on; `production` turns them off),
 * API_PROVIDER (the provider segment of the paths, default `telco`). Serves the built app from
 * `dist/` when it exists.
 */
import { defaultCountryApis } from '../src/sandbox/countryApis';
import { createSandbox } from '../src/sandbox/server';
import { demoPin } from '../src/sandbox/demoPin';

const port = Number(process.env.PORT ?? 8787);
const mode = (process.env.SANDBOX_MODE ?? 'dev') as 'dev' | 'test' | 'production';
// The production build, when there is one, runs behind the sandbox with its real headers and cookies.
const { app } = await createSandbox({ db: process.env.SANDBOX_DB ?? '.data/sandbox.db', mode, provider: process.env.API_PROVIDER ?? 'telco', staticDir: 'dist' });
const address = await app.listen({ port, host: '127.0.0.1' });
for (const { code } of defaultCountryApis()) console.log(`sandbox (${mode}) at ${address}/v1/${process.env.API_PROVIDER ?? 'telco'}/${code}/...  demo PIN: ${demoPin(code) ?? 'none'}`);
if (mode !== 'production') console.log(`messages sent to customers (OTP codes): ${address}/__sandbox/outbox`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));
