/**
 * AES-GCM sealing as this app writes it everywhere (call headers and answers, the journey's
 * snapshot at rest): base64 of a random 96-bit IV followed by WebCrypto's ciphertext and tag,
 * optionally bound to additional data. The sandbox's node:crypto twin reads and writes the same.
 */

const encoder = new TextEncoder();

/**
 * The browser's own base64 codec (`Uint8Array.prototype.toBase64`, `Uint8Array.fromBase64`:
 * Chromium 140, Safari 18.2, Firefox 133), when it has it: one native pass over a sealed
 * snapshot of 100 KB or more, where the code below walks it character by character.
 */
const native = {
  to: (Uint8Array.prototype as unknown as { toBase64?: (this: Uint8Array) => string }).toBase64,
  from: (Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array<ArrayBuffer> }).fromBase64,
};

/** Base64 of any length (`String.fromCharCode(...bytes)` overflows the stack past ~100 KB). */
export function toBase64(bytes: Uint8Array): string {
  if (native.to) return native.to.call(bytes);
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** The bytes of base64 `text` (whitespace ignored); throws on anything else, as `atob` does. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  if (native.from) return native.from(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

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
