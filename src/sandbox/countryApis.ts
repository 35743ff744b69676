import { resolve } from 'node:path';
import { SEED_ROOT } from './database';
import { countryCodes, OPENAPI_ROOT } from '../openapi/specFiles';

/** One country's provider API as the sandbox serves it: its specs and its seed data. */
export interface CountryApi {
  /** The country code, lower case: `sv`. */
  code: string;
  /** Its OpenAPI specs: `openapi/<cc>/`. */
  openapiDir: string;
  /** Its seed data: `src/sandbox/seed/<cc>/`. */
  seedDir: string;
}

/** Every country with a provider API (`openapi/<cc>/`), each with its seed folder (`src/sandbox/seed/<cc>/`). */
export function countryApis(openapiRoot = OPENAPI_ROOT, seedRoot = SEED_ROOT): CountryApi[] {
  return countryCodes(openapiRoot).map((code) => ({ code, openapiDir: resolve(openapiRoot, code), seedDir: resolve(seedRoot, code) }));
}

/**
 * What the sandbox serves by default: the repository's countries, and those of the country
 * packs in `COUNTRY_PACKS` (a folder with the repository's layout: `openapi/<cc>/`, `seed/<cc>/`),
 * a test country made only of data among them.
 */
export function defaultCountryApis(packs = process.env.COUNTRY_PACKS): CountryApi[] {
  const own = countryApis();
  if (!packs) return own;
  const packed = countryApis(resolve(packs, 'openapi'), resolve(packs, 'seed')).filter((c) => !own.some((o) => o.code === c.code));
  return [...own, ...packed];
}
