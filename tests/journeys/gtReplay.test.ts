import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { journeyPaths } from '../../src/tools/paths/journeyPaths';
import { loadJourney } from '../support/journeyFiles';

// Issue 34: every path of Guatemala's journey replayed in Node against a sandbox, every call real,
// each branch reached by the seed's values (src/sandbox/seed/gt/replay.json): the debt, the
// current plans and their modification (add-ons, a change of plan with its visit, a rejected
// one), the addresses found or the map, the DPI's rear or the passport without it, the refused
// agreement, the activated and the rejected order, and an order the provider still processes when
// the app stops asking after 1000 s (a seed customer whose activation runs longer; the journey's
// timers and the sandbox's clock moved together, not waited for). Before the replay moved time
// and its seed named that customer, those two paths left at the timer, the order already ended.
const replay = (...args: string[]) => spawnSync('node_modules/.bin/tsx', ['scripts/journeysReplay.ts', ...args], { encoding: 'utf8', timeout: 900_000 });

describe('Guatemala replayed', () => {
  it('reaches every terminal step of both sale shapes, each path replayed to its end against the sandbox', () => {
    const { paths, uncovered } = journeyPaths(loadJourney('journeys/gt.json'));
    // Every end of the journey (its terminal steps), and every branch taken by some path.
    expect(new Set(paths.map((p) => p.end.route))).toEqual(new Set(['/existing-debt', '/orden-actualizada', '/orden-exito', '/orden-fallida']));
    expect(uncovered.map((e) => e.pointer)).toEqual([]);
    const result = replay('gt', '--all');
    expect(result.stdout.split('\n').filter((line) => line.startsWith('✗'))).toEqual([]);
    // The provider still processing after 1000 s, in both shapes: the agent confirms again and the order ends.
    expect(result.stdout).toContain('✓ orderSuccess/activation.polling.after1000000.confirming: reached its end');
    expect(result.stdout).toContain('✓ updatedOrderSuccess/confirmOrder.polling.after1000000.confirming: reached its end');
    expect(result.stderr).toContain(`${paths.length} of ${paths.length} path(s) replayed to their end against the sandbox.`);
    expect(result.status).toBe(0);
  }, 920_000);
});
