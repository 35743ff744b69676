/**
 * A recorded session sealed for the support team: only the holder of their private key opens it.
 * The app holds only the public key (from the build: VITE_SESSION_EXPORT_KEY), so a session
 * exported from an agent's phone is no more readable on the phone, in a downloads folder or on
 * the way to support than the sealed snapshot is at rest; nothing secret is in the bundle.
 *
 * ECDH-ES on P-256 with a fresh ephemeral key per file, HKDF-SHA-256 (salt: the ephemeral public
 * key; info names the use) to an AES-256-GCM key, the ciphertext bound to the file's clear header
 * (format, country, time, which key), so a header changed after sealing does not open. Plain
 * WebCrypto: the same module seals in the browser and opens in Node (journeys:replay).
 * Loaded only when the agent exports (a dynamic import), so the app's first screens do not carry it.
 */

import { openBytes, sealBytes, toBase64 } from '../api/aesGcm';

export const SESSION_FILE_FORMAT = 'field-sales-session/v1';
/** HKDF's `info`: this key is for session files and nothing else. */
const INFO = new TextEncoder().encode('session-export-v1');

/** What an exported session file holds: a clear header with nothing personal, and the sealed record. */
export interface SealedSessionFile {
  format: typeof SESSION_FILE_FORMAT;
  /** The app's country, as in the file name. */
  country: string;
  /** When it was exported (ISO 8601). */
  exportedAt: string;
  /** The recipient key's RFC 7638 thumbprint: which key opens it. */
  keyId: string;
  /** The sender's ephemeral ECDH public key (a JWK). */
  epk: JsonWebKey;
  /** base64 of IV and AES-GCM ciphertext with tag (src/api/aesGcm.ts). */
  ciphertext: string;
}

/** Why a session file does not open, in words a tester can act on. */
export class SessionFileError extends Error {
  override name = 'SessionFileError';
}

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

const base64Url = (bytes: Uint8Array) => toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The RFC 7638 thumbprint (SHA-256, base64url) of an EC key: the same for its public and private halves. */
export async function keyIdOf(jwk: JsonWebKey): Promise<string> {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical))));
}

/** Only the public half of an EC P-256 JWK; anything else is a mistake said in words. */
export function publicHalf(jwk: unknown): JsonWebKey {
  const key = jwk as JsonWebKey | null;
  if (!key || typeof key !== 'object' || key.kty !== 'EC' || key.crv !== 'P-256' || typeof key.x !== 'string' || typeof key.y !== 'string') {
    throw new SessionFileError('the session export key must be an EC P-256 public key as a JWK ({"kty":"EC","crv":"P-256","x":…,"y":…})');
  }
  return { kty: 'EC', crv: 'P-256', x: key.x, y: key.y };
}

/** The AES-GCM key both sides derive: ECDH's shared secret through HKDF, salted with the ephemeral public key. */
async function sessionKey(privateKey: CryptoKey, publicKey: CryptoKey, epk: JsonWebKey, usage: KeyUsage): Promise<CryptoKey> {
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256);
  const material = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  const salt = new TextEncoder().encode(JSON.stringify(publicHalf(epk)));
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt, info: INFO }, material, { name: 'AES-GCM', length: 256 }, false, [usage]);
}

/** The clear header as the ciphertext is bound to it (additional data). */
const headerText = (file: Omit<SealedSessionFile, 'ciphertext'>) =>
  JSON.stringify({ format: file.format, country: file.country, exportedAt: file.exportedAt, keyId: file.keyId, epk: publicHalf(file.epk) });

/**
 * Seals `text` (a session record) for the holder of the private half of `recipient`.
 *
 * @example
 * const file = await sealSession(JSON.stringify(record), publicJwk, { country: 'XX', exportedAt: new Date().toISOString() });
 */
export async function sealSession(text: string, recipient: JsonWebKey, header: { country: string; exportedAt: string }): Promise<SealedSessionFile> {
  const recipientJwk = publicHalf(recipient);
  const recipientKey = await crypto.subtle.importKey('jwk', recipientJwk, ECDH, false, []);
  const ephemeral = (await crypto.subtle.generateKey(ECDH, true, ['deriveBits'])) as CryptoKeyPair;
  const epk = publicHalf(await crypto.subtle.exportKey('jwk', ephemeral.publicKey));
  const key = await sessionKey(ephemeral.privateKey, recipientKey, epk, 'encrypt');
  const clear = { format: SESSION_FILE_FORMAT, country: header.country, exportedAt: header.exportedAt, keyId: await keyIdOf(recipientJwk), epk } as const;
  return { ...clear, ciphertext: await sealBytes(key, new TextEncoder().encode(text), headerText(clear)) };
}

/**
 * Opens a session file with the support team's private key (a JWK with `d`); throws a
 * SessionFileError that says why it does not open: not a session file, sealed for another key,
 * or altered.
 */
export async function openSession(file: unknown, privateJwk: JsonWebKey): Promise<string> {
  const sealed = file as Partial<SealedSessionFile> | null;
  if (!sealed || typeof sealed !== 'object' || sealed.format !== SESSION_FILE_FORMAT || typeof sealed.ciphertext !== 'string' || !sealed.epk) {
    throw new SessionFileError(`not a sealed session file (format ${SESSION_FILE_FORMAT} expected)`);
  }
  if (typeof privateJwk.d !== 'string') throw new SessionFileError('the key given is a public key: opening a session file takes the private key (a JWK with "d")');
  const keyId = await keyIdOf(privateJwk);
  if (sealed.keyId !== keyId) throw new SessionFileError(`the file was sealed for the key ${sealed.keyId}, not for the key given (${keyId})`);
  const privateKey = await crypto.subtle.importKey('jwk', { ...publicHalf(privateJwk), d: privateJwk.d }, ECDH, false, ['deriveBits']);
  const epk = await crypto.subtle.importKey('jwk', publicHalf(sealed.epk), ECDH, false, []);
  const key = await sessionKey(privateKey, epk, sealed.epk, 'decrypt');
  const plain = await openBytes(key, sealed.ciphertext, headerText(sealed as SealedSessionFile));
  if (!plain) throw new SessionFileError('the file does not open with this key: it was altered after it was sealed, or sealed for another key');
  return new TextDecoder().decode(plain);
}

