import type { CallOutcome } from './apiError';
import type { CallInput } from './callOperation';
import type { OperationId } from './generated/operations';

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/**
 * Encrypts the seller's PIN for the provider (spec section 6: "sent base64-encrypted with a
 * public key"): RSA-OAEP with SHA-256 under the key `publicKey` publishes, asked once per page.
 * The PIN itself is never kept: callers keep the sealed text for the calls that need it.
 */
export function createPinSealer(call: (operationId: OperationId, input: CallInput) => Promise<CallOutcome<unknown>>) {
  let key: Promise<CryptoKey> | undefined;
  const publicKey = async (): Promise<CryptoKey> => {
    const outcome = await call('publicKey', {});
    if (!outcome.ok) throw outcome.error;
    const jwk = (outcome.data as { key: JsonWebKey }).key;
    return crypto.subtle.importKey('jwk', { ...jwk, alg: 'RSA-OAEP-256', ext: true }, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  };
  return async (pin: string): Promise<string> => {
    key ??= publicKey().catch((error: unknown) => {
      key = undefined; // asked again next time (a network failure)
      throw error;
    });
    const sealed = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, await key, new TextEncoder().encode(pin));
    return toBase64(new Uint8Array(sealed));
  };
}
