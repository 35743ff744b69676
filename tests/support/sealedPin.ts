import { constants, createPublicKey, publicEncrypt, randomBytes, type JsonWebKey as NodeJwk } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The PIN as a client sends it (src/api/pinSealer.ts): `{"pin", "nonce", "at"}` encrypted with
 * the key the country's sandbox publishes (dev and production refuse it in clear), a fresh nonce
 * each time, and the time of the sandbox's own clock (the key answer's `Date`), so that a test
 * on a moved clock seals in it. Each call seals anew: a sealed PIN opens one session only.
 */
export async function sealedPin(app: FastifyInstance, pin: string, country = 'sv', provider = 'telco'): Promise<string> {
  const answer = await app.inject({ url: `/v1/${provider}/${country}/public-key` });
  const { key } = answer.json() as { key: NodeJwk };
  const at = Date.parse(String(answer.headers.date ?? '')) || Date.now();
  const inside = JSON.stringify({ pin, nonce: randomBytes(16).toString('base64url'), at });
  return publicEncrypt({ key: createPublicKey({ key, format: 'jwk' }), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(inside)).toString('base64');
}
