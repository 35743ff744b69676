import { constants, createPublicKey, publicEncrypt, type JsonWebKey as NodeJwk } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The PIN as a client sends it: encrypted with the key the sandbox publishes (dev and production refuse it in clear). */
export async function sealedPin(app: FastifyInstance, pin: string): Promise<string> {
  const { key } = (await app.inject({ url: '/v1/telco/sv/public-key' })).json() as { key: NodeJwk };
  return publicEncrypt({ key: createPublicKey({ key, format: 'jwk' }), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(pin)).toString('base64');
}
