/**
 * The path list and its replays (`journeys:paths` and `journeys:replay` in the studio): the same
 * paths by the same names, each replayed in Node against a sandbox started for it, a fresh seed
 * in memory with every call real (src/tools/replay/replayPath.ts, as the command does).
 */
import type { CompiledJourney } from '../../../runtime/compileJourney';
import { didYouMean } from '../../../pack/didYouMean';
import { isCallEvent as isCall, journeyPaths, type JourneyPath, type JourneyPathsResult, type PathStep } from '../../../tools/paths/journeyPaths';
import type { PathsAnswer, ReplayAnswer } from '../../panelApi';
import { replayPath } from '../../../tools/replay/replayPath';
import { runningSandbox } from '../../../tools/sandbox/runningSandbox';
import { compiledJourneyOf, PanelError } from './packJourney';

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
 * Replays a path by its name against a sandbox started for it alone (one path's sale does not
 * change another's seed), as `journeys:replay -- <cc> <name>` does; closed when done.
 */
export async function replayAnswer(country: string, name: string): Promise<ReplayAnswer> {
  const journey = compiledJourneyOf(country);
  const path = pathNamed(journey, name);
  const started = Date.now();
  const sandbox = await runningSandbox();
  try {
    const result = await replayPath(journey, path, sandbox).catch((error: unknown) => {
      // A country the replay cannot drive (no operations table for it) is said, not a crash.
      throw new PanelError(`the replay could not run: ${error instanceof Error ? error.message : String(error)}`, 500);
    });
    const left = result.left;
    return {
      name,
      ok: result.ok,
      done: result.done,
      of: path.steps.filter((step) => !isCall(step.event.type)).length,
      ...(left
        ? {
            left: {
              expected: left.expected,
              actual: left.actual,
              ...(left.lastCall ? { lastCall: left.lastCall } : {}),
              ...(left.pathAnswer ? { pathAnswer: left.pathAnswer } : {}),
              ...(left.message ? { message: left.message } : {}),
            },
          }
        : {}),
      ms: Date.now() - started,
    };
  } finally {
    await sandbox.close();
  }
}
