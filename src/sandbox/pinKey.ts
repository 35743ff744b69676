import { constants, createHash, generateKeyPairSync, privateDecrypt, randomBytes, type KeyObject } from 'node:crypto';
import type { SandboxDb } from './database';

/**
 * A sealed PIN is good once (issue 31; docs/security.md, "A sealed PIN good once"): what the
 * client encrypts is not the bare PIN but `{"pin": "…", "nonce": "…", "at": <ms>}`, a fresh
 * random nonce and the client's time. The provider opens it only while `at` is within this much
 * of its own clock (a phone's clock may be off; the nonces are remembered that long), and only
 * once per nonce: the same ciphertext never opens a second session.
 */
export const SEALED_PIN_WINDOW_MS = 24 * 60 * 60_000;

/** Why a sealed PIN did not open: not one made with this key in the sealed form, out of its time, or used already. */
export type SealedPinRefusal = 'unsealed' | 'stale' | 'spent';

/** The provider's key pair for the seller's PIN, one per country: the public half published, the private kept here. */
export interface PinKey {
  kid: string;
  /** The public key as a JWK (RSA-OAEP with SHA-256), for the country's key-publishing call. */
  jwk: JsonWebKey;
  /**
   * The PIN inside a sealed PIN made with this key, spending its nonce: a second opening of the
   * same ciphertext (or of another with the same nonce) is refused as `spent`.
   */
  open(sealed: unknown, now: number): { pin: string } | { refused: SealedPinRefusal };
  /** Whether `value` is a ciphertext this key opens (spent or not), without spending anything. */
  sealedWithThis(value: unknown): boolean;
  /** The sealed PIN a session signed in with: the only one its later calls may carry (`pin`, `vendPass`, `password`). */
  keepForSession(session: string, sealed: string): void;
  /** Whether `value` is the sealed PIN `session` signed in with. */
  isSessionsOwn(session: string, value: unknown): boolean;
}

/** A country's key pair, with the nonces its sealed PINs spent (they live as long as the key). */
interface KeyPair {
  privateKey: KeyObject;
  kid: string;
  jwk: JsonWebKey;
  /** Nonce → the time it was spent, in the order spent (so the oldest are dropped first). */
  spent: Map<string, number>;
}

/** Each country's key pair, made once in the process (see `createPinKey`). */
const processKeys = new Map<string, KeyPair>();

/** The country's key pair, made when first asked for. */
function keyPairOf(country: string): KeyPair {
  let pair = processKeys.get(country);
  if (!pair) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    pair = { privateKey, kid: `sandbox-${randomBytes(4).toString('hex')}`, jwk: { ...(publicKeyJwk(publicKey) as JsonWebKey), alg: 'RSA-OAEP-256' }, spent: new Map() };
    processKeys.set(country, pair);
  }
  return pair;
}

/**
 * An RSA-2048 key pair for one country (never written anywhere): clients ask for the public key
 * before signing in, so a restart only means they ask again, and every sealed PIN of before the
 * restart is unopenable. It is made when the country's key is first used, once in the process: a
 * sandbox started again in the same process (the tests' sandboxes, a replay's fresh one for each
 * path) keeps it and the nonces it has spent, where making one took about a third of a path's
 * replay, and a country no call asks for costs nothing; `fresh` makes a new one, as a provider's
 * restart in a new process does. The session's own sealed PIN is kept in the country's database
 * (as its SHA-256), since a session outlives a restart.
 */
export function createPinKey(db: SandboxDb, country: string, fresh = false): PinKey {
  if (fresh) processKeys.delete(country);
  const pair = () => keyPairOf(country);
  db.exec('create table if not exists session_sealed_pins (session text primary key, sealed_sha256 text not null)');
  const keep = db.prepare('insert into session_sealed_pins (session, sealed_sha256) values (?, ?) on conflict (session) do update set sealed_sha256 = excluded.sealed_sha256');
  const kept = db.prepare('select sealed_sha256 as sha from session_sealed_pins where session = ?');
  const forgetEnded = db.prepare('delete from session_sealed_pins where session not in (select token from sessions)');
  const sha = (text: string) => createHash('sha256').update(text).digest('base64');
  const decrypt = (sealed: unknown): string | undefined => {
    if (typeof sealed !== 'string' || sealed.length < 300) return undefined; // 256 bytes in base64
    try {
      return privateDecrypt({ key: pair().privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(sealed, 'base64')).toString('utf8');
    } catch {
      return undefined;
    }
  };
  return {
    get kid() {
      return pair().kid;
    },
    get jwk() {
      return pair().jwk;
    },
    open(sealed, now) {
      const { spent } = pair();
      const inside = decrypt(sealed);
      let parsed: unknown;
      try {
        parsed = inside === undefined ? undefined : JSON.parse(inside);
      } catch {
        parsed = undefined;
      }
      const { pin, nonce, at } = (parsed ?? {}) as { pin?: unknown; nonce?: unknown; at?: unknown };
      if (typeof pin !== 'string' || typeof nonce !== 'string' || nonce.length < 16 || nonce.length > 64 || typeof at !== 'number') return { refused: 'unsealed' };
      // The nonces older than the window are dropped: a ciphertext that old is refused as stale anyway.
      for (const [old, when] of spent) {
        if (now - when <= 2 * SEALED_PIN_WINDOW_MS) break;
        spent.delete(old);
      }
      if (Math.abs(now - at) > SEALED_PIN_WINDOW_MS) return { refused: 'stale' };
      if (spent.has(nonce)) return { refused: 'spent' };
      spent.set(nonce, now);
      return { pin };
    },
    sealedWithThis: (value) => decrypt(value) !== undefined,
    keepForSession(session, sealed) {
      forgetEnded.run();
      keep.run(session, sha(sealed));
    },
    isSessionsOwn(session, value) {
      const row = kept.get(session) as { sha: string } | undefined;
      return typeof value === 'string' && row !== undefined && row.sha === sha(value);
    },
  };
}

function publicKeyJwk(key: KeyObject): JsonWebKey {
  return key.export({ format: 'jwk' });
}
