import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { journeyPaths } from '../../src/tools/paths/journeyPaths';
import { loadJourney } from '../support/journeyFiles';

// Every path of Nicaragua's journey replayed in Node against a sandbox, every call real, each
// branch reached by the seed's values (src/sandbox/seed/ni/replay.json): the public coverage
// check before any sign-in (fibre, cable, satellite, none, and the check refused), the debt, the
// existing services, the point no node reaches, the cédula's rear or the passport without it, the
// refused agreement, the order activated, rejected, or still processing when the app stops asking
// after 1000 s (the journey's timers and the sandbox's clock moved together, not waited for).
// After a REJECTED order the agent confirms again: a new order (a new Idempotency-Key; the first,
// rejected, is final), which the seed's customer has activated (`activationRejectedOrders: 1`).
// Before the journey made the second confirmation a new order, its key made the provider answer
// the rejected order again, and that path left its way.
const replay = (...args: string[]) => spawnSync('node_modules/.bin/tsx', ['scripts/journeysReplay.ts', ...args], { encoding: 'utf8', timeout: 900_000 });

describe('Nicaragua replayed', () => {
  it('reaches every terminal step, each path replayed to its end against the sandbox', () => {
    const { paths, uncovered } = journeyPaths(loadJourney('journeys/ni.json'));
    expect(new Set(paths.map((p) => p.end.route))).toEqual(new Set(['/deuda-pendiente', '/venta-exitosa']));
    expect(uncovered.map((e) => e.pointer)).toEqual([]);
    // The public check's every answer is some path's: the first (fibre) on the path that submits
    // the map, the others' own, each named by what the answer says (`[covered=true&networkType=HFC]`).
    const names = paths.map((p) => p.name);
    expect(names).toContain('debt/checkServices.choosing.submit.checking');
    expect(names.filter((n) => /^debt\/checkServices\.checking\.(done|error)(\[[^\]]*\])?\.choosing$/.test(n))).toHaveLength(4);
    const result = replay('ni', '--all');
    expect(result.stdout.split('\n').filter((line) => line.startsWith('✗'))).toEqual([]);
    expect(result.stdout).toContain('✓ checkoutSuccess/activation.polling.checking.done.confirming: reached its end');
    expect(result.stdout).toContain('✓ checkoutSuccess/activation.polling.after1000000.confirming: reached its end');
    expect(result.stdout).toContain('✓ checkoutSuccess/registering.error.idReview: reached its end');
    expect(result.stderr).toContain(`${paths.length} of ${paths.length} path(s) replayed to their end against the sandbox.`);
    expect(result.status).toBe(0);
  }, 920_000);
});
