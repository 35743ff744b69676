/**
 * The tab's keys in IndexedDB, which can keep a non-extractable `CryptoKey` (or an object
 * holding some) without ever exposing its bytes: the journey's sealing key and the session's
 * call keys. Opened for each use: a logout's Clear-Site-Data may close it under us.
 */

const DB_NAME = 'field-sales';
const KEY_STORE = 'keys';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

async function withDb<T>(use: (db: IDBDatabase) => Promise<T>): Promise<T> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(KEY_STORE);
  const db = await request(open);
  try {
    return await use(db);
  } finally {
    db.close();
  }
}

/** What is kept under `id`, or undefined. */
export function readKey<T>(id: string): Promise<T | undefined> {
  return withDb(async (db) => (await request(db.transaction(KEY_STORE).objectStore(KEY_STORE).get(id))) as T | undefined);
}

/** Keeps `value` under `id`; undefined deletes it. */
export function writeKey(id: string, value: unknown): Promise<void> {
  return withDb(async (db) => {
    const store = db.transaction(KEY_STORE, 'readwrite').objectStore(KEY_STORE);
    if (value === undefined) await request(store.delete(id));
    else await request(store.put(value, id));
  });
}
