import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiTypes } from '../src/build/apiTypes';
import { openapiRoots } from '../src/openapi/countryActors';
import { compileSteps } from '../src/build/compileSteps';
import { SHARED_BUILDS } from '../src/tools/browser/buildProcess';

/** The test country made only of data (tests/fixtures/packs/zz): its operations are generated too. */
const TEST_PACK_OPENAPI = 'tests/fixtures/packs/zz/openapi';
/** The customer-facing test country (tests/fixtures/packs/zc): its operations are generated too. */
const CUSTOMER_PACK_OPENAPI = 'tests/fixtures/packs/zc/openapi';
/** The test country whose first screen is a public form and whose shell lists every script (tests/fixtures/packs/zf). */
const FORM_PACK_OPENAPI = 'tests/fixtures/packs/zf/openapi';
/** The test country of the step screens' groups and copies (tests/fixtures/packs/zg). */
const GROUP_PACK_OPENAPI = 'tests/fixtures/packs/zg/openapi';
/** The test country whose upload takes PDFs and whose debt screen links outside (tests/fixtures/packs/zk). */
const DOCUMENTS_PACK_OPENAPI = 'tests/fixtures/packs/zk/openapi';

/**
 * Generated code is not committed: every test run builds it first (the API types from
 * openapi/ and from the data-only test country's pack, the precompiled step validators from
 * schemas/steps/). The browser tests' builds are shared through a folder made here
 * (servedBuild.ts: each country built once in the run, not once per file) and removed at the end.
 */
export default async function setup(): Promise<() => void> {
  // A run a test starts (tests/journeys/reorder.test.ts runs some files again over an edited
  // journey) finds the code and the builds' folder of the run that started it: made once.
  if (process.env[SHARED_BUILDS]) return () => undefined;
  await generateApiTypes([...new Set([...openapiRoots(), TEST_PACK_OPENAPI, CUSTOMER_PACK_OPENAPI, FORM_PACK_OPENAPI, DOCUMENTS_PACK_OPENAPI, GROUP_PACK_OPENAPI])]);
  compileSteps();
  const builds = mkdtempSync(join(tmpdir(), 'field-sales-test-builds-'));
  process.env[SHARED_BUILDS] = builds;
  return () => rmSync(builds, { recursive: true, force: true });
}
