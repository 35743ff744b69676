import { signatureOf } from '../pack/fileSignature';

/**
 * What an uploaded file is, by its first bytes only (src/pack/fileSignature.ts, as the app judges
 * a chosen file): a JPEG, a PNG or a PDF. Neither the file's name nor the type its part declares
 * counts, and an image the provider does not take as it is (WebP, HEIC...) is none.
 */
export type UploadKind = 'jpeg' | 'png' | 'pdf';

/** Each kind's MIME type, as an operation's `encoding.file.contentType` names it. */
export const UPLOAD_TYPES: Record<UploadKind, string> = { jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

/**
 * @example
 * uploadKind(Buffer.from('%PDF-1.4\n...')) // 'pdf'
 * uploadKind(Buffer.from('<html>...')) // undefined
 */
export function uploadKind(data: Uint8Array): UploadKind | undefined {
  const kind = signatureOf(data);
  return kind === 'image' ? undefined : kind;
}
