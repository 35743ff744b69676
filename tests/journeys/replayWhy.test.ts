import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyPaths, type JourneyPath } from '../../src/tools/paths/journeyPaths';
import { describeDifferingCall, differingCall } from '../../src/tools/replay/differingCall';
import { seenInBrowser } from '../../src/tools/replay/browserTrace';
import { describeReplay } from '../../src/tools/replay/replayInNode';
import { replayPath } from '../../src/tools/replay/replayPath';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { loadJourney } from '../support/journeyFiles';

// A replay that left its path named the last call made ("the last call, getOTP, answered"),
// beside the example of another call: the tester looked at the code sent, when the e-mail's
// check had answered otherwise than the path's example. It now names the call whose answer
// differed, what the example said and what the sandbox answered.
describe('journeys:replay names the call whose answer differed from the path\'s example', () => {
  const journey = loadJourney('journeys/sv.json');
  // The path that takes the e-mail check's "not found" branch (its example), by what it does, not by its name.
  const emailRefused = journeyPaths(journey).paths.find((path) =>
    path.steps.some((step, i) => step.event.type === 'xstate.done.actor.api.emailChecker' && path.steps[i + 1]?.stateId.endsWith('.contract')),
  ) as JourneyPath;
  let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
  beforeAll(async () => {
    sandbox = await runningSandbox();
  });
  afterAll(() => sandbox.close());

  it("fails with the call's name, the example's answer and the sandbox's, not the last call made", async () => {
    expect(emailRefused).toBeDefined();
    // Without the seed's replay data the path's e-mail is the journey file's example, which the
    // sandbox finds: the check passes, and the journey goes on to send the phone's code.
    const result = await replayPath(journey, emailRefused, sandbox, { data: { events: [] } });
    expect(result.ok).toBe(false);
    expect(result.left?.lastCall?.operationId).not.toBe('emailChecker');
    expect(result.left?.differed).toMatchObject({
      operation: 'emailChecker',
      example: '/status = "failed", /reason = "mailbox_not_found"',
      answered: '/status = "passed", /reason = nothing',
      pathGoes: 'sv.signedIn.sale.contract',
    });
    const said = describeReplay(result);
    expect(said).toContain(`emailChecker's answer differed from the path's example: the example has /status = "failed", /reason = "mailbox_not_found", the sandbox answered /status = "passed"`);
    expect(said).not.toContain('the last call');
  });

  it("sets beside the last call made only the path's example of that same call, not another's", async () => {
    const result = await replayPath(journey, emailRefused, sandbox, { data: { events: [] } });
    const last = result.left?.lastCall?.operationId ?? '';
    // The path has no call of that operation before the place it left: no example to set beside it
    // (the e-mail check's was set beside the code's sending, as if it were that call's).
    const before = emailRefused.steps.slice(0, result.left?.atStep).filter((step) => step.event.type.endsWith(`.actor.api.${last}`));
    if (before.length === 0) expect(result.left?.pathAnswer).toBeUndefined();
    else expect(result.left?.pathAnswer).toBe(JSON.stringify(before.at(-1)?.event.output ?? before.at(-1)?.event.error ?? null).slice(0, 200));
  });

  // The browser's trace (src/tools/replay/browserTrace.ts) has the agent's events and the calls'
  // statuses, not their answers (sealed): the same reading names the call, the example's values
  // beside the status; the device's position, which the browser cannot see, is passed over.
  it('reads a browser\'s trace, whose answers are sealed: the example\'s values beside the status answered', () => {
    const contract = emailRefused.steps.findIndex((step, i) => step.stateId.endsWith('.contract') && emailRefused.steps[i + 1]?.event.type === 'xstate.done.actor.api.emailChecker');
    expect(contract).toBeGreaterThanOrEqual(0);
    const trace = [
      { event: { type: 'step.submit' }, leaf: 'sv.signedIn.sale.emailChecking' },
      { event: { type: 'xstate.done.actor.api.emailChecker' }, status: 200, leaf: 'sv.signedIn.sale.registering' },
      { event: { type: 'xstate.done.actor.api.users' }, status: 200, leaf: 'sv.signedIn.sale.verifyPhone.requesting' },
    ];
    const differed = differingCall(emailRefused, { from: contract, to: contract + 3 }, trace, { sees: seenInBrowser });
    expect(differed).toEqual({
      operation: 'emailChecker',
      event: 'xstate.done.actor.api.emailChecker',
      example: '/status = "failed", /reason = "mailbox_not_found"',
      answered: '200 (a sealed answer: the browser sees its status only)',
      pathGoes: 'sv.signedIn.sale.contract',
      journeyWent: 'sv.signedIn.sale.registering',
    });
    expect(describeDifferingCall(differed as NonNullable<typeof differed>)).toMatch(/the example has \/status = "failed", \/reason = "mailbox_not_found", the sandbox answered 200 /);
    // A failure is said as one, with its status.
    expect(differingCall(emailRefused, { from: contract, to: contract + 3 }, [trace[0] as (typeof trace)[number], { ...(trace[1] as (typeof trace)[number]), event: { type: 'xstate.error.actor.api.emailChecker' }, status: 503 }])?.answered).toBe('fails (503)');
    // A call that went where the path goes is not the one, whatever its status says.
    expect(differingCall(emailRefused, { from: contract, to: contract + 2 }, [trace[0] as (typeof trace)[number], { ...(trace[1] as (typeof trace)[number]), leaf: 'sv.signedIn.sale.contract' }])).toBeUndefined();
  });

  it("passes over, in a browser's trace, the device's position and the journey's timers, which the page cannot show", () => {
    expect(seenInBrowser('xstate.done.actor.device.location')).toBe(false);
    expect(seenInBrowser('xstate.error.actor.device.location')).toBe(false);
    expect(seenInBrowser('xstate.after.5000.sv.signedIn.sale.activating')).toBe(false);
    expect(seenInBrowser('xstate.done.actor.api.emailChecker')).toBe(true);
    expect(seenInBrowser('step.submit')).toBe(true);
  });
});
