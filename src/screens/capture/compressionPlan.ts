import { formatBytes } from './byteSize';
import type { FileSignature } from './fileSignature';

/** A capture step's limits (its `ui:options`): the upload's bytes and the photo's longest side. */
export interface CaptureLimits {
  maxBytes: number;
  maxDimension: number;
}

/** What the capture widgets do with a chosen file before uploading it. */
export type CompressionPlan =
  /** Uploaded as it is, as `type`: a JPEG or PNG already within the limit, or a PDF within it. */
  | { action: 'send'; name: string; type: string }
  /** Re-encoded as a JPEG within the limit (in the compression worker). */
  | { action: 'compress'; name: string }
  /** Not uploaded; the message says why, in Spanish. */
  | { action: 'refuse'; message: string };

export const PDF_TYPE = 'application/pdf';

/** The types the provider's upload takes as they are (openapi ImageUpload: a JPEG or a PNG), by the file's first bytes. */
const SENDABLE_IMAGES: Partial<Record<FileSignature, string>> = { jpeg: 'image/jpeg', png: 'image/png' };

/** Whether an `accept` list (`image/*,application/pdf`) takes a MIME type. */
export function accepts(accept: string, type: string): boolean {
  const wanted = type.toLowerCase();
  return accept
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .some((entry) => entry === wanted || (entry.endsWith('/*') && wanted.startsWith(entry.slice(0, -1))));
}

const withExtension = (name: string, extension: string, fallback: string) => `${name.replace(/\.[^./\\]*$/, '') || fallback}.${extension}`;

/** The file's name with a `.jpg` extension: what a compressed photo is uploaded as. */
export function jpegName(name: string): string {
  return withExtension(name, 'jpg', 'foto');
}

/** The file's name ending in `.pdf`: what a PDF is uploaded as, whatever the agent's file was called. */
export function pdfName(name: string): string {
  return /\.pdf$/i.test(name) ? name : withExtension(name, 'pdf', 'documento');
}

/**
 * The type a file is judged as: its first bytes' (a PDF is `%PDF-`, whatever its name), else,
 * for an image format the bytes do not name, the browser's image type (the decoder has the last
 * word); nothing for a file that is neither an image nor a PDF.
 */
function judgedType(browserType: string, signature: FileSignature | undefined): string | undefined {
  if (signature === 'pdf') return PDF_TYPE;
  const sendable = signature && SENDABLE_IMAGES[signature];
  if (sendable) return sendable;
  if (browserType.startsWith('image/')) return browserType;
  return signature === 'image' ? 'image/*' : undefined;
}

/**
 * Decides what happens to a chosen file, judged by its first bytes (`signature`, fileSignature.ts)
 * rather than its name or the browser's type: photos over the step's byte limit, and images in a
 * type the provider does not take (WebP, HEIC...), are compressed to a JPEG; JPEGs and PNGs
 * within the limit go as they are (recompressing them would only lose detail, and the sandbox
 * reads the ID's QR code off the pixels); a PDF, where the step's `accept` takes one, goes as it
 * is within the limit and is refused over it (a PDF cannot be compressed here); anything else is
 * refused, saying what the step takes.
 *
 * @example
 * planCompression({ name: 'dui.png', type: 'image/png', size: 6_000_000 }, { maxBytes: 2_097_152, maxDimension: 2048 }, 'image/*', 'png')
 * // { action: 'compress', name: 'dui.jpg' }
 */
export function planCompression(file: { name: string; type: string; size: number }, limits: CaptureLimits, accept: string, signature: FileSignature | undefined): CompressionPlan {
  if (file.size === 0) return { action: 'refuse', message: 'El archivo está vacío: elige otro.' };
  const type = judgedType(file.type.toLowerCase(), signature);
  if (!type || !accepts(accept, type)) {
    return { action: 'refuse', message: accepts(accept, PDF_TYPE) ? 'El archivo debe ser una imagen o un PDF.' : 'Este tipo de archivo no se puede subir: elige una foto.' };
  }
  if (type === PDF_TYPE) {
    if (file.size <= limits.maxBytes) return { action: 'send', name: pdfName(file.name), type };
    return { action: 'refuse', message: `El PDF pesa ${formatBytes(file.size)} y el máximo es ${formatBytes(limits.maxBytes)}: elige uno más liviano o toma una foto del documento.` };
  }
  const sendable = signature && SENDABLE_IMAGES[signature];
  if (sendable && file.size <= limits.maxBytes) return { action: 'send', name: file.name, type: sendable };
  return { action: 'compress', name: jpegName(file.name) };
}
