import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { journeyPaths } from '../../src/tools/paths/journeyPaths';
import { loadJourney } from '../support/journeyFiles';

// Issue 34: every path of Guatemala's journey replayed in Node against a sandbox, every call real,
// each branch reached by the seed's values (src/sandbox/seed/gt/replay.json): the debt, the
// current plans and their modification (add-ons, a change of plan with its visit, a rejected
// one), the addresses found or the map, the DPI's rear or the passport without it, the refused
// agreement, the activated and the rejected order.
//
// Two paths cannot be replayed as they are: `.../polling.after1000000.confirming`, the provider
// still processing the order after 1000 s (the journey stops asking and tells the agent to follow
// it in the sales report). The Node replay moves the journey's timers and the sandbox's clock
// together, and the sandbox activates (or rejects) an order 2 s after it is placed, so the first
// status asked, 5 s later, already ends the order: those two paths leave at that timer, at the order's end
// (/orden-actualizada, /orden-exito) where the path still expects the confirmation. Every other
// path reaches its end.
const replay = (...args: string[]) => spawnSync('node_modules/.bin/tsx', ['scripts/journeysReplay.ts', ...args], { encoding: 'utf8', timeout: 400_000 });

const STILL_PROCESSING: Record<string, string> = {
  'updatedOrderSuccess/polling.after1000000.confirming': 'confirmOrder.confirming, the journey is at gt.signedIn.sale.updatedOrderSuccess',
  'orderSuccess/polling.after1000000.confirming': 'activation.confirming, the journey is at gt.signedIn.sale.orderSuccess',
};

describe('Guatemala replayed', () => {
  it('reaches every terminal step, each path replayed to its end against the sandbox but the two that wait 1000 s', () => {
    const { paths, uncovered } = journeyPaths(loadJourney('journeys/gt.json'));
    // Every end of the journey (its terminal steps), and every branch taken by some path.
    expect(new Set(paths.map((p) => p.end.route))).toEqual(new Set(['/existing-debt', '/orden-actualizada', '/orden-exito', '/orden-fallida']));
    expect(uncovered.map((e) => e.pointer)).toEqual([]);
    expect(paths.filter((p) => p.name in STILL_PROCESSING).map((p) => p.name).sort()).toEqual(Object.keys(STILL_PROCESSING).sort());

    const result = replay('gt', '--all');
    const lines = result.stdout.split('\n');
    // The two left at the 1000 s timer, because the order had already ended there.
    const left = lines.filter((line) => line.startsWith('✗'));
    expect(left).toHaveLength(2);
    for (const [name, where] of Object.entries(STILL_PROCESSING)) {
      expect(left.find((line) => line.startsWith(`✗ ${name}:`))).toMatch(new RegExp(`left the path after \\d+ event\\(s\\): expected gt\\.signedIn\\.sale\\.${where.replace(/\./g, '\\.')} \\(the last call, orderStatus, answered`));
    }
    // Every other path, to its end.
    const others = paths.filter((p) => !(p.name in STILL_PROCESSING));
    expect(others.filter((p) => !lines.includes(`✓ ${p.name}: reached its end`)).map((p) => p.name)).toEqual([]);
    expect(result.stderr).toContain(`${paths.length - 2} of ${paths.length} path(s) replayed to their end against the sandbox.`);
    expect(result.status).toBe(1);
  }, 420_000);
});
