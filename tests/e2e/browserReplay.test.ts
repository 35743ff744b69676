import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { journeyPaths, type JourneyPath } from '../../src/tools/paths/journeyPaths';
import { describeBrowserReplay, describeWarning, statusOf, type BrowserReplayResult } from '../../src/tools/replay/browserReplay';
import { replaysOf } from '../support/browserReplays';
import { loadJourney } from '../support/journeyFiles';

// `journeys:replay -- <cc> <name> --browser`: a path of journeys:paths replayed in Chromium
// against the built app, the screens driven from their step files, every call real. Each country's
// tours (<cc>Tours.test.ts) replay every transition; here, that the paths reach each terminal step,
// and what a replay says when the provider refuses a path's data.

/** The shortest path to each terminal step the paths reach, by the end's state. */
function shortestToEachEnd(paths: JourneyPath[]): JourneyPath[] {
  const byEnd = new Map<string, JourneyPath>();
  for (const path of paths) {
    const best = byEnd.get(path.end.stateId);
    if (!best || path.steps.length < best.steps.length) byEnd.set(path.end.stateId, path);
  }
  return [...byEnd.values()];
}

/** The result as the command prints it, for a failed expectation to say where and why. */
const said = (result: BrowserReplayResult) => describeBrowserReplay(result);

describe('journeys:replay --browser, El Salvador', () => {
  const { paths, replay } = replaysOf('sv');
  const ends = shortestToEachEnd(paths);

  it("has a path to each of the journey's terminal steps", () => {
    expect(ends.map((p) => p.end.route).sort()).toEqual(['/deuda-pendiente', '/orden-exito', '/orden-fallida', '/orden-fallida-timeout']);
  });

  // Every transition of El Salvador's paths, each end among them, is replayed by its tours
  // (svTours.test.ts): here, what a replay says when it leaves its path.

  it("says where a path whose data the provider refuses left, and why: the route expected and shown, the screen's alert, the call that failed", async () => {
    const path = ends.find((p) => p.end.route === '/deuda-pendiente') as JourneyPath;
    // The agent's PIN changed to one the provider does not know.
    const [first, ...rest] = path.steps;
    const wrong: JourneyPath = { ...path, steps: [{ ...(first as JourneyPath['steps'][number]), event: { type: 'step.submit', data: { pin: '1111' } } }, ...rest] };
    const result = await replay(wrong);
    expect(result.ok).toBe(false);
    expect(result.left).toMatchObject({ expected: '/inicio (sv.signedIn.home)', actual: '/', lastCall: { operationId: 'accessToken' } });
    expect(result.left?.lastCall?.status).toBeGreaterThanOrEqual(400);
    expect(result.left?.message).toBeTruthy();
    // The app's state when it left (for the studio's diagram): back at the sign-in.
    expect(result.left?.state).toBe(first?.stateId);
    expect(said(result)).toMatch(/^left the path after 1 event\(s\): expected \/inicio \(sv\.signedIn\.home\), the browser shows \/ \(the last call, accessToken, answered 4\d\d/);
    expect(result.screenshots.every((file) => existsSync(file))).toBe(true);
  });

  // A replay whose driver chose another installation date than the path's (not offered) reached
  // its end and counted as passed: it is now a warning at the date's step, the path warned (not
  // passed), and --strict fails it.
  it("warns of a date the provider does not offer, another chosen: warned, not passed, and failed in --strict", { timeout: 180_000 }, async () => {
    // The shortest path that picks an installation date.
    const path = paths.filter((p) => p.steps.some((step) => step.event.type === 'schedule.date')).sort((a, b) => a.steps.length - b.steps.length)[0] as JourneyPath;
    const at = path.steps.findIndex((step) => step.event.type === 'schedule.date');
    expect(at, 'no path picks an installation date').toBeGreaterThan(0);
    // A day two years on: never among the days the provider offers (a day gone by would be a known
    // limit, expected: a path's example date that has passed).
    const day = `${new Date().getFullYear() + 2}-01-04`;
    const steps = path.steps.map((step, i) => (i === at ? { ...step, event: { ...step.event, date: day } } : step));
    const result = await replay({ ...path, steps }, { screenshots: 'where it left' });
    expect(result.ok, said(result)).toBe(true);
    const substitution = result.warnings.find((warning) => warning.event === 'schedule.date');
    expect(substitution).toMatchObject({ stateId: path.steps[at]?.stateId, text: expect.stringContaining(`: ${day} is not offered, chose `) });
    expect(substitution?.expected).toBeUndefined();
    expect(statusOf(result)).toBe('warned');
    expect(statusOf(result, true)).toBe('failed');
    expect(describeWarning(substitution as BrowserReplayResult['warnings'][number], true)).toMatch(new RegExp(`^warning \\(fails in --strict\\): .*${day} is not offered`));
  });
});

describe('journeys:replay --browser, Honduras', () => {
  // No app is built for this: the paths alone.
  const { paths } = journeyPaths(loadJourney('journeys/hn.json'));
  const ends = shortestToEachEnd(paths);

  it("has a path to each of the journey's terminal steps", () => {
    expect(ends.map((p) => p.end.route).sort()).toEqual(['/mitigo', '/orden-exito', '/transaccion-activa']);
  });

  // Every transition of Honduras's paths, each end among them, is replayed by its tours
  // (hnTours.test.ts).
});

describe('journeys:replay --browser, Guatemala', () => {
  const { paths, replay } = replaysOf('gt');

  // The bill's step keeps its photo in its draft: met again after the agreement failed, the
  // replay uploaded a second photo beside it, and the field (one photo at most) refused to go on.
  it('replays a path that meets the bill again after the agreement failed, with one photo of the bill, not two', { timeout: 180_000 }, async () => {
    const path = paths.find((p) => p.name === 'orderSuccess/products.submit.addons');
    expect(path, 'no path orderSuccess/products.submit.addons in journeys/gt.json').toBeDefined();
    const routes = path?.steps.map((step) => step.route) ?? [];
    expect(routes.filter((route) => route === '/recibo-servicio')).toHaveLength(2);
    const result = await replay(path as JourneyPath, { screenshots: 'where it left' });
    expect(result.ok, said(result)).toBe(true);
  });
});
