import type { Connect } from 'vite';

// Placeholder: the studio panels' server routes (steps, paths, replay, diff); filled in by the panels' work.
export function panelRoutes(): Connect.NextHandleFunction {
  return (_req, _res, next) => next();
}
