/**
 * Placeholder of the studio panels' server routes (issue #15 point 4): `/__studio/api/steps…`,
 * `/__studio/api/paths…`, `/__studio/api/replay…` and `/__studio/api/diff…`. Another engineer
 * fills it in; until then every request goes on to the next handler.
 */
import type { Connect } from 'vite';

export function panelRoutes(): Connect.NextHandleFunction {
  return (_req, _res, next) => next();
}
