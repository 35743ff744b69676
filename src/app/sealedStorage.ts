/**
 * The journey's data at rest, sealed: what must survive a reload (customers' documents, phones,
 * signatures...) is kept in the tab's sessionStorage only as AES-GCM ciphertext. The key is a
 * non-extractable WebCrypto key held in IndexedDB (which can keep a CryptoKey without ever
 * exposing its bytes), made for the session: a new session (nothing sealed in this tab) makes a
 * new key, and wiping deletes both. See docs/security.md.
 */

import { openBytes, sealBytes } from '../api/aesGcm';
import { readKey, writeKey } from './keyDatabase';

const KEY_ID = 'journey';
/** Marks sealed text, so that anything else found under the same name is not decrypted. */
const PREFIX = 'sealed:v1:';

export interface SealedStore {
  /** What was sealed in this tab, opened once at start (null when nothing, or unreadable). */
  readonly restored: string | null;
  /** Seals and writes `text`; the latest call wins when several overlap. */
  save(text: string): Promise<void>;
  /** Forgets the text and the key. */
  wipe(): Promise<void>;
}

/** A new session key (AES-GCM 256, non-extractable: its bytes never leave WebCrypto), kept in IndexedDB. */
async function newKey(): Promise<CryptoKey> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await writeKey(KEY_ID, key);
  return key;
}

async function seal(key: CryptoKey, text: string): Promise<string> {
  return PREFIX + (await sealBytes(key, new TextEncoder().encode(text)));
}

/** The text sealed in `stored`, or null: another key (an older session) or altered text, start again. */
async function open(key: CryptoKey, stored: string): Promise<string | null> {
  if (!stored.startsWith(PREFIX)) return null;
  const plain = await openBytes(key, stored.slice(PREFIX.length));
  return plain ? new TextDecoder().decode(plain) : null;
}

/**
 * Opens the tab's sealed store under `name` in sessionStorage, decrypting what is there.
 *
 * @example
 * const store = await openSealedStore('journey');
 * store.restored; // the last text saved in this tab, or null
 * await store.save(JSON.stringify(snapshot));
 */
export async function openSealedStore(name: string): Promise<SealedStore> {
  const stored = sessionStorage.getItem(name);
  let key = stored ? await readKey<CryptoKey>(KEY_ID) : undefined;
  const restored = key && stored ? await open(key, stored) : null;
  if (!key || restored === null) {
    // A new session in this tab (or nothing readable): a new key.
    key = await newKey();
    sessionStorage.removeItem(name);
  }
  let current: CryptoKey | undefined = key;
  let latest = 0;
  return {
    restored,
    async save(text) {
      const turn = ++latest;
      try {
        current ??= await newKey();
        const sealed = await seal(current, text);
        if (turn === latest) sessionStorage.setItem(name, sealed);
      } catch {
        // Storage refused (private mode, quota, cleared under us): the sale goes on unsaved.
        current = undefined;
      }
    },
    async wipe() {
      latest++;
      current = undefined;
      sessionStorage.removeItem(name);
      await writeKey(KEY_ID, undefined).catch(() => undefined);
    },
  };
}
