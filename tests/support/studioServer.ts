/**
 * The journey studio as `npm run studio` starts it, for the studio's browser tests, in a process
 * of its own (tests/support/studio.ts starts it): on free ports, over the journeys folder given
 * as its argument, the sandbox in memory. Prints `studio at <address>` once it listens.
 */
import { closeOnSignal, startDevServers } from '../../src/tools/devServers';
import { journeyStudio, STUDIO_CACHE_DIR } from '../../src/studio/server/studioPlugin';

const journeysDir = process.argv[2];
if (!journeysDir) throw new Error('usage: studioServer.ts <journeys folder>');
// The step validators were compiled by the tests' global setup.
const servers = await startDevServers({ port: 0, sandboxPort: 0, sandboxDb: ':memory:', sandboxMode: 'test', plugins: [journeyStudio({ journeysDir })], compile: false, logLevel: 'warn', cacheDir: STUDIO_CACHE_DIR });
console.log(`studio at ${servers.url.replace(/\/$/, '')}`);
closeOnSignal(servers);
