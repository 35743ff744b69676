import { constants, generateKeyPairSync, privateDecrypt, randomBytes, type KeyObject } from 'node:crypto';

/** The provider's key pair for the seller's PIN: the public half published, the private kept here. */
export interface PinKey {
  kid: string;
  /** The public key as a JWK (RSA-OAEP with SHA-256), for `GET /sv/public-key`. */
  jwk: JsonWebKey;
  /** The PIN inside a base64 RSA-OAEP ciphertext, or undefined when it is not one made with this key. */
  open(sealed: unknown): string | undefined;
}

/**
 * A fresh RSA-2048 key pair, made when the sandbox starts (never written anywhere): clients ask
 * for the public key before signing in, so a restart only means they ask again.
 */
export function createPinKey(): PinKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = `sandbox-${randomBytes(4).toString('hex')}`;
  return {
    kid,
    jwk: { ...(publicKeyJwk(publicKey) as JsonWebKey), alg: 'RSA-OAEP-256' },
    open(sealed) {
      if (typeof sealed !== 'string' || sealed.length < 300) return undefined; // 256 bytes in base64
      try {
        return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(sealed, 'base64')).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

function publicKeyJwk(key: KeyObject): JsonWebKey {
  return key.export({ format: 'jwk' });
}
