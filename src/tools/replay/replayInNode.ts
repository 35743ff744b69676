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
import { describeDifferingCall } from './differingCall';
import { replayStatus, STATUS_MARK } from './replayStatus';

/** Why a replay left its path, in a line; "reached its end" when it did not. */
export function describeReplay(result: ReplayResult): string {
  const left = result.left;
  if (!left) return 'reached its end';
  // The call whose answer differed from the path's example says why; the last call made is said only without it.
  const why = [
    left.differed ? describeDifferingCall(left.differed) : '',
    !left.differed && left.lastCall ? `the last call, ${left.lastCall.operationId}, ${left.lastCall.ok ? 'answered' : `failed (${left.lastCall.status}: ${left.lastCall.message})`}` : '',
    !left.differed && left.pathAnswer ? `where the path's example answered ${left.pathAnswer}` : '',
    left.message ? `the screen says "${left.message}"` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const leftWhere = `left the path after ${result.done.length} event(s): expected ${left.expected}, the journey is at ${left.actual}${why ? ` (${why})` : ''}`;
  // A known limit of the seed: said after where, with its reason.
  return result.expected ? `${leftWhere}; expected (a known limit of the seed): ${result.expected}` : leftWhere;
}

/** A path replayed on a fresh sandbox serving the journey's country, its timers and the sandbox's clock moved together. */
export async function replayOnFreshSandbox(journey: CompiledJourney, path: JourneyPath, { tour = false }: { tour?: boolean } = {}): Promise<ReplayResult> {
  // Each path's sandbox serves the journey's country only: a fresh one per path starts quicker.
  const cc = (journey.config.meta?.country ?? DEFAULT_COUNTRY).toLowerCase();
  const countries = defaultCountryApis().filter((country) => country.code === cc);
  // The journey's timers and the sandbox's clock moved together: an order polled every 5 s is not waited for.
  const timeline = newTimeline();
  const sandbox = await runningSandbox({ now: () => new Date(Date.now() + timeline.shift.ms), ...(countries.length > 0 ? { countries, country: cc } : {}) });
  try {
    return await replayPath(journey, path, sandbox, { timeline, tour });
  } finally {
    await sandbox.close();
  }
}

/**
 * Replays the paths, printing each (and each event sent when `verbose`) with its status's mark
 * (✓ passed, ○ expected: a known limit of the seed, ✗ failed); how many failed and how many met
 * a known limit.
 */
export async function replayPathsInNode(
  journey: CompiledJourney,
  paths: readonly JourneyPath[],
  { verbose, tours = false }: { verbose: boolean; tours?: boolean },
): Promise<{ failed: number; expected: number }> {
  const counts = { failed: 0, expected: 0 };
  for (const path of paths) {
    const result = await replayOnFreshSandbox(journey, path, { tour: tours });
    const status = replayStatus(result);
    if (status === 'failed') counts.failed += 1;
    if (status === 'expected') counts.expected += 1;
    if (verbose) for (const { place, event } of result.done) console.log(`  ${place} --${event}-->`);
    console.log(`${STATUS_MARK[status]} ${path.name}: ${describeReplay(result)}`);
  }
  return counts;
}
