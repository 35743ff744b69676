import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { countryActorNames } from '../pack/actorCatalogue';
import { loadCountryOperations } from './countryOperations';
import { loadOperations, type Operation } from './operations';
import { OPENAPI_ROOT } from './specFiles';
import { SpecError } from './specProblems';

/** Where the scripts read the provider's specs: `openapi/`, or `OPENAPI_ROOT` (a test's broken copy). */
export const openapiRoot = (): string => process.env.OPENAPI_ROOT ?? OPENAPI_ROOT;

/**
 * Every folder of country specs the scripts read: `openapiRoot()`, and the `openapi/` of the
 * country packs in `COUNTRY_PACKS` (a pack has the repository's layout) when it is set.
 */
export function openapiRoots(): string[] {
  const roots = [openapiRoot()];
  const packs = process.env.COUNTRY_PACKS ? join(process.env.COUNTRY_PACKS, 'openapi') : undefined;
  if (packs && existsSync(packs) && resolve(packs) !== resolve(roots[0] as string)) roots.push(packs);
  return roots;
}

/** The folder of specs that holds a country's (`<root>/<cc>/`), the first that has it. */
export function openapiRootOf(cc: string): string {
  return openapiRoots().find((root) => existsSync(join(root, cc))) ?? openapiRoot();
}

/**
 * The actors a journey of a country may invoke: `api.<operationId>` of each operation of its
 * provider API (`openapi/<cc>/`), and the device's. What the scripts and tests hand to
 * `checkJourney` (the engine reads no spec itself). A country whose spec has problems (which
 * journeys:check prints on their own) still gets the ids it names.
 *
 * @example
 * checkJourney(file, text, countryActors)
 */
export function countryActors(country: string): string[] {
  return countryActorNames(countryOperations(country).map((op) => op.operationId));
}

/**
 * A country's provider operations (`openapi/<cc>/`), with their request and answer schemas: what
 * the call and data-contract checks read. A country whose spec has problems (which journeys:check
 * prints on their own) still gets the operations it declares.
 */
export function countryOperations(country: string): Operation[] {
  const cc = country.toLowerCase();
  const root = openapiRootOf(cc);
  try {
    return loadCountryOperations(cc, root);
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    // A file that is not YAML is one of those problems: the operations of the others.
    return loadOperations(join(root, cc), { lenient: true });
  }
}
