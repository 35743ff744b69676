/**
 * The provider's keys as the app reads them: the operation a country's spec marks
 * `x-signing: publishes-keys` must answer what the PIN sealer reads (`key`, an RSA JWK) and, in a
 * country with signed calls (a `sign-in` too), what the call signer reads (`kid`, `agreementKey`).
 * Part of `npm run journeys:check`; each problem is placed at the operation's 200 answer.
 */
import { pinKeyAnswer, publishedKeysAnswer } from '../api/publishedKeys';
import { answerShapeProblem } from './checkAnswerShape';
import { loadCountryOperations } from '../openapi/countryOperations';
import { operationPlace } from '../openapi/operationPlaces';
import { countryCodes } from '../openapi/specFiles';
import { locateInYaml, SpecError, type SpecProblem } from '../openapi/specProblems';

export function publishedKeysProblems(root: string): SpecProblem[] {
  const problems: SpecProblem[] = [];
  for (const cc of countryCodes(root)) {
    let operations;
    try {
      operations = loadCountryOperations(cc, root);
    } catch (error) {
      if (error instanceof SpecError) continue; // the spec's own problems are printed on their own
      throw error;
    }
    const keys = operations.find((op) => op.signing === 'publishes-keys');
    if (!keys) continue;
    const signed = operations.some((op) => op.signing === 'sign-in' || op.session === 'open');
    const place = operationPlace(cc, keys.operationId, root);
    if (!place) continue;
    const answered = place.pointer.replace(/operationId$/, 'responses/200');
    const pointer = locateInYaml(place.file, answered).line > 1 ? answered : place.pointer;
    for (const shape of signed ? [pinKeyAnswer, publishedKeysAnswer] : [pinKeyAnswer]) {
      const message = answerShapeProblem(shape.reader, shape.schema, keys);
      if (message) problems.push({ file: place.file, ...locateInYaml(place.file, pointer), pointer, message });
    }
  }
  return problems;
}
