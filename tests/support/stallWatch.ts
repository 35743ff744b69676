import { readdirSync, readFileSync } from 'node:fs';
import type { Reporter, ReportedHookContext, TestCase, TestModule } from 'vitest/node';

/**
 * Minutes without any test, hook or file starting or ending before the run counts as stuck; 0
 * turns the watch off. Twice the longest test's own limit (5 minutes): a worker reports each test
 * as it ends, so a run that is moving is never silent that long.
 */
const stallMinutes = Number(process.env.VITEST_STALL_MINUTES ?? 10);

/**
 * Ends a test run that has stopped moving, and says where it stopped. A worker stuck in a loop
 * (or blocked in a synchronous call) never reaches its test's timeout, so the run waits forever
 * and CI is cut off at its limit with nothing to tell which test it was. After `stallMinutes`
 * of silence this prints every file still open, with the last test or hook it reported (a worker
 * stuck in a loop may not have sent the test it is in) and for how long, and exits 1.
 */
export default class StallWatch implements Reporter {
  private last = Date.now();
  private timer: ReturnType<typeof setInterval> | undefined;
  /** The files started and not ended, with when; the tests and hooks in progress in each. */
  private readonly open = new Map<string, { since: number; step: string }>();

  onTestRunStart() {
    this.last = Date.now();
    if (!(stallMinutes > 0)) return;
    this.timer = setInterval(() => {
      if (Date.now() - this.last >= stallMinutes * 60_000) this.stalled();
    }, Math.min(15_000, stallMinutes * 15_000));
    this.timer.unref();
  }

  onTestRunEnd() {
    clearInterval(this.timer);
  }

  onTestModuleQueued(module: TestModule) {
    this.note(module, 'queued');
  }

  onTestModuleCollected(module: TestModule) {
    this.note(module, 'collected');
  }

  onTestModuleStart(module: TestModule) {
    this.note(module, 'started');
  }

  onTestModuleEnd(module: TestModule) {
    this.last = Date.now();
    this.open.delete(module.relativeModuleId);
  }

  onTestCaseReady(test: TestCase) {
    this.note(test.module, `in the test "${test.fullName}"`);
  }

  onTestCaseResult(test: TestCase) {
    this.note(test.module, `after the test "${test.fullName}"`);
  }

  onHookStart(hook: ReportedHookContext) {
    const module = hook.entity.type === 'module' ? hook.entity : hook.entity.module;
    this.note(module, `in ${hook.name}${hook.entity.type === 'module' ? '' : ` of "${hook.entity.fullName}"`}`);
  }

  private note(module: TestModule, step: string) {
    this.last = Date.now();
    const open = this.open.get(module.relativeModuleId);
    this.open.set(module.relativeModuleId, { since: open?.since ?? this.last, step });
  }

  private stalled() {
    clearInterval(this.timer);
    const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
    const lines = [`\n::: the test run is stuck: nothing started or ended for ${minutes(Date.now() - this.last)}. Files still open:`];
    for (const [file, { since, step }] of this.open) lines.push(`:::   ${file} (open ${minutes(Date.now() - since)}), last seen ${step}`);
    process.stderr.write(`${lines.join('\n')}\n`);
    // A worker in a loop outlives the run otherwise, spinning a core.
    for (const pid of childWorkers()) process.kill(pid, 'SIGKILL');
    process.exit(1);
  }
}

/** This process's children that are vitest's workers (the tests' own processes are their children). */
function childWorkers(): number[] {
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found; // not Linux: the workers are left to vitest
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent's pid is the 2nd field after the command name, which is in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('vitest')) found.push(Number(entry));
    } catch {
      // It ended while being read.
    }
  }
  return found;
}
