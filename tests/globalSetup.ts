import { generateApiTypes } from '../scripts/apiTypes';
import { openapiRoots } from '../scripts/countryActors';
import { compileSteps } from '../scripts/compileSteps';

/** The test country made only of data (tests/fixtures/packs/zz): its operations are generated too. */
const TEST_PACK_OPENAPI = 'tests/fixtures/packs/zz/openapi';

/**
 * Generated code is not committed: every test run builds it first (the API types from
 * openapi/ and from the data-only test country's pack, the precompiled step validators from
 * schemas/steps/).
 */
export default async function setup(): Promise<void> {
  await generateApiTypes([...new Set([...openapiRoots(), TEST_PACK_OPENAPI])]);
  compileSteps();
}
