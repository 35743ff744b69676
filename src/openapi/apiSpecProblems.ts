import { join } from 'node:path';
import { loadCountryOperations } from './countryOperations';
import type { Operation } from './operations';
import { placeOf } from './operationPlaces';
import { locateInYaml, placed, SpecError, type SpecProblem } from './specProblems';
import { countryCodes, OPENAPI_ROOT } from './specFiles';

/** A country's operations, or the problems that keep them from loading. */
function operationsOrProblems(cc: string, root: string): { operations: Operation[] } | { problems: SpecProblem[] } {
  try {
    return { operations: loadCountryOperations(cc, root) };
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    return { problems: error.problems };
  }
}

/**
 * What makes the provider's API as a whole ambiguous for a server that serves every country at
 * once: each country's own problems, and a method and path served for two countries (the
 * provider puts the country in its paths, `/sv/...`, `/home/sv/...`: each country's paths are its
 * own). Sound countries' operations come from the cache, so this is quick when all is well.
 */
export function apiSpecProblems(root = OPENAPI_ROOT): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const routes = new Map<string, { cc: string; operationId: string }>();
  for (const cc of countryCodes(root)) {
    const loaded = operationsOrProblems(cc, root);
    if ('problems' in loaded) {
      problems.push(...loaded.problems);
      continue;
    }
    for (const op of loaded.operations) {
      const route = `${op.method.toUpperCase()} ${op.path.replace(/\{\w+\}/g, '{}')}`;
      const other = routes.get(route);
      if (!other) {
        routes.set(route, { cc, operationId: op.operationId });
        continue;
      }
      const place = placeOf(join(root, cc), op.operationId);
      const otherPlace = placeOf(join(root, other.cc), other.operationId);
      if (!place || !otherPlace) continue;
      const at = locateInYaml(otherPlace.file, otherPlace.pointer);
      problems.push(placed(place, `${op.method.toUpperCase()} ${op.path} is also country ${other.cc}'s ("${other.operationId}" at ${otherPlace.file}:${at.line}:${at.column}): each country's paths must be its own, with its country in them`));
    }
  }
  return problems;
}
