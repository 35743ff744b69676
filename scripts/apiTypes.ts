/** `npm run api:types`: each country's API types and operations table, from its specs (src/build/apiTypes.ts). */
import { API_OUTPUT, generateApiTypes } from '../src/build/apiTypes';
import { SpecError } from '../src/openapi/specProblems';

try {
  const written = await generateApiTypes();
  console.log(`generated ${written.length} file(s) into ${API_OUTPUT}`);
} catch (error) {
  if (!(error instanceof SpecError)) throw error;
  console.log(error.message);
  console.error(`${error.problems.length} problem(s) in openapi/: nothing generated.`);
  process.exitCode = 1;
}
