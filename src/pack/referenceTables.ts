/**
 * A country's reference data as Node code reads it (the sandbox, the run-time validator, the
 * studio, the tests): the tables its country file names in `referenceData`, each file read from
 * the pack. A rule that reads reference data is given these (src/validation/formatRule.ts); the
 * browser gets the same files through the step validators that import them (src/build/compileSteps.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReferenceTables } from '../validation/formatRule';
import type { PackPaths } from './countryPack';

/**
 * The reference data files a country file names, by name, as paths on disk (the pack's root
 * joined to each); none when the country has no country file or it is not JSON (its own check
 * says so).
 *
 * @example referenceFiles(packPaths('zz', 'tests/fixtures/packs/zz')).regions // '.../tests/fixtures/packs/zz/reference/zz/regions.json'
 */
export function referenceFiles(paths: Pick<PackPaths, 'root' | 'countryFile'>): Record<string, string> {
  if (!existsSync(paths.countryFile)) return {};
  let named: unknown;
  try {
    named = (JSON.parse(readFileSync(paths.countryFile, 'utf8')) as { referenceData?: unknown }).referenceData;
  } catch {
    return {};
  }
  if (!named || typeof named !== 'object') return {};
  return Object.fromEntries(Object.entries(named).flatMap(([name, file]) => (typeof file === 'string' ? [[name, join(paths.root, file)]] : [])));
}

/**
 * A country's reference data, each table its country file names read whole (a file that is
 * missing, not JSON or not a list is left out: the country file's check reports it, and a rule that reads
 * it says which it was not given).
 *
 * @example readReferenceTables(packPaths('zz', 'tests/fixtures/packs/zz')).regions // [{ code: 'N', name: 'Norte' }, ...]
 */
export function readReferenceTables(paths: Pick<PackPaths, 'root' | 'countryFile'>): ReferenceTables {
  const tables: Record<string, readonly unknown[]> = {};
  for (const [name, file] of Object.entries(referenceFiles(paths))) {
    const rows = readRows(file);
    if (rows) tables[name] = rows;
  }
  return tables;
}

/** A reference file's rows, or undefined when it is missing, not JSON or not a list. */
function readRows(file: string): readonly unknown[] | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const rows: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(rows) ? rows : undefined;
  } catch {
    return undefined;
  }
}
