/**
 * AES-GCM sealing as this app writes it everywhere (call headers and answers, the journey's
 * snapshot at rest): base64 of a random 96-bit IV followed by WebCrypto's ciphertext and tag,
 * optionally bound to additional data. The sandbox's node:crypto twin reads and writes the same.
 */

const encoder = new TextEncoder();

/** Base64 of any length (`String.fromCharCode(...bytes)` overflows the stack past ~100 KB). */
export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

const params = (iv: Uint8Array<ArrayBuffer>, aad: string | undefined): AesGcmParams => ({ name: 'AES-GCM', iv, ...(aad === undefined ? {} : { additionalData: encoder.encode(aad) }) });

/** `plain` sealed under `key`, bound to `aad` when given. */
export async function sealBytes(key: CryptoKey, plain: Uint8Array<ArrayBuffer>, aad?: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt(params(iv, aad), key, plain));
  const joined = new Uint8Array(iv.length + sealed.length);
  joined.set(iv);
  joined.set(sealed, iv.length);
  return toBase64(joined);
}

/** What `sealBytes` made with this key and additional data, or undefined (another key, altered text). */
export async function openBytes(key: CryptoKey, text: string, aad?: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  try {
    const bytes = fromBase64(text.trim());
    if (bytes.length < 28) return undefined;
    return new Uint8Array(await crypto.subtle.decrypt(params(bytes.slice(0, 12), aad), key, bytes.slice(12)));
  } catch {
    return undefined;
  }
}
