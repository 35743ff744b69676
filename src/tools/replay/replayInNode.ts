/**
 * `journeys:replay` in Node: each chosen path replayed on a fresh sandbox (one path's sale does
 * not change another's seed), a line per path saying whether it reached its end, and where it
 * left the path and why when it did not (the provider's last answer, the screen's message).
 */
import type { CompiledJourney } from '../../runtime/compileJourney';
import type { JourneyPath } from '../paths/journeyPaths';
import { defaultCountryApis } from '../../sandbox/countryApis';
import { DEFAULT_COUNTRY } from '../../pack/defaultCountry';
import { runningSandbox } from '../sandbox/runningSandbox';
import { newTimeline } from './nodeJourney';
import { replayPath, type ReplayResult } from './replayPath';

/** Why a replay left its path, in a line; "reached its end" when it did not. */
export function describeReplay(result: ReplayResult): string {
  const left = result.left;
  if (!left) return 'reached its end';
  const why = [
    left.lastCall ? `the last call, ${left.lastCall.operationId}, ${left.lastCall.ok ? 'answered' : `failed (${left.lastCall.status}: ${left.lastCall.message})`}` : '',
    left.pathAnswer ? `where the path's example answered ${left.pathAnswer}` : '',
    left.message ? `the screen says "${left.message}"` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `left the path after ${result.done.length} event(s): expected ${left.expected}, the journey is at ${left.actual}${why ? ` (${why})` : ''}`;
}

/** A path replayed on a fresh sandbox serving the journey's country, its timers and the sandbox's clock moved together. */
export async function replayOnFreshSandbox(journey: CompiledJourney, path: JourneyPath): Promise<ReplayResult> {
  // Each path's sandbox serves the journey's country only: a fresh one per path starts quicker.
  const cc = (journey.config.meta?.country ?? DEFAULT_COUNTRY).toLowerCase();
  const countries = defaultCountryApis().filter((country) => country.code === cc);
  // The journey's timers and the sandbox's clock moved together: an order polled every 5 s is not waited for.
  const timeline = newTimeline();
  const sandbox = await runningSandbox({ now: () => new Date(Date.now() + timeline.shift.ms), ...(countries.length > 0 ? { countries, country: cc } : {}) });
  try {
    return await replayPath(journey, path, sandbox, { timeline });
  } finally {
    await sandbox.close();
  }
}

/** Replays the paths, printing each (and each event sent when `verbose`); the number that left their path. */
export async function replayPathsInNode(journey: CompiledJourney, paths: readonly JourneyPath[], { verbose }: { verbose: boolean }): Promise<number> {
  let failed = 0;
  for (const path of paths) {
    const result = await replayOnFreshSandbox(journey, path);
    if (!result.ok) failed += 1;
    if (verbose) for (const { place, event } of result.done) console.log(`  ${place} --${event}-->`);
    console.log(`${result.ok ? '✓' : '✗'} ${path.name}: ${describeReplay(result)}`);
  }
  return failed;
}
