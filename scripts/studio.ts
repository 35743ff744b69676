/**
 * `npm run studio`: the journey studio, for product owners and testers (dev only). Starts what
 * `npm start` starts (the sandbox and the app's dev server: src/tools/devServers.ts) with the
 * studio's page beside the app at `/__studio/` (src/studio/server/studioPlugin.ts): the journey
 * as a diagram, the checker's problems on it as files are saved, and the app's current state
 * when the app is open with `?inspect` in the same browser. `STUDIO_JOURNEYS` names another
 * journeys folder to show (the pack's `journeys/` by default).
 */
import { announce, closeOnSignal, startDevServers } from '../src/tools/devServers';
import { journeyStudio, STUDIO_CACHE_DIR, studioJourneysDir } from '../src/studio/server/studioPlugin';

const servers = await startDevServers({ plugins: [journeyStudio()], cacheDir: STUDIO_CACHE_DIR });
announce(servers);
console.log(`journey studio at ${new URL('/__studio/', servers.url).href}  (journeys of ${studioJourneysDir()}; open the app with ?inspect to see where it is)`);
closeOnSignal(servers);
