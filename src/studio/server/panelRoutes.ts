/**
 * The studio panels' server routes (issue #15 point 4), mounted on the studio's dev server:
 *
 * - `GET  /__studio/api/steps?country=<cc>`: the journey's steps with sample data (step preview);
 * - `/__studio/api/edit`, `/undo`, `/redo`: the studio's edits written back to the files (edits/editRoutes.ts);
 * - `POST /__studio/api/preview/call?country=<cc>` `{ operationId, input }`: a previewed screen's
 *   provider call, answered by the studio's own sandbox over the seed (panels/previewSandbox.ts);
 * - `GET  /__studio/api/paths?country=<cc>`: the journey's paths (`journeys:paths`);
 * - `POST /__studio/api/replay?country=<cc>` `{ name }`: one path replayed in Node against a fresh
 *   sandbox (`journeys:replay`); `POST /__studio/api/replay/browser?country=<cc>` `{ name }` in
 *   Chromium against the app built for the country, with its screenshots (`--browser`);
 * - `GET  /__studio/api/diff/files`, `POST /__studio/api/diff` `{ before, after }`: the
 *   meaning-level diff of two versions of a journey (`journeys:diff`);
 * - `GET  /__studio/api/diff/last-commit?country=<cc>`: the country's journey against the last
 *   git commit (`journeys:diff -- <cc>`).
 *
 * Each reads the files as they are at the time of the request, so an edit saved shows at once.
 * Anything else goes on to the next handler. Answers are JSON; a refusal is `{ error }` with
 * words a product owner can act on.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect } from 'vite';
import { PANEL_API, type DiffVersion } from '../panelApi';
import { diffAnswer, diffFiles, lastCommitDiff } from './panels/diff';
import { countryCode, PanelError, setJourneysDir, setStepsDir } from './panels/packJourney';
import { EDIT_ROUTES, editAnswer } from './edits/editRoutes';
import { browserReplayAnswer, pathsAnswer, replayAnswer } from './panels/paths';
import { previewCaller } from './panels/previewSandbox';
import { stepsAnswer } from './panels/steps';

/** The most a request's body may hold: a pasted journey is a few hundred kB. */
const MAX_BODY = 10 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new PanelError('the request is too large', 413));
      else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolve(chunks.length === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new PanelError('the request is not JSON'));
      }
    });
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(JSON.stringify(body));
}

/** A version as the diff takes it: `{ file }` or `{ text, name? }`. */
function diffVersion(value: unknown, which: string): DiffVersion {
  const version = (value ?? {}) as { file?: unknown; text?: unknown; name?: unknown };
  if (typeof version.file === 'string' && version.file !== '') return { file: version.file };
  if (typeof version.text === 'string' && version.text.trim() !== '') return { text: version.text, ...(typeof version.name === 'string' ? { name: version.name } : {}) };
  throw new PanelError(`choose the ${which} version: a file, or a journey's JSON pasted or uploaded`);
}

/** What a route answers, by method and path; undefined when the path is not one of the panels'. */
async function answer(req: IncomingMessage, url: URL): Promise<unknown> {
  const route = `${req.method ?? 'GET'} ${url.pathname.slice(PANEL_API.length)}`;
  // The edits' routes (issue #37): edits/editRoutes.ts.
  const edited = await editAnswer(route, url, () => readBody(req));
  if (edited !== undefined) return edited;
  switch (route) {
    case 'GET /steps':
      return stepsAnswer(countryCode(url.searchParams.get('country')));
    case 'POST /preview/call': {
      const country = countryCode(url.searchParams.get('country'));
      const { operationId, input } = (await readBody(req)) as { operationId?: unknown; input?: unknown };
      if (typeof operationId !== 'string' || operationId === '') throw new PanelError('which operation? send { "operationId": "<operation>", "input": {...} }');
      return previewCaller(country)(operationId, (input ?? {}) as Record<string, unknown>);
    }
    case 'GET /paths':
      return pathsAnswer(countryCode(url.searchParams.get('country')));
    case 'POST /replay': {
      const country = countryCode(url.searchParams.get('country'));
      const { name } = (await readBody(req)) as { name?: unknown };
      if (typeof name !== 'string' || name === '') throw new PanelError('which path? send { "name": "<path name>" }');
      return replayAnswer(country, name);
    }
    case 'POST /replay/browser': {
      const country = countryCode(url.searchParams.get('country'));
      const { name } = (await readBody(req)) as { name?: unknown };
      if (typeof name !== 'string' || name === '') throw new PanelError('which path? send { "name": "<path name>" }');
      return browserReplayAnswer(country, name);
    }
    case 'GET /diff/files':
      return diffFiles();
    case 'GET /diff/last-commit':
      return lastCommitDiff(countryCode(url.searchParams.get('country')));
    case 'POST /diff': {
      const body = (await readBody(req)) as { before?: unknown; after?: unknown };
      return diffAnswer(diffVersion(body.before, 'first'), diffVersion(body.after, 'second'));
    }
    default:
      throw new PanelError(`no such studio route: ${route}`, 404);
  }
}

/**
 * The routes' connect middleware, for the studio's dev server (src/studio/server/studioPlugin.ts
 * mounts it). `journeysDir`: the journeys folder the studio shows, when not the default one
 * (`STUDIO_JOURNEYS`, else the pack's `journeys/`); `stepsDir`: the step screens' folder
 * (`STUDIO_STEPS`, else the pack's `schemas/steps`).
 */
export function panelRoutes({ journeysDir, stepsDir }: { journeysDir?: string; stepsDir?: string } = {}): Connect.NextHandleFunction {
  setJourneysDir(journeysDir);
  setStepsDir(stepsDir);
  const prefixes = ['/steps', '/preview', '/paths', '/replay', '/diff'].map((route) => `${PANEL_API}${route}`);
  prefixes.push(...EDIT_ROUTES.map((route) => `${PANEL_API}${route}`));
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://studio.local');
    if (!prefixes.some((prefix) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))) {
      next();
      return;
    }
    answer(req, url).then(
      (body) => send(res, 200, body),
      (error: unknown) => {
        if (error instanceof PanelError) send(res, error.status, { ...error.details, error: error.message });
        else {
          // A fault of the studio's own, not of the journey: said in full to whoever runs it.
          console.error(error);
          send(res, 500, { error: error instanceof Error ? error.message : String(error) });
        }
      },
    );
  };
}
