import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyPaths, type JourneyPath } from '../../src/tools/paths/journeyPaths';
import { describeBrowserReplay, replayFolder, replayInBrowser, sandboxForReplay, type BrowserReplayResult } from '../../src/tools/replay/browserReplay';
import { replayDataOf, type ReplayData } from '../../src/tools/replay/replayData';
import { phoneContext } from '../../src/tools/browser/chromium';
import { servedApp } from '../../src/tools/browser/servedBuild';
import { loadJourney } from '../support/journeyFiles';

// A browser replay that left its path said "the last call, getOTP, answered 200" beside that
// call's own example: the tester looked at the code sent, when the e-mail's check had answered
// otherwise than the path's example (the Node replay named it: tests/journeys/replayWhy.test.ts).
// It now names the call whose answer sent the journey elsewhere than the path's next state, with
// the example's values, the status the sandbox answered, and where each went.
describe("a browser replay's failure names the call whose answer differed, not the last call", () => {
  const journey = loadJourney('journeys/sv.json');
  // The path that takes the e-mail check's "not found" branch (its example), by what it does, not by its name.
  const emailRefused = journeyPaths(journey).paths.find((path) =>
    path.steps.some((step, i) => step.event.type === 'xstate.done.actor.api.emailChecker' && path.steps[i + 1]?.stateId.endsWith('.contract')),
  ) as JourneyPath;
  // The seed's replay data without its entry for that branch (the e-mail the sandbox does not
  // find): the agent types the journey file's example, which the sandbox finds, and the
  // journey goes on to register the customer and send the phone's code.
  const seed = replayDataOf('sv');
  const data: ReplayData = { ...seed, events: seed.events.filter((entry) => !(entry.at === 'sv.signedIn.sale.contract' && JSON.stringify(entry.when).includes('api.emailChecker'))) };
  let served: Awaited<ReturnType<typeof servedApp>> | undefined;
  // The same build as the run's other browser tests of the country (servedBuild.ts).
  beforeAll(async () => {
    served = await servedApp({ country: 'sv' });
  }, 300_000);
  afterAll(() => served?.close());

  const replay = async (path: JourneyPath): Promise<BrowserReplayResult> => {
    if (!served) throw new Error('the app is not built yet');
    const { sandbox, moveSandboxClock } = await sandboxForReplay(served.outDir);
    const context = await phoneContext(served.browser);
    try {
      return await replayInBrowser(journey, path, await context.newPage(), { address: sandbox.address, country: 'sv', folder: replayFolder('sv', path.name), moveSandboxClock, data, screenshots: 'where it left' });
    } finally {
      await context.close();
      await sandbox.close();
    }
  };

  it("fails with the call's name, the example's values and the sandbox's status, not the last call made", { timeout: 180_000 }, async () => {
    expect(emailRefused, 'no path through the e-mail check refused').toBeDefined();
    expect(data.events.length).toBe(seed.events.length - 1);
    const result = await replay(emailRefused);
    const said = describeBrowserReplay(result);
    expect(result.ok, said).toBe(false);
    // The journey went on past the e-mail check: the last call made is another.
    expect(result.left?.lastCall?.operationId).not.toBe('emailChecker');
    expect(result.left?.differed, said).toMatchObject({
      operation: 'emailChecker',
      event: 'xstate.done.actor.api.emailChecker',
      example: '/status = "failed", /reason = "mailbox_not_found"',
      pathGoes: 'sv.signedIn.sale.contract',
      // Where the e-mail's check passing leads: the customer registered (before the phone's code is sent).
      journeyWent: 'sv.signedIn.sale.registering',
    });
    // The browser sees a sealed answer's status, not its values.
    expect(result.left?.differed?.answered).toMatch(/^200\b/);
    expect(said).toContain(`emailChecker's answer differed from the path's example: the example has /status = "failed", /reason = "mailbox_not_found", the sandbox answered 200`);
    expect(said).toContain('the path goes on to sv.signedIn.sale.contract, the journey went to sv.signedIn.sale.registering');
    expect(said).not.toContain('the last call');
  });
});
