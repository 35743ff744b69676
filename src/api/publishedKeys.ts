import { answerShape, fitsShape, shapeMismatch, type AnswerShape, type ShapeSchema } from '../pack/answerShape';

/**
 * What the app reads of the provider's published keys (the operation a country's spec marks
 * `x-signing: publishes-keys`): journeys:check holds the country's spec to these shapes
 * (src/checker/publishedKeysCheck.ts), and the answer is read through them. Loaded when the keys are
 * first asked (at sign-in), so that the first screen does not carry it.
 */

/** What the provider publishes: the PIN's RSA key and the agreement key, as JWKs, and their id. */
export interface PublishedKeys {
  kid: string;
  key: JsonWebKey;
  agreementKey: JsonWebKey;
}

/** An RSA public key as a JWK: what the PIN is sealed with. */
const rsaPublicJwk: ShapeSchema = { type: 'object', required: ['kty', 'n', 'e'], properties: { kty: { const: 'RSA' }, n: { type: 'string' }, e: { type: 'string' } } };

/** What the PIN sealer reads: the RSA key, `key`. */
export const pinKeyAnswer = answerShape<{ key: JsonWebKey }>('the PIN sealer (the RSA key, `key`)', { type: 'object', required: ['key'], properties: { key: rsaPublicJwk } });

/** What the call signer reads (in a country with signed calls): the keys' id, the PIN's key and the ECDH P-256 key calls are agreed against. */
export const publishedKeysAnswer = answerShape<PublishedKeys>('the call signer (kid, key and agreementKey)', {
  type: 'object',
  required: ['kid', 'key', 'agreementKey'],
  properties: {
    kid: { type: 'string' },
    key: rsaPublicJwk,
    agreementKey: { type: 'object', required: ['kty', 'crv', 'x', 'y'], properties: { kty: { const: 'EC' }, crv: { const: 'P-256' }, x: { type: 'string' }, y: { type: 'string' } } },
  },
});

/** The answer of `operationId` read as a shape; a provider that breaks its spec is an Error that says so (places, never values). */
export function readAnswer<A>(shape: AnswerShape<A>, answer: unknown, operationId: string): A {
  if (fitsShape(shape, answer)) return answer;
  throw new Error(`${operationId} answered what ${shape.reader} cannot read (${shapeMismatch(shape.schema, answer) ?? ''}): the provider does not keep to its spec`);
}
