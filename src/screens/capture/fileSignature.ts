/**
 * What a chosen file is by its first bytes, whatever its name or the type the browser gives it
 * (a phone may type a PDF as `application/octet-stream`, or a renamed page as `application/pdf`).
 * Images the provider takes as they are (JPEG, PNG) and PDFs are told apart; other images
 * (WebP, GIF, HEIC, AVIF) are known as images to compress; `undefined` when the bytes say none.
 */
export type FileSignature = 'pdf' | 'jpeg' | 'png' | 'image';

/** How many first bytes `signatureOf` needs. */
export const SIGNATURE_BYTES = 16;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** HEIF's and AVIF's brands (`ftyp` box at byte 4): what iPhones and newer Androids take photos as. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/**
 * @example
 * signatureOf(new TextEncoder().encode('%PDF-1.4')) // 'pdf'
 * signatureOf(new TextEncoder().encode('hola')) // undefined
 */
export function signatureOf(head: Uint8Array): FileSignature | undefined {
  if (ascii(head, 0, 5) === '%PDF-') return 'pdf';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head[0] === 0x89 && ascii(head, 1, 4) === 'PNG') return 'png';
  if (ascii(head, 0, 4) === 'GIF8' || (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') || ascii(head, 0, 2) === 'BM') return 'image';
  if (ascii(head, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(head, 8, 12))) return 'image';
  return undefined;
}

/** The first bytes of a file (FileReader: what every browser and jsdom have). */
export function readHead(file: Blob, bytes = SIGNATURE_BYTES): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file.slice(0, bytes));
  });
}
