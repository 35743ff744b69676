/** A chosen file's first bytes, read to judge it (src/pack/fileSignature.ts) before it is compressed or sent. */
import { SIGNATURE_BYTES } from '../../pack/fileSignature';

export { signatureOf, SIGNATURE_BYTES, type FileSignature } from '../../pack/fileSignature';

/** The first bytes of a file (FileReader: what every browser and jsdom have). */
export function readHead(file: Blob, bytes = SIGNATURE_BYTES): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file.slice(0, bytes));
  });
}
