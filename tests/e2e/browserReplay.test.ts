import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyPaths, type JourneyPath } from '../../src/tools/paths/journeyPaths';
import { describeBrowserReplay, replayFolder, replayInBrowser, type BrowserReplayResult } from '../../src/tools/replay/browserReplay';
import { phoneContext } from '../../src/tools/browser/chromium';
import { loadJourney } from '../support/journeyFiles';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { servedApp } from '../../src/tools/browser/servedBuild';

// `journeys:replay -- <cc> <name> --browser`: a path of journeys:paths replayed in Chromium
// against the built app, the screens driven from their step files, every call real. One path per
// terminal step the paths reach (the shortest to each), and one whose data the provider refuses.

/** The shortest path to each terminal step the paths reach, by the end's state. */
function shortestToEachEnd(paths: JourneyPath[]): JourneyPath[] {
  const byEnd = new Map<string, JourneyPath>();
  for (const path of paths) {
    const best = byEnd.get(path.end.stateId);
    if (!best || path.steps.length < best.steps.length) byEnd.set(path.end.stateId, path);
  }
  return [...byEnd.values()];
}

function replaysOf(country: string) {
  const journey = loadJourney(`journeys/${country}.json`);
  const { paths } = journeyPaths(journey);
  let served: Awaited<ReturnType<typeof servedApp>> | undefined;
  beforeAll(async () => {
    served = await servedApp({ country });
  }, 120_000);
  afterAll(() => served?.close());
  /** The path replayed on a sandbox of its own serving the build (a fresh seed: a sale changes it). */
  const replay = async (path: JourneyPath, options: { position?: { latitude: number; longitude: number } } = {}): Promise<BrowserReplayResult> => {
    if (!served) throw new Error('the app is not built yet');
    const sandbox = await runningSandbox({ staticDir: served.outDir });
    const context = await phoneContext(served.browser);
    try {
      return await replayInBrowser(journey, path, await context.newPage(), { address: sandbox.address, country, folder: replayFolder(country, path.name), ...options });
    } finally {
      await context.close();
      await sandbox.close();
    }
  };
  return { journey, paths, replay };
}

/** The result as the command prints it, for a failed expectation to say where and why. */
const said = (result: BrowserReplayResult) => describeBrowserReplay(result);

/** The shortest path to each terminal step replays to its end, with a screenshot per step. */
function replaysEachEnd(replay: ReturnType<typeof replaysOf>['replay'], ends: JourneyPath[]) {
  for (const path of ends) {
    it(`replays ${path.name} to ${path.end.route} in Chromium, a screenshot per step`, async () => {
      const result = await replay(path);
      expect(result.ok, said(result)).toBe(true);
      // A screenshot of each step acted on, and of the end.
      expect(result.screenshots).toHaveLength(result.done.length + 1);
      expect(result.screenshots.every((file) => existsSync(file))).toBe(true);
      expect(result.screenshots.at(-1)).toMatch(new RegExp(`/${String(result.screenshots.length).padStart(2, '0')}-${(path.end.route ?? '').slice(1)}\\.png$`));
    });
  }
}

describe('journeys:replay --browser, El Salvador', () => {
  const { paths, replay } = replaysOf('sv');
  const ends = shortestToEachEnd(paths);

  it("has a path to each of the journey's terminal steps", () => {
    expect(ends.map((p) => p.end.route).sort()).toEqual(['/deuda-pendiente', '/orden-exito', '/orden-fallida', '/orden-fallida-timeout']);
  });

  replaysEachEnd(replay, ends);

  it('replays a whole sale from a new client to its order: the map, the ID photos, OTP codes, signatures, documents and the visit driven', async () => {
    const sale = paths
      .filter((p) => p.end.route === '/orden-exito' && p.steps.some((s) => s.event.type === 'menu.newClient'))
      .sort((a, b) => a.steps.length - b.steps.length)[0];
    expect(sale).toBeDefined();
    const result = await replay(sale as JourneyPath);
    expect(result.ok, said(result)).toBe(true);
    expect(result.done.map((d) => d.place)).toEqual(expect.arrayContaining(['/direccion-mapa', '/id-escaneo-frontal', '/verificar-telefono', '/firma-del-cliente', '/documentos', '/agendar-visita']));
  });

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
    expect(said(result)).toMatch(/^left the path after 1 event\(s\): expected \/inicio \(sv\.signedIn\.home\), the browser shows \/ \(the last call, accessToken, answered 4\d\d/);
    expect(result.screenshots.every((file) => existsSync(file))).toBe(true);
  });
});

describe('journeys:replay --browser, Honduras', () => {
  const { paths, replay } = replaysOf('hn');
  const ends = shortestToEachEnd(paths);

  it("has a path to each of the journey's terminal steps", () => {
    expect(ends.map((p) => p.end.route).sort()).toEqual(['/mitigo', '/orden-exito', '/transaccion-activa']);
  });

  replaysEachEnd(replay, ends);
});
