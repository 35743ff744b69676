import { countryActorNames } from '../src/engine/actorCatalogue';
import { loadCountryOperations, loadOperations, OPENAPI_ROOT, SpecError, type Operation } from '../src/sandbox/openapiSpecs';
import { join } from 'node:path';

/** Where the scripts read the provider's specs: `openapi/`, or `OPENAPI_ROOT` (a test's broken copy). */
export const openapiRoot = (): string => process.env.OPENAPI_ROOT ?? OPENAPI_ROOT;

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
  try {
    return loadCountryOperations(cc, openapiRoot());
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    return loadOperations(join(openapiRoot(), cc));
  }
}
