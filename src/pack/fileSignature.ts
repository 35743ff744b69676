/**
 * What a file is by its first bytes, whatever its name or the type it is sent or chosen as (a
 * phone may type a PDF as `application/octet-stream`; an HTML page named `recibo.pdf` and sent as
 * `application/pdf` is no PDF: docs/security.md, "Uploads"). The app judges a chosen file by it
 * before compressing or sending it, and the sandbox judges an upload by it as a provider would:
 * one judgement on both sides. Images the provider takes as they are (JPEG, PNG) and PDFs are
 * told apart; other images (WebP, GIF, BMP, HEIC, AVIF) are known as images to compress;
 * `undefined` when the bytes say none.
 */
export type FileSignature = 'pdf' | 'jpeg' | 'png' | 'image';

/** How many first bytes `signatureOf` needs. */
export const SIGNATURE_BYTES = 16;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

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
  if (PNG_SIGNATURE.every((byte, i) => head[i] === byte)) return 'png';
  if (ascii(head, 0, 4) === 'GIF8' || (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') || ascii(head, 0, 2) === 'BM') return 'image';
  if (ascii(head, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(head, 8, 12))) return 'image';
  return undefined;
}
