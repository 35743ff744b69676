/**
 * Which country a command works on and where its pack is: `COUNTRY` (`DEFAULT_COUNTRY` by default) and
 * `COUNTRY_PACKS`, the folder holding the packs (the repository by default; the tests point it
 * at a test country made only of data files, `tests/fixtures/packs/zz`). The build, `npm start`,
 * `journeys:check` and `steps:compile` all read them, so one setting moves them together.
 *
 * A pack has the repository's layout:
 *   journeys/<cc>.json        the journey
 *   schemas/steps/<cc>/       its step screens
 *   countries/<cc>.json       the country file (schemas/country.schema.json)
 *   openapi/<cc>/             the provider's OpenAPI specs for the country
 *   reference/<cc>/           reference data the country file names (optional)
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_COUNTRY } from './defaultCountry';

export { DEFAULT_COUNTRY };

/** The country of this command, lower case (`COUNTRY=CC` gives `cc`). A bad value is a clear error. */
export function packCountry(env: NodeJS.ProcessEnv = process.env): string {
  const given = (env.COUNTRY ?? DEFAULT_COUNTRY).trim().toLowerCase();
  if (!/^[a-z]{2}$/.test(given)) throw new Error(`COUNTRY=${env.COUNTRY}: a country is its two-letter code, like COUNTRY=${DEFAULT_COUNTRY}`);
  return given;
}

/** The packs folder of the work running in it (withPackRoot), where it differs from the process's. */
const scopedRoot = new AsyncLocalStorage<string>();

/**
 * Runs `work` (and all it awaits) with `root` as its packs folder, as `COUNTRY_PACKS` would set
 * it for a process of its own: the studio's replay of a pack it put together reads that pack's
 * step screens and country file, while the studio's other requests, running meanwhile in the
 * same process, go on reading theirs.
 */
export const withPackRoot = <T>(root: string, work: () => T): T => scopedRoot.run(resolve(root), work);

/** The folder holding the packs, absolute: the work's own (withPackRoot), else `COUNTRY_PACKS` (from the working folder) or the working folder. */
export function packRoot(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  const scoped = env === process.env ? scopedRoot.getStore() : undefined;
  if (scoped) return scoped;
  const root = resolve(cwd, env.COUNTRY_PACKS ?? '.');
  if (!existsSync(root)) throw new Error(`COUNTRY_PACKS=${env.COUNTRY_PACKS}: no such folder`);
  return root;
}

/** Where each part of one country's pack is. */
export interface PackPaths {
  root: string;
  country: string;
  journey: string;
  steps: string;
  countryFile: string;
  openapi: string;
}

export function packPaths(country = packCountry(), root = packRoot()): PackPaths {
  return {
    root,
    country,
    journey: join(root, 'journeys', `${country}.json`),
    steps: join(root, 'schemas', 'steps', country),
    countryFile: join(root, 'countries', `${country}.json`),
    openapi: join(root, 'openapi', country),
  };
}
