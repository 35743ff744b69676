import { generateApiTypes } from '../scripts/apiTypes';
import { compileSteps } from '../scripts/compileSteps';

/**
 * Generated code is not committed: every test run builds it first (the API types from
 * openapi/, the precompiled step validators from schemas/steps/).
 */
export default async function setup(): Promise<void> {
  await generateApiTypes();
  compileSteps();
}
