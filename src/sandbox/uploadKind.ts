/**
 * What an uploaded file is, by its first bytes only: a JPEG, a PNG or a PDF (`%PDF-`). Neither
 * the file's name nor the type its part declares counts: an HTML page named `recibo.pdf` and
 * sent as `application/pdf` is neither (docs/security.md, "Uploads").
 */
export type UploadKind = 'jpeg' | 'png' | 'pdf';

/** Each kind's MIME type, as an operation's `encoding.file.contentType` names it. */
export const UPLOAD_TYPES: Record<UploadKind, string> = { jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');

/**
 * @example
 * uploadKind(Buffer.from('%PDF-1.4\n...')) // 'pdf'
 * uploadKind(Buffer.from('<html>...')) // undefined
 */
export function uploadKind(data: Buffer): UploadKind | undefined {
  if (data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) return 'pdf';
  return undefined;
}
