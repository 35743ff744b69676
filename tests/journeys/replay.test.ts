import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyPaths } from '../../src/tools/paths/journeyPaths';
import { loadJourney } from '../support/journeyFiles';
import { replayPath } from '../../src/tools/replay/replayPath';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';

// `npm run journeys:replay`: a path of journeys:paths, by name, replayed in Node against a
// sandbox, every call real; where the journey leaves the path, the replay says where and why.
const replay = (...args: string[]) => spawnSync('node_modules/.bin/tsx', ['scripts/journeysReplay.ts', ...args], { encoding: 'utf8', timeout: 400_000 });
const journey = loadJourney('journeys/sv.json');
const debtPath = journeyPaths(journey).paths.find((p) => p.name === 'pendingDebt/landing.submit.signingIn');
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox();
});
afterAll(() => sandbox.close());

describe('npm run journeys:replay', () => {
  it("replays a path to its end against the sandbox, with the seed's client who owes (src/sandbox/seed/sv/replay.json)", () => {
    const result = replay('sv', 'pendingDebt/landing.submit.signingIn');
    expect(result.stdout).toContain('  / --step.submit-->\n  /inicio --menu.newClient-->\n  /información-del-cliente --step.submit-->');
    expect(result.stdout).toContain('✓ pendingDebt/landing.submit.signingIn: reached its end');
    expect(result.status).toBe(0);
  });

  it('fails for real the calls the path has fail: the sandbox\'s fault of that status, the position refused', () => {
    const result = replay('sv', 'pendingDebt/clientChecking.error.clientInfoFailed');
    expect(result.stdout).toContain('✓ pendingDebt/clientChecking.error.clientInfoFailed: reached its end');
    const refused = replay('sv', 'pendingDebt/newClient.error.home');
    expect(refused.stdout).toContain('✓ pendingDebt/newClient.error.home: reached its end');
    // Two commands started, each loading the journey and its paths: over a minute on a loaded
    // two-core machine (CI's browsers beside it), as the file's other commands are given.
  }, 240_000);

  it("lays the seed's values over the path's where they differ: a point with no coverage, then the whole sale to its order", () => {
    const result = replay('sv', 'orderSuccess/coverageStatus.checking.done.none');
    expect(result.stdout).toContain('✓ orderSuccess/coverageStatus.checking.done.none: reached its end');
    expect(result.stdout).toContain('  /confirmar-orden --step.submit-->');
  });

  // Before: 65 of 70 (an order still processing after 1000 s and a rejected one were confirmed
  // again under the same Idempotency-Key, which the provider refused; the seed named neither
  // customer, nor the refused agreement's).
  it("replays every Honduras path to its end against the sandbox, with its seed's data (src/sandbox/seed/hn/replay.json)", () => {
    const count = journeyPaths(loadJourney('journeys/hn.json')).paths.length;
    const result = replay('hn', '--all');
    expect(result.stdout.split('\n').filter((line) => line.startsWith('✗'))).toEqual([]);
    expect(result.stderr).toContain(`${count} of ${count} path(s) replayed to their end against the sandbox.`);
    expect(result.status).toBe(0);
  }, 420_000);

  // Before: 65 of 74 (the agent resent a code or picked a date while the call was in flight, a
  // code whose sending failed could not be typed, /redirect had no session, a cost the seed always has).
  it('replays every El Salvador path to its end against the sandbox', () => {
    const count = journeyPaths(journey).paths.length;
    const result = replay('sv', '--all');
    expect(result.stdout.split('\n').filter((line) => line.startsWith('✗'))).toEqual([]);
    expect(result.stderr).toContain(`${count} of ${count} path(s) replayed to their end against the sandbox.`);
    expect(result.status).toBe(0);
  }, 420_000);

  it('says where and why the journey left the path when the sandbox answers otherwise', async () => {
    // Without the seed's data the path's client is the journey file's example, whom the seed
    // knows without debt: the sandbox answers so, and the sale goes on to the address.
    expect(debtPath).toBeDefined();
    const result = await replayPath(journey, debtPath as NonNullable<typeof debtPath>, sandbox, { data: { events: [] } });
    expect(result).toMatchObject({
      ok: false,
      left: { expected: 'sv.signedIn.sale.pendingDebt', actual: 'sv.signedIn.sale.address', lastCall: { operationId: 'clientInfoValidateV2', ok: true }, pathAnswer: '{"individualsLists":[{"customerAccountLists":{"hasDebt":true}}]}' },
    });
  });

  it('names the path it does not know, with the one likely meant', () => {
    const result = replay('sv', 'pendingDebt/landing.submit.signingin');
    expect(result.stderr).toContain('no path named "pendingDebt/landing.submit.signingin" in journeys/sv.json; did you mean "pendingDebt/landing.submit.signingIn"?');
    expect(result.status).toBe(2);
  });
});
