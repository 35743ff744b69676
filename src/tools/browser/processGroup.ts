import type { ChildProcess } from 'node:child_process';

/**
 * How to end a child started with `detached: true` together with everything it started (its
 * process group: Vite's workers, a build's bundler threads). Until `release`, a test process that
 * ends first (a failure, an interrupted run) ends the group too.
 */
export function processGroup(child: ChildProcess): { kill: () => void; release: () => void } {
  const kill = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', kill);
  return { kill, release: () => process.off('exit', kill) };
}
