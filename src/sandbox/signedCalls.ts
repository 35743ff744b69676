import { createCipheriv, createDecipheriv, createECDH, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  canonicalRequest,
  headersToSign,
  identityTime,
  KEY_INFO,
  MAX_CLOCK_SKEW_MS,
  REQUIRED_SIGNED,
  SEALED_AAD,
  SIGNED_HEADERS,
} from '../api/signedCallProtocol';
import type { SandboxDb } from './database';

/** A session's call keys, as the provider keeps them: raw bytes, server side only. */
export interface CallKeys {
  sign: Buffer;
  seal: Buffer;
}

/** A request that passed every check: its identity and the state its answer must carry back. */
export interface VerifiedCall {
  identity: string;
  state: Buffer;
  keys: CallKeys;
}

/** Why a request was refused (the `code` of its 401; the message is always 'No autorizado'). */
export type Refusal = 'UNSIGNED' | 'SIGNATURE_INVALID' | 'IDENTITY_INVALID' | 'TIMESTAMP_STALE' | 'NONCE_REPLAYED' | 'SESSION_KEYS_MISSING';

/**
 * The provider's agreement key (ECDH P-256): made when the sandbox starts, never written; the
 * public half is published with the PIN key (`publicKey`). A session's keys come from it and the
 * client's ephemeral key at sign-in, and are kept with the session, so a restart keeps sessions.
 */
export function createAgreementKey() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const point = ecdh.getPublicKey();
  const b64url = (bytes: Buffer) => bytes.toString('base64url');
  return {
    jwk: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    /** The session keys agreed with a client's raw public key (base64), or undefined when it is not one. */
    agree(clientKey: string): CallKeys | undefined {
      try {
        const raw = Buffer.from(clientKey, 'base64');
        const secret = ecdh.computeSecret(raw);
        const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, raw, info, 32));
        return { sign: derive(KEY_INFO.sign), seal: derive(KEY_INFO.seal) };
      } catch {
        return undefined;
      }
    },
  };
}

export type AgreementKey = ReturnType<typeof createAgreementKey>;

/** AES-256-GCM as WebCrypto writes it: base64 of IV (12 bytes), ciphertext, tag (16 bytes). */
export function sealBytes(key: Buffer, plain: Buffer, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(aad));
  return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

export function openBytes(key: Buffer, text: string, aad: string): Buffer | undefined {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length < 28) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12)).setAAD(Buffer.from(aad));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]);
  } catch {
    return undefined;
  }
}

/** The call keys stored with a session (sign-in writes them; logout deletes them). */
export const sessionKeys = {
  read(db: SandboxDb, token: string | undefined): CallKeys | undefined {
    if (!token) return undefined;
    const row = db.prepare('select sign_key as sign, seal_key as seal from call_keys where token = ?').get(token) as { sign: Buffer; seal: Buffer } | undefined;
    return row ? { sign: row.sign, seal: row.seal } : undefined;
  },
  write(db: SandboxDb, token: string, keys: CallKeys): void {
    db.prepare('insert or replace into call_keys (token, sign_key, seal_key) values (?, ?, ?)').run(token, keys.sign, keys.seal);
  },
  remove(db: SandboxDb, token: string): void {
    db.prepare('delete from call_keys where token = ?').run(token);
  },
};

/**
 * A nonce may be used once: it is written down (the database, so a restart does not forget it)
 * and refused after. Entries older than the clock window are dropped now and then: a request that
 * old is refused by its timestamp anyway.
 */
function firstUse(db: SandboxDb, nonce: Buffer, at: number): boolean {
  if (Math.random() < 0.01) db.prepare('delete from seen_nonces where seen_at < ?').run(at - 2 * MAX_CLOCK_SKEW_MS);
  return db.prepare('insert or ignore into seen_nonces (nonce, seen_at) values (?, ?)').run(nonce.toString('base64'), at).changes === 1;
}

/** A signed request whose sealed parts opened with its keys: what is left to check needs its body. */
export interface OpenedCall extends VerifiedCall {
  nonce: Buffer;
  signature: Buffer;
  signedNames: string[];
}

/**
 * The checks of a signed request (spec section 7) that need no body, made before a byte of it is
 * read: every header that matters signed; the identity well formed; the nonce and state open
 * with the session's keys (sealed bound to the identity, so only the key holder wrote them);
 * the identity's time within 5 minutes of the provider's clock. `finishCall` checks the rest.
 */
export function openCall(keys: CallKeys | undefined, headers: Record<string, string | undefined>, now: number): OpenedCall | { refused: Refusal } {
  const header = (name: string) => headers[name];
  const signature = header(SIGNED_HEADERS.signature);
  const identity = header(SIGNED_HEADERS.identity);
  const signedNames = (header(SIGNED_HEADERS.signedHeaders) ?? '').split(';').filter(Boolean);
  if (!signature || !identity || !header(SIGNED_HEADERS.nonce) || !header(SIGNED_HEADERS.state)) return { refused: 'UNSIGNED' };
  if (!keys) return { refused: 'SESSION_KEYS_MISSING' };
  // Every header that matters must be signed, whatever list the request claims.
  const expected = headersToSign((name) => header(name) !== undefined);
  if (expected.some((name) => !signedNames.includes(name)) || REQUIRED_SIGNED.some((name) => !signedNames.includes(name))) return { refused: 'SIGNATURE_INVALID' };
  const time = identityTime(identity);
  if (Number.isNaN(time)) return { refused: 'IDENTITY_INVALID' };
  const nonce = openBytes(keys.seal, header(SIGNED_HEADERS.nonce) ?? '', SEALED_AAD.nonce(identity));
  const state = openBytes(keys.seal, header(SIGNED_HEADERS.state) ?? '', SEALED_AAD.state(identity));
  if (!nonce || !state) return { refused: 'SIGNATURE_INVALID' };
  if (Math.abs(now - time) > MAX_CLOCK_SKEW_MS) return { refused: 'TIMESTAMP_STALE' };
  return { identity, state, keys, nonce, signature: Buffer.from(signature, 'base64'), signedNames };
}

/**
 * The checks of an opened request that need its body: the HMAC over method, path, sorted query,
 * body hash and signed headers; then the nonce never seen before (written down only now, so a
 * request refused earlier spends nothing).
 */
export function finishCall(
  db: SandboxDb,
  opened: OpenedCall,
  request: { method: string; url: string; headers: Record<string, string | undefined>; body: Buffer },
  now: number,
): VerifiedCall | { refused: Refusal } {
  const text = canonicalRequest({
    method: request.method,
    url: request.url,
    bodySha256: createHash('sha256').update(request.body).digest('hex'),
    headers: opened.signedNames.map((name) => [name, request.headers[name] ?? '']),
  });
  const mac = createHmac('sha256', opened.keys.sign).update(text).digest();
  if (opened.signature.length !== mac.length || !timingSafeEqual(opened.signature, mac)) return { refused: 'SIGNATURE_INVALID' };
  if (!firstUse(db, opened.nonce, now)) return { refused: 'NONCE_REPLAYED' };
  return { identity: opened.identity, state: opened.state, keys: opened.keys };
}

/**
 * A signed request's path parameters and query values opened (the client seals each, bound to
 * the request's identity and the value's name), or the name of the first that does not open.
 */
export function openUrlValues(call: VerifiedCall, params: Record<string, string>, query: Record<string, unknown>): { params: Record<string, string>; query: Record<string, unknown> } | { unopened: string } {
  const open = (name: string, value: string) => openBytes(call.keys.seal, value, SEALED_AAD.param(call.identity, name))?.toString('utf8');
  const opened = { params: {} as Record<string, string>, query: {} as Record<string, unknown> };
  for (const [name, value] of Object.entries(params)) {
    const plain = open(name, value);
    if (plain === undefined) return { unopened: name };
    opened.params[name] = plain;
  }
  for (const [name, value] of Object.entries(query)) {
    const values = (Array.isArray(value) ? value : [value]).map((v) => open(name, String(v)));
    if (values.some((v) => v === undefined)) return { unopened: name };
    opened.query[name] = Array.isArray(value) ? values : values[0];
  }
  return opened;
}

/**
 * The headers and body of a sealed answer: the body AES-GCM sealed and bound to the request's
 * identity, status and content type; the request's state sealed again (or, for the sandbox's
 * `state-mismatch` fault, another state: what a mixed-up or forged answer looks like).
 */
export function sealAnswer(call: VerifiedCall, answer: { status: number; contentType: string; body: Buffer }, wrongState = false) {
  const state = wrongState ? randomBytes(call.state.length) : call.state;
  return {
    headers: {
      [SIGNED_HEADERS.identity]: call.identity,
      [SIGNED_HEADERS.state]: sealBytes(call.keys.seal, state, SEALED_AAD.state(call.identity)),
      [SIGNED_HEADERS.sealed]: 'v1',
      [SIGNED_HEADERS.sealedType]: answer.contentType,
      'content-type': 'text/plain; charset=utf-8',
    },
    body: sealBytes(call.keys.seal, answer.body, SEALED_AAD.answer(call.identity, answer.status, answer.contentType)),
  };
}
