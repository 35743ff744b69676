import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// `npm run journeys:replay`: a path of journeys:paths, by name, replayed in Node against a
// sandbox, every call real; where the journey leaves the path, the replay says where and why.
const replay = (...args: string[]) => spawnSync('node_modules/.bin/tsx', ['scripts/journeysReplay.ts', ...args], { encoding: 'utf8', timeout: 120_000 });

describe('npm run journeys:replay', () => {
  it("replays a path's events against the sandbox and says where and why the journey left it", () => {
    // The path's client is the journey's example, whom the seed knows without debt: the sandbox
    // answers so, and the sale goes on to the address instead of the debt screen.
    const result = replay('sv', 'pendingDebt/landing.submit.signingIn');
    expect(result.stdout).toContain('  / --step.submit-->\n  /inicio --menu.newClient-->\n  /información-del-cliente --step.submit-->');
    expect(result.stdout).toContain(
      '✗ pendingDebt/landing.submit.signingIn: left the path after 3 event(s): expected sv.signedIn.sale.pendingDebt, the journey is at sv.signedIn.sale.address (the last call, clientInfoValidateV2, answered; where the path\'s example answered {"individualsLists":[{"customerAccountLists":{"hasDebt":true}}]})',
    );
    expect(result.status).toBe(1);
  });

  it('names the path it does not know, with the one likely meant', () => {
    const result = replay('sv', 'pendingDebt/landing.submit.signingin');
    expect(result.stderr).toContain('no path named "pendingDebt/landing.submit.signingin" in journeys/sv.json; did you mean "pendingDebt/landing.submit.signingIn"?');
    expect(result.status).toBe(2);
  });
});
