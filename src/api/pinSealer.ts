import { toBase64 } from './aesGcm';
import type { CallOutcome } from './apiError';
import type { CallInput } from './callOperation';
import { operationWithRole, type OperationTable } from './operationTable';

/** The provider's published keys (the operation marked `x-signing: publishes-keys`): the PIN's RSA key, as a JWK. */
export type PinKeySource = () => Promise<JsonWebKey>;

/** The PIN's key asked with its own call (where no signer has asked it already). */
export function pinKeyByCall<T extends OperationTable>(operations: T, call: (operationId: keyof T & string, input: CallInput) => Promise<CallOutcome<unknown>>): PinKeySource {
  return async () => {
    const keys = operationWithRole(operations, 'publishes-keys');
    if (!keys) throw new Error('this country publishes no keys (no operation marked x-signing: publishes-keys)');
    const [outcome, { readAnswer, pinKeyAnswer }] = await Promise.all([call(keys[0], {}), import('./publishedKeys')]);
    if (!outcome.ok) throw outcome.error;
    return readAnswer(pinKeyAnswer, outcome.data, keys[0]).key;
  };
}

/**
 * Encrypts the seller's PIN for the provider (spec section 6: "sent base64-encrypted with a
 * public key"): RSA-OAEP with SHA-256 under the key the provider publishes, of
 * `{"pin": "…", "nonce": "…", "at": <ms>}`, a fresh random nonce and this device's time, so that
 * the provider opens each sealed PIN once and never long after (docs/security.md, "A sealed PIN
 * good once"): a sealed PIN copied off the wire opens no second session. The key is taken from
 * `source` at each sign-in (which keeps it for the page), so a provider's new key is used as soon
 * as the source has it. The PIN itself is never kept: callers keep the sealed text.
 */
export function createPinSealer(source: PinKeySource, now: () => number = Date.now) {
  return async (pin: string): Promise<string> => {
    const jwk = await source();
    const key = await crypto.subtle.importKey('jwk', { ...jwk, alg: 'RSA-OAEP-256', ext: true }, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    const nonce = toBase64(crypto.getRandomValues(new Uint8Array(16)));
    const sealed = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(JSON.stringify({ pin, nonce, at: now() })));
    return toBase64(new Uint8Array(sealed));
  };
}
