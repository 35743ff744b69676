import { toBase64 } from './aesGcm';
import type { CallOutcome } from './apiError';
import type { CallInput } from './callOperation';
import { operationWithRole, type OperationTable } from './operationTable';
import { answerShape, fitsShape, shapeMismatch, type ShapeSchema } from '../engine/answerShape';

/** The provider's published keys (the operation marked `x-signing: publishes-keys`): the PIN's RSA key, as a JWK. */
export type PinKeySource = () => Promise<JsonWebKey>;

/** An RSA public key as a JWK: what the PIN is sealed with. */
export const RSA_PUBLIC_JWK: ShapeSchema = { type: 'object', required: ['kty', 'n', 'e'], properties: { kty: { const: 'RSA' }, n: { type: 'string' }, e: { type: 'string' } } };

/** What the sealer reads of the `publishes-keys` operation's answer (journeys:check holds the country's spec to it). */
export const pinKeyAnswer = answerShape<{ key: JsonWebKey }>('the PIN sealer (the RSA key, `key`)', { type: 'object', required: ['key'], properties: { key: RSA_PUBLIC_JWK } });

/** The PIN's key asked with its own call (where no signer has asked it already). */
export function pinKeyByCall<T extends OperationTable>(operations: T, call: (operationId: keyof T & string, input: CallInput) => Promise<CallOutcome<unknown>>): PinKeySource {
  return async () => {
    const keys = operationWithRole(operations, 'publishes-keys');
    if (!keys) throw new Error('this country publishes no keys (no operation marked x-signing: publishes-keys)');
    const outcome = await call(keys[0], {});
    if (!outcome.ok) throw outcome.error;
    const answer = outcome.data;
    if (!fitsShape(pinKeyAnswer, answer)) {
      throw new Error(`${keys[0]} answered what ${pinKeyAnswer.reader} cannot read (${shapeMismatch(pinKeyAnswer.schema, answer) ?? ''}): the provider does not keep to its spec`);
    }
    return answer.key;
  };
}

/**
 * Encrypts the seller's PIN for the provider (spec section 6: "sent base64-encrypted with a
 * public key"): RSA-OAEP with SHA-256 under the key the provider publishes. The key is taken from
 * `source` at each sign-in (which keeps it for the page), so a provider's new key is used as soon
 * as the source has it. The PIN itself is never kept: callers keep the sealed text.
 */
export function createPinSealer(source: PinKeySource) {
  return async (pin: string): Promise<string> => {
    const jwk = await source();
    const key = await crypto.subtle.importKey('jwk', { ...jwk, alg: 'RSA-OAEP-256', ext: true }, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    const sealed = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(pin));
    return toBase64(new Uint8Array(sealed));
  };
}
