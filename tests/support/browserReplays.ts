/**
 * A country's journey paths replayed in Chromium in a test file (`journeys:replay --browser`):
 * its app built once for the file (a build shared by the run: servedBuild.ts), each path on a
 * sandbox of its own serving that build (a fresh seed: one path's sale does not change another's).
 */
import { afterAll, beforeAll } from 'vitest';
import { journeyPaths, type JourneyPath } from '../../src/tools/paths/journeyPaths';
import { replayFolder, replayInBrowser, type BrowserReplayResult } from '../../src/tools/replay/browserReplay';
import { phoneContext } from '../../src/tools/browser/chromium';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { servedApp } from '../../src/tools/browser/servedBuild';
import { loadJourney } from './journeyFiles';

/** The journey and paths of `country`, and a replay of one of them in Chromium against the app built for the file. */
export function replaysOf(country: string) {
  const journey = loadJourney(`journeys/${country}.json`);
  const { paths } = journeyPaths(journey);
  let served: Awaited<ReturnType<typeof servedApp>> | undefined;
  beforeAll(async () => {
    served = await servedApp({ country });
  }, 300_000);
  afterAll(() => served?.close());
  /** The path replayed on a sandbox of its own serving the build. */
  const replay = async (path: JourneyPath, options: { position?: { latitude: number; longitude: number } } = {}): Promise<BrowserReplayResult> => {
    if (!served) throw new Error('the app is not built yet');
    const sandbox = await runningSandbox({ staticDir: served.outDir });
    const context = await phoneContext(served.browser);
    try {
      return await replayInBrowser(journey, path, await context.newPage(), { address: sandbox.address, country, folder: replayFolder(country, path.name), ...options });
    } finally {
      await context.close();
      await sandbox.close();
    }
  };
  return { journey, paths, replay };
}
