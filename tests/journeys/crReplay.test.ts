import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { journeyPaths } from '../../src/tools/paths/journeyPaths';
import { loadJourney } from '../support/journeyFiles';

// Issue 33: every path of Costa Rica's journey replayed in Node against a sandbox, every call
// real: the customer's session opened by the form and by the SMS's link (the lead's uid from the
// journey's data), the payment ended on the hosted page as the seed's replay data says
// (src/sandbox/seed/cr/replay.json `outside`), its return link's values verified by the provider.
// Before the replay could answer an outside page, 26 of 54 reached their end.
const replay = (...args: string[]) => spawnSync('node_modules/.bin/tsx', ['scripts/journeysReplay.ts', ...args], { encoding: 'utf8', timeout: 400_000 });

describe('Costa Rica replayed', () => {
  it('reaches every terminal step, each path replayed to its end against the sandbox', () => {
    const { paths, uncovered } = journeyPaths(loadJourney('journeys/cr.json'));
    // Every end of the journey (its terminal steps), and every branch taken by some path.
    expect(new Set(paths.map((p) => p.end.route))).toEqual(new Set(['/deuda-pendiente', '/cliente-no-valido', '/llamame-confirmacion', '/sin-cobertura', '/orden-exito']));
    expect(uncovered.map((e) => e.pointer)).toEqual([]);
    const result = replay('cr', '--all');
    expect(result.stdout.split('\n').filter((line) => line.startsWith('✗'))).toEqual([]);
    expect(result.stdout).toContain('✓ orderSuccess/payment.ready.submit.opening: reached its end');
    expect(result.stderr).toContain(`${paths.length} of ${paths.length} path(s) replayed to their end against the sandbox.`);
    expect(result.status).toBe(0);
  }, 420_000);
});
