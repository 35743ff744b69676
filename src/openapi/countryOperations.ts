import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOperations, type Operation } from './operations';
import { countrySpecProblems, SpecError } from './specProblems';
import { OPENAPI_ROOT, specFileNames } from './specFiles';

const loaded = new Map<string, Operation[]>();

/**
 * Where resolved operations are kept between runs, named by a hash of the spec texts (so never
 * stale): parsing the YAML costs hundreds of milliseconds, reading this a few, which keeps
 * `journeys:check` within its budget.
 */
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/openapi-operations', import.meta.url));

/** What the cache holds changes with this loader: a new field in `Operation` is a new version. */
const CACHE_VERSION = 'operations-5';

function specHash(dir: string): string {
  const hash = createHash('sha256').update(CACHE_VERSION);
  for (const name of specFileNames(dir)) hash.update(name).update('\0').update(readFileSync(join(dir, name))).update('\0');
  return hash.digest('hex').slice(0, 32);
}

function readCache(file: string): Operation[] | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Operation[];
  } catch {
    return undefined; // a cache written half: read the specs again
  }
}

function writeCache(file: string, operations: Operation[]): void {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside then renamed: a process reading at the same time never sees half of it.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(operations));
    renameSync(partial, file);
  } catch {
    // No cache where it cannot be written (a read-only install): the specs are read each time.
  }
}

/**
 * Every operation of a country's provider API (`openapi/<cc>/*.yaml`), resolved. A country
 * without a folder has none. Throws a SpecError (located problems) when an operation id is
 * used twice in the country.
 *
 * @example
 * loadCountryOperations('sv').find((op) => op.operationId === 'products')?.path // '/sv/products'
 */
export function loadCountryOperations(cc: string, root = OPENAPI_ROOT): Operation[] {
  const dir = join(root, cc);
  if (!existsSync(dir)) return [];
  const hash = specHash(dir);
  const known = loaded.get(hash);
  if (known) return known;
  const cached = join(CACHE_DIR, `${hash}.json`);
  let operations = readCache(cached);
  if (!operations) {
    const problems = countrySpecProblems(cc, root);
    if (problems.length > 0) throw new SpecError(problems);
    operations = loadOperations(dir);
    writeCache(cached, operations);
  }
  loaded.set(hash, operations);
  return operations;
}
