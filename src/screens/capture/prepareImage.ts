import { decodePhoto, drawn, encodeJpeg } from './jpegEncoder';

/** What to do with one image (see compressionPlan): compress it, or only draw its thumbnail. */
export interface PrepareRequest {
  /** Re-encode as a JPEG within `maxBytes` and `maxDimension`; otherwise the image is kept. */
  compress: boolean;
  maxBytes: number;
  maxDimension: number;
  /** The thumbnail's longest side, in pixels. */
  thumbnailSide: number;
}

export interface PreparedImage {
  /** The image to upload: the compressed JPEG, or the file as it was. */
  blob: Blob;
  /** A small JPEG as a data URL, kept in the step's data so the screen can show it again. */
  thumbnail: string | undefined;
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/** A small JPEG of the image, kept with the step's data; none where the browser cannot draw it (the upload matters, not the preview). */
async function thumbnailOf(image: Blob, side: number): Promise<string | undefined> {
  try {
    const photo = await decodePhoto(image);
    try {
      return dataUrl(await drawn(photo, Math.min(1, side / Math.max(photo.width, photo.height))).encode(0.7));
    } finally {
      photo.close();
    }
  } catch {
    return undefined;
  }
}

/**
 * Compresses a photo (quality first, then size, down to the byte limit: jpegEncoder.ts) and draws
 * its thumbnail. Runs in the compression worker (compressWorker.ts), or on the main thread where
 * there is none.
 */
export async function prepareImage(file: File, request: PrepareRequest, onProgress?: (percent: number) => void): Promise<PreparedImage> {
  const blob: Blob = request.compress ? await encodeJpeg(file, request, onProgress) : file;
  return { blob, thumbnail: await thumbnailOf(blob, request.thumbnailSide) };
}
