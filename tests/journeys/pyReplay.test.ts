import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { journeyPaths } from '../../src/tools/paths/journeyPaths';
import { loadJourney } from '../support/journeyFiles';

// Every path of Paraguay's journey replayed in Node against a sandbox, every call real, each
// branch reached by the seed's values (src/sandbox/seed/py/replay.json): both technologies' sales
// (HFC with its node, DTH anywhere), the open order, the debt, the address with no cable or no
// place, the unrecognised ID, the refused agreement, the activated and the rejected order, the
// order that never reached the provider, and one the provider still processes after 1000 s (the
// journey's timers and the sandbox's clock moved together, not waited for).
const replay = (...args: string[]) => spawnSync('node_modules/.bin/tsx', ['scripts/journeysReplay.ts', ...args], { encoding: 'utf8', timeout: 900_000 });

describe('Paraguay replayed', () => {
  it('reaches every terminal step, each path replayed to its end against the sandbox', () => {
    const { paths, uncovered } = journeyPaths(loadJourney('journeys/py.json'));
    // Every end of the journey (its terminal steps), and every branch taken by some path.
    expect(new Set(paths.map((p) => p.end.route))).toEqual(new Set(['/orden-exito', '/orden-fallida', '/orden-no-enviada']));
    expect(uncovered.map((e) => e.pointer)).toEqual([]);
    const result = replay('py', '--all');
    expect(result.stdout.split('\n').filter((line) => line.startsWith('✗'))).toEqual([]);
    // The seed's own branches, each replayed for real (not a stand-in answer).
    expect(result.stdout).toContain('✓ orderFailed/transactionInProgress.checking.done.orderFailed: reached its end');
    expect(result.stdout).toContain('✓ orderFail/transactionInProgress.after1000000.salesReport: reached its end');
    expect(result.stdout).toContain('✓ orderFail/checkingCoverage.done.inputAddress: reached its end');
    expect(result.stderr).toContain(`${paths.length} of ${paths.length} path(s) replayed to their end against the sandbox.`);
    expect(result.status).toBe(0);
  }, 920_000);
});
