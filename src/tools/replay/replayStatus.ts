/**
 * How a replay went, in one word, the same in Node, in Chromium and in the studio: `passed` (to
 * its end with the path's own values), `warned` (to its end, but with a value or timer not the
 * path's: a substitution, which `--strict` fails), `expected` (what it met is a known limit of
 * the seed, src/tools/replay/seedLimits.ts, whose reason it gives) or `failed` (it left the path).
 */

export type ReplayStatus = 'passed' | 'warned' | 'expected' | 'failed';

/** Something the replay did other than the path says, where, and the known limit's reason when it is one. */
export interface ReplayWarning {
  /** The state the journey was in (the timer's owner, the step whose screen had the value). */
  stateId: string;
  /** The path's event there. */
  event: string;
  /** What the driver did instead (`Distrito: "Escalón" is not offered, chose "San Benito"`). */
  text: string;
  /** The known limit's reason, when it is one (then not a warning: expected). */
  expected?: string;
}

/** The status of a replay that reached its end or not (`ok`), with its warnings, `expected` the reason of a known limit where it left. */
export function replayStatus({ ok, warnings = [], expected }: { ok: boolean; warnings?: readonly ReplayWarning[]; expected?: string }, strict = false): ReplayStatus {
  if (!ok) return expected ? 'expected' : 'failed';
  if (warnings.some((warning) => !warning.expected)) return strict ? 'failed' : 'warned';
  return warnings.length > 0 ? 'expected' : 'passed';
}

/** The mark a status is printed with. */
export const STATUS_MARK: Record<ReplayStatus, string> = { passed: '✓', warned: '⚠', expected: '○', failed: '✗' };

/** The warnings that are not known limits. */
export const substitutions = (warnings: readonly ReplayWarning[]) => warnings.filter((warning) => !warning.expected);
