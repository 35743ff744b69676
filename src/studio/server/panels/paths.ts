/**
 * The path list and its replays (`journeys:paths` and `journeys:replay` in the studio): the same
 * paths by the same names, each replayed in Node against a sandbox started for it, a fresh seed
 * in memory with every call real and the journey's timers moved on with the sandbox's clock
 * (src/tools/replay/replayInNode.ts, as the command does): its status, and where and why it left.
 * One path may be replayed in Chromium too (`--browser`: src/tools/replay/browserReplay.ts),
 * against the app built for the country from the journey the studio shows, with its screenshots.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import type { CompiledJourney } from '../../../runtime/compileJourney';
import { didYouMean } from '../../../pack/didYouMean';
import { withPackRoot } from '../../../pack/countryPack';
import { isCallEvent as isCall, journeyPaths, type JourneyPath, type JourneyPathsResult, type PathStep } from '../../../tools/paths/journeyPaths';
import type { BrowserReplayAnswer, PathsAnswer, ReplayAnswer } from '../../panelApi';
import { describeBrowserReplay, replayFolder, replayInBrowser, sandboxForReplay, statusOf } from '../../../tools/replay/browserReplay';
import { launchChromium, phoneContext } from '../../../tools/browser/chromium';
import { buildCountry, releaseBuild } from '../../../tools/browser/servedBuild';
import { describeReplay, replayOnFreshSandbox } from '../../../tools/replay/replayInNode';
import { replayStatus } from '../../../tools/replay/replayStatus';
import { compiledJourneyOf, PanelError } from './packJourney';
import { shownPack } from './shownPack';

/** A place as journeys:paths prints it: the route, or the state's key in brackets. */
const placeOf = (place: { stateId: string; route: string | undefined }) => place.route ?? `(${place.stateId.split('.').pop()})`;

// The paths of each compiled journey (a new version of the file is a new compiled journey).
const explored = new WeakMap<CompiledJourney, JourneyPathsResult>();
function pathsOf(journey: CompiledJourney): JourneyPathsResult {
  let result = explored.get(journey);
  if (!result) {
    result = journeyPaths(journey);
    explored.set(journey, result);
  }
  return result;
}

/** The journey's paths, as `journeys:paths -- <cc>` lists them. */
export function pathsAnswer(country: string): PathsAnswer {
  const { paths, uncovered } = pathsOf(compiledJourneyOf(country));
  return {
    country,
    paths: paths.map((path) => ({
      name: path.name,
      steps: path.steps.map((step: PathStep) => ({ place: placeOf(step), label: step.label })),
      end: placeOf(path.end),
      states: [...new Set([...path.steps.map((step) => step.stateId), path.end.stateId])],
      agentEvents: path.steps.filter((step) => !isCall(step.event.type)).length,
    })),
    uncovered: uncovered.map((edge) => `${edge.source.id}: ${edge.label || 'always'}`),
  };
}

/** One path by its name, or a clear refusal with the nearest name. */
function pathNamed(journey: CompiledJourney, name: string): JourneyPath {
  const { paths } = pathsOf(journey);
  const path = paths.find((p) => p.name === name);
  if (path) return path;
  const near = didYouMean(name, paths.map((p) => p.name));
  throw new PanelError(`no path named "${name}"${near ? `; did you mean "${near}"?` : ''}`, 404);
}

/**
 * Replays a path by its name on a fresh sandbox of its own (one path's sale does not change
 * another's seed), as `journeys:replay -- <cc> <name>` does: its status, and where and why it left.
 */
export async function replayAnswer(country: string, name: string): Promise<ReplayAnswer> {
  const journey = compiledJourneyOf(country);
  const path = pathNamed(journey, name);
  const started = Date.now();
  const result = await replayOnFreshSandbox(journey, path).catch((error: unknown) => {
    // A country the replay cannot drive (no operations table for it) is said, not a crash.
    throw new PanelError(`the replay could not run: ${error instanceof Error ? error.message : String(error)}`, 500);
  });
  const left = result.left;
  return {
    name,
    ok: result.ok,
    status: replayStatus(result),
    ...(result.expected ? { expected: result.expected } : {}),
    done: result.done,
    of: path.steps.filter((step) => !isCall(step.event.type)).length,
    ...(left
      ? {
          left: {
            expected: left.expected,
            actual: left.actual,
            // The Node replay's place is the journey's innermost state.
            state: left.actual,
            ...(left.differed ? { differed: left.differed } : {}),
            ...(left.lastCall ? { lastCall: left.lastCall } : {}),
            ...(left.pathAnswer ? { pathAnswer: left.pathAnswer } : {}),
            ...(left.message ? { message: left.message } : {}),
          },
        }
      : {}),
    said: describeReplay(result),
    ms: Date.now() - started,
  };
}

/** The app built for each country's journey as the studio last showed it (a new version of the file is built again), with the pack it was built from. */
const builds = new Map<string, { journey: CompiledJourney; built: Promise<{ outDir: string; packs: string }> }>();

/**
 * The country's app, built once for this version of its journey (`vite build` in a process of
 * its own, a minute or two): of the journey and step screens the studio shows (`STUDIO_JOURNEYS`,
 * `STUDIO_STEPS` too), put in a pack folder of its own with the rest of its pack (shownPack.ts),
 * kept while the build is: its replays read their screens from it.
 */
function builtApp(country: string, journey: CompiledJourney): Promise<{ outDir: string; packs: string }> {
  const known = builds.get(country);
  if (known?.journey === journey) return known.built;
  // The build of an older version, and its pack, are removed once the new one is asked for.
  if (known) void known.built.then(({ outDir, packs }) => {
    releaseBuild(outDir);
    rmSync(packs, { recursive: true, force: true });
  }, () => undefined);
  // Begun in the promise: a pack that cannot be put together is the build's failure, said as one.
  const built = Promise.resolve().then(async () => {
    const pack = shownPack(country, journey);
    try {
      return { outDir: await buildCountry({ country, packs: pack.packs }), packs: pack.packs };
    } catch (error) {
      pack.remove();
      throw error;
    }
  });
  builds.set(country, { journey, built });
  // A build that failed is tried again next time.
  built.catch(() => builds.delete(country));
  return built;
}

// One browser replay at a time: each drives a Chromium and a sandbox of its own, on a machine the dev server shares.
let browserQueue: Promise<unknown> = Promise.resolve();

/**
 * Replays a path by its name in Chromium, as `journeys:replay -- <cc> <name> --browser` does:
 * against the app built for the country from the journey shown (once per version of it), served by a sandbox
 * of its own, the screens driven as an agent would; its status, warnings (a substitution, or a
 * known limit's reason) and the screenshot of each step, sent as images for the tab's gallery.
 */
export function browserReplayAnswer(country: string, name: string): Promise<BrowserReplayAnswer> {
  const journey = compiledJourneyOf(country);
  const path = pathNamed(journey, name);
  const run = browserQueue.then(() => replayedInBrowser(journey, path, country));
  browserQueue = run.catch(() => undefined);
  return run;
}

async function replayedInBrowser(journey: CompiledJourney, path: JourneyPath, country: string): Promise<BrowserReplayAnswer> {
  const started = Date.now();
  const { outDir, packs } = await builtApp(country, journey).catch((error: unknown) => {
    throw new PanelError(`the app for ${country} could not be built: ${error instanceof Error ? error.message : String(error)}`, 500);
  });
  const browser = await launchChromium();
  const { sandbox, moveSandboxClock } = await sandboxForReplay(outDir);
  try {
    const context = await phoneContext(browser);
    const folder = replayFolder(country, path.name);
    const page = await context.newPage();
    // The driver reads the screens and the country file of the pack the app was built from.
    const result = await withPackRoot(packs, () => replayInBrowser(journey, path, page, { address: sandbox.address, country, folder, moveSandboxClock }));
    const { left } = result;
    return {
      name: path.name,
      status: statusOf(result),
      done: result.done,
      of: path.steps.filter((step) => !isCall(step.event.type)).length,
      warnings: result.warnings,
      screenshots: result.screenshots.filter((file) => existsSync(file)).map((file) => ({ name: basename(file), src: `data:image/png;base64,${readFileSync(file).toString('base64')}` })),
      folder,
      ...(left ? { left } : {}),
      said: describeBrowserReplay(result),
      ms: Date.now() - started,
    };
  } finally {
    await browser.close();
    await sandbox.close();
  }
}
