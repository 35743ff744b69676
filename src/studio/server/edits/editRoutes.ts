/**
 * The edits' routes on the studio's dev server (panelRoutes.ts hands them over):
 *
 * - `GET  /__studio/api/edit/state?country=<cc>&state=<full id>`: what the state's editor shows;
 * - `POST /__studio/api/edit?country=<cc>` with one edit (src/studio/editApi.ts): checked, then
 *   written, or refused (422) with the problems it would bring;
 * - `POST /__studio/api/undo`, `POST /__studio/api/redo`: the last edit's text put back, or again;
 * - `GET  /__studio/api/edit/history`: what can be undone and redone.
 */
import type { StudioEdit } from '../../editApi';
import { countryCode, PanelError } from '../panels/packJourney';
import { applyEdit, editHistory, redoEdit, undoEdit } from './editHistory';
import { editorState } from './editorState';

/** The routes' paths under the panels' API, for panelRoutes.ts to hand over. */
export const EDIT_ROUTES = ['/edit', '/undo', '/redo'] as const;

/**
 * The answer of an edit route (`route`: method and path under the API, as panelRoutes.ts names
 * it), or undefined when the route is not one of the edits'.
 */
export async function editAnswer(route: string, url: URL, body: () => Promise<unknown>): Promise<unknown> {
  switch (route) {
    case 'GET /edit/state': {
      const state = url.searchParams.get('state') ?? '';
      if (state === '') throw new PanelError('which state? ?state=<full id>: the journey id and the path of keys, like <journey>.signedIn.home');
      return editorState(countryCode(url.searchParams.get('country')), state);
    }
    case 'GET /edit/history':
      return editHistory();
    case 'POST /edit':
      return applyEdit(countryCode(url.searchParams.get('country')), (await body()) as StudioEdit);
    case 'POST /undo':
      return undoEdit();
    case 'POST /redo':
      return redoEdit();
    default:
      return undefined;
  }
}
