import { formatBytes } from './byteSize';

/** A capture step's limits (its `ui:options`): the upload's bytes and the photo's longest side. */
export interface CaptureLimits {
  maxBytes: number;
  maxDimension: number;
}

/** What the capture widgets do with a chosen file before uploading it. */
export type CompressionPlan =
  /** Uploaded as it is: a JPEG or PNG already within the limit, or a small PDF. */
  | { action: 'send'; name: string }
  /** Re-encoded as a JPEG within the limit (in the compression worker). */
  | { action: 'compress'; name: string }
  /** Not uploaded; the message says why, in Spanish. */
  | { action: 'refuse'; message: string };

/** The types the provider's upload takes as they are (openapi ImageUpload: a JPEG or a PNG). */
const SENDABLE_IMAGES = new Set(['image/jpeg', 'image/png']);

/** Whether an `accept` list (`image/*,application/pdf`) takes a MIME type. */
export function accepts(accept: string, type: string): boolean {
  const wanted = type.toLowerCase();
  return accept
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .some((entry) => entry === wanted || (entry.endsWith('/*') && wanted.startsWith(entry.slice(0, -1))));
}

/** The file's name with a `.jpg` extension: what a compressed photo is uploaded as. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'foto'}.jpg`;
}

/**
 * Decides what happens to a chosen file: photos over the step's byte limit, and images in a type
 * the provider does not take (WebP, HEIC...), are compressed to a JPEG; JPEGs and PNGs within the
 * limit and PDFs within it go as they are (recompressing them would only lose detail, and the
 * sandbox reads the ID's QR code off the pixels); anything else is refused.
 *
 * @example
 * planCompression({ name: 'dui.png', type: 'image/png', size: 6_000_000 }, { maxBytes: 2_097_152, maxDimension: 2048 }, 'image/*')
 * // { action: 'compress', name: 'dui.jpg' }
 */
export function planCompression(file: { name: string; type: string; size: number }, limits: CaptureLimits, accept: string): CompressionPlan {
  const type = file.type.toLowerCase();
  const takesPdf = accepts(accept, 'application/pdf');
  if (!type || !accepts(accept, type) || !(type.startsWith('image/') || type === 'application/pdf')) {
    return { action: 'refuse', message: `Este tipo de archivo no se puede subir: elige una foto${takesPdf ? ' o un PDF' : ''}.` };
  }
  if (file.size === 0) return { action: 'refuse', message: 'El archivo está vacío: elige otro.' };
  if (type === 'application/pdf') {
    if (file.size <= limits.maxBytes) return { action: 'send', name: file.name };
    return { action: 'refuse', message: `El PDF pesa ${formatBytes(file.size)} y el máximo es ${formatBytes(limits.maxBytes)}: toma una foto del documento.` };
  }
  if (SENDABLE_IMAGES.has(type) && file.size <= limits.maxBytes) return { action: 'send', name: file.name };
  return { action: 'compress', name: jpegName(file.name) };
}
