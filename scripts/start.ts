/**
 * `npm start`: the sandbox and the app together, for development on any machine: the sandbox
 * (the provider's API over SQLite, dev mode) and Vite's dev server, which proxies `/v1` to it.
 * Prints where to open the app and a demo PIN. PORT (app, 5173), SANDBOX_PORT (8787), SANDBOX_DB;
 * COUNTRY (sv) and COUNTRY_PACKS choose the country the app is for (src/pack/countryPack.ts).
 * The servers are started by src/tools/devServers.ts, which the journey studio shares.
 */
import { announce, closeOnSignal, startDevServers } from '../src/tools/devServers';

const servers = await startDevServers();
announce(servers);
closeOnSignal(servers);
