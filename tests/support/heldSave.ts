import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// The journey's save as the app leaves it in the tab (src/app/sealedStorage.ts): sealed with a
// key held in IndexedDB, so a test opens it in the page, with that key, to see what it holds.

/**
 * What `sealed` (a snapshot written before) holds, opened with the journey key IndexedDB holds
 * now; null when that key does not open it (or there is none).
 */
export const openedWithHeldKey = (page: Page, sealed: string | null) =>
  page.evaluate(async (text) => {
    const key = await new Promise<CryptoKey | undefined>((resolve) => {
      const open = indexedDB.open('field-sales', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('keys');
      open.onsuccess = () => {
        const request = open.result.transaction('keys').objectStore('keys').get('journey');
        request.onsuccess = () => {
          open.result.close();
          resolve(request.result as CryptoKey | undefined);
        };
      };
    });
    if (!key || !text?.startsWith('sealed:v1:')) return null;
    const bytes = Uint8Array.from(atob(text.slice('sealed:v1:'.length)), (c) => c.charCodeAt(0));
    return crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, key, bytes.slice(12)).then(
      (plain) => new TextDecoder().decode(plain),
      () => null,
    );
  }, sealed);

/** The journey's save as it stands in the tab: its opened text, and the state path it resumes at. */
export async function heldSave(page: Page) {
  const text = (await openedWithHeldKey(page, await page.evaluate(() => sessionStorage.getItem('journey')))) ?? '';
  const journey = text ? (JSON.parse(text) as { journey?: string | null }).journey : null;
  const state = journey ? JSON.stringify((JSON.parse(journey) as { snapshot: { value: unknown } }).snapshot.value) : '';
  return { text, state };
}

/**
 * Waits until the journey's save (sealed a moment after a change, in idle time) holds what is
 * asked: a reload before it lands would rightly resume from the save before.
 */
export async function saveLanded(page: Page, part: 'text' | 'state', holding: string) {
  await expect.poll(async () => (await heldSave(page))[part], { timeout: 15_000 }).toContain(holding);
}

