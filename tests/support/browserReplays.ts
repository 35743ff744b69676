/**
 * A country's journey paths replayed in Chromium in a test file (`journeys:replay --browser`):
 * its app built once for the file (a build shared by the run: servedBuild.ts), each path on a
 * sandbox of its own serving that build (a fresh seed: one path's sale does not change another's).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { journeyPaths, type JourneyPath } from '../../src/tools/paths/journeyPaths';
import { describeBrowserReplay, describeWarning, replayFolder, replayInBrowser, sandboxForReplay, type BrowserReplayOptions, type BrowserReplayResult } from '../../src/tools/replay/browserReplay';
import { phoneContext } from '../../src/tools/browser/chromium';
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
  const replay = async (path: JourneyPath, options: Pick<BrowserReplayOptions, 'position' | 'screenshots'> = {}): Promise<BrowserReplayResult> => {
    if (!served) throw new Error('the app is not built yet');
    const { sandbox, moveSandboxClock } = await sandboxForReplay(served.outDir);
    const context = await phoneContext(served.browser);
    try {
      return await replayInBrowser(journey, path, await context.newPage(), { address: sandbox.address, country, folder: replayFolder(country, path.name), moveSandboxClock, ...options });
    } finally {
      await context.close();
      await sandbox.close();
    }
  };
  return { journey, paths, replay };
}

/**
 * A test per path, each replayed in Chromium to its end: a screenshot per step acted on and one
 * of the end (with `screenshots: 'where it left'`, only of where a replay left: the gallery is
 * the command's, a test's run needs the failure's); the warnings (a value not offered, another
 * chosen) said, as the command prints them.
 */
export function replaysEachToItsEnd(
  country: string,
  replay: ReturnType<typeof replaysOf>['replay'],
  paths: JourneyPath[],
  timeout: number,
  { screenshots = 'each step' }: Pick<BrowserReplayOptions, 'screenshots'> = {},
): void {
  const eachStep = screenshots === 'each step';
  for (const path of paths) {
    it(`replays ${path.name} to ${path.end.route ?? path.end.stateId}${eachStep ? ', a screenshot per step' : ''}`, { timeout }, async () => {
      const result = await replay(path, { screenshots });
      for (const warning of result.warnings) console.warn(`${country} ${path.name}: ${describeWarning(warning)}`);
      expect(result.ok, describeBrowserReplay(result)).toBe(true);
      expect(result.screenshots).toHaveLength(eachStep ? result.done.length + 1 : 0);
      expect(result.screenshots.every((file) => existsSync(file))).toBe(true);
    });
  }
}
