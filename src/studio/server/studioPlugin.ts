/**
 * The journey studio's server side, a Vite plugin for the dev server only (`npm run studio`,
 * scripts/studio.ts; never in `npm run build`): serves the studio's page at `/__studio/` next to
 * the app, the journeys as checked by journeys:check's own checks (src/checker/packChecker.ts), and
 * watches the journeys and step screens' folders (journeyFilesWatch.ts) so that a save of either reaches the page as a
 * custom event within a moment.
 * The panels' own routes (src/studio/server/panelRoutes.ts) answer first.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { JOURNEY_EVENT, STUDIO_BASE, type StudioJourney } from '../studioProtocol';
import { packRoot } from '../../pack/countryPack';
import { packChecker } from '../../checker/packChecker';
import type { SourceText } from '../../checker/sourceText';
import { buildJourneyGraph } from '../../pack/journeyGraph';
import type { JourneyConfig } from '../../pack/journeyTypes';
import { watchJourneyFiles } from './journeyFilesWatch';
import { panelRoutes } from './panelRoutes';
import { studioStepsDir } from './panels/packJourney';

const PAGE = fileURLToPath(new URL('../page/index.html', import.meta.url));

export interface StudioOptions {
  /** The journeys folder: `STUDIO_JOURNEYS`, else the pack's `journeys/` (tests point it at a copy). */
  journeysDir?: string;
  /** The pack whose steps and country files the journeys are checked with (src/pack/countryPack.ts). */
  packs?: string;
  /** The step screens' folder the studio shows, checks and edits: `STUDIO_STEPS`, else the pack's `schemas/steps` (tests point it at a copy). */
  stepsDir?: string;
}

/** The dev server's cache of pre-bundled dependencies when the studio's plugin is in (see src/tools/devServers.ts). */
export const STUDIO_CACHE_DIR = 'node_modules/.vite-studio';

export function studioJourneysDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.STUDIO_JOURNEYS ?? join(packRoot(env), 'journeys'));
}

/** The line each state begins at, by its id: the state panel says where to edit it. */
function stateLines(source: SourceText, config: JourneyConfig): Record<string, number> {
  return Object.fromEntries(buildJourneyGraph(config).nodes.map((node) => [node.id, source.locate(node.pointer, { name: node.pointer !== '' }).line]));
}

export function journeyStudio({ journeysDir = studioJourneysDir(), packs = packRoot(), stepsDir = studioStepsDir() }: StudioOptions = {}): Plugin {
  const latest = new Map<string, StudioJourney>();
  const countries = () => (existsSync(journeysDir) ? readdirSync(journeysDir).filter((f) => f.endsWith('.json')).map((f) => basename(f, '.json')).sort() : []);

  /** Checks a journey file afresh (a new checker: its steps and country file may have changed too). */
  const check = (country: string): StudioJourney => {
    const file = join(journeysDir, `${country}.json`);
    const before = latest.get(country);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      const gone: StudioJourney = { country, file, config: before?.config ?? null, stale: true, problems: [{ file, line: 1, column: 1, pointer: '', message: 'cannot read the file' }], checkedAt: Date.now(), stateLines: before?.stateLines ?? {} };
      latest.set(country, gone);
      return gone;
    }
    const { check: journey, problems } = packChecker(packs, { steps: stepsDir }).checkJourneyText(file, text);
    const result: StudioJourney = {
      country,
      file: journey.file,
      config: journey.config ?? before?.config ?? null,
      stale: journey.config === undefined,
      problems,
      checkedAt: Date.now(),
      stateLines: journey.config ? stateLines(journey.source, journey.config) : (before?.stateLines ?? {}),
    };
    latest.set(country, result);
    return result;
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify(body));
  };

  return {
    name: 'journey-studio',
    apply: 'serve',
    configureServer(server) {
      // Each save checked again, and the result sent to every page.
      const watching = watchJourneyFiles({ journeysDir, stepsDir, countries, settled: (country) => server.ws.send({ type: 'custom', event: JOURNEY_EVENT, data: check(country) }) });
      server.httpServer?.on('close', watching.close);
      server.middlewares.use(panelRoutes({ journeysDir, stepsDir }));
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://studio');
        if (url.pathname === STUDIO_BASE.slice(0, -1)) {
          res.statusCode = 302;
          res.setHeader('Location', STUDIO_BASE + url.search);
          res.end();
          return;
        }
        if (url.pathname === STUDIO_BASE || url.pathname === `${STUDIO_BASE}index.html`) {
          server
            .transformIndexHtml(req.url ?? STUDIO_BASE, readFileSync(PAGE, 'utf8'))
            .then((html) => {
              res.setHeader('Content-Type', 'text/html; charset=utf-8');
              res.setHeader('Cache-Control', 'no-store');
              res.end(html);
            })
            .catch(next);
          return;
        }
        if (url.pathname === `${STUDIO_BASE}api/journeys`) return json(res, 200, { countries: countries(), journeysDir });
        if (url.pathname === `${STUDIO_BASE}api/journey`) {
          const country = url.searchParams.get('country') ?? '';
          if (!countries().includes(country)) return json(res, 404, { error: `no journey ${country}.json in ${journeysDir}` });
          return json(res, 200, check(country));
        }
        next();
      });
    },
  };
}
