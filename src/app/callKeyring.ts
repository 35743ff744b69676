import type { CallKeyring, CallKeys } from '../api/callSigner';
import { readKey, writeKey } from './keyDatabase';

const KEY_ID = 'calls';

/**
 * The session's call keys (agreed at sign-in, non-extractable) kept in IndexedDB, so that a
 * reload can go on signing calls; a storage failure leaves the page with the keys it holds.
 */
export function indexedDbKeyring(): CallKeyring {
  return {
    load: () => readKey<CallKeys>(KEY_ID).catch(() => undefined),
    save: (keys) => writeKey(KEY_ID, keys).catch(() => undefined),
    wipe: () => writeKey(KEY_ID, undefined).catch(() => undefined),
  };
}
