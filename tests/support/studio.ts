import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevServers } from '../../scripts/devServers';
import { journeyStudio, STUDIO_CACHE_DIR } from '../../scripts/studio/studioPlugin';

/**
 * The journey studio as `npm run studio` starts it (the sandbox, the app's dev server and the
 * studio's page at /__studio/), on free ports, over a copy of journeys/ in a new folder: a test
 * edits the copy, never the repository's journeys.
 */
export async function startStudio(): Promise<{ address: string; journeysDir: string; close: () => Promise<void> }> {
  const journeysDir = mkdtempSync(join(tmpdir(), 'studio-journeys-'));
  cpSync('journeys', journeysDir, { recursive: true });
  // The step validators were compiled by the tests' global setup.
  const servers = await startDevServers({ port: 0, sandboxPort: 0, sandboxDb: ':memory:', sandboxMode: 'test', plugins: [journeyStudio({ journeysDir })], compile: false, logLevel: 'warn', cacheDir: STUDIO_CACHE_DIR });
  return {
    address: servers.url.replace(/\/$/, ''),
    journeysDir,
    close: async () => {
      await servers.close();
      rmSync(journeysDir, { recursive: true, force: true });
    },
  };
}
