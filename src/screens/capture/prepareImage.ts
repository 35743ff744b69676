import imageCompression from 'browser-image-compression';

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

/** JPEG quality of the first try: 1.0 (the library's default) only makes the first pass larger. */
const FIRST_QUALITY = 0.85;

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/** A small JPEG of the image; none where OffscreenCanvas is missing (the upload matters, not the preview). */
async function thumbnailOf(image: Blob, side: number): Promise<string | undefined> {
  if (typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') return undefined;
  const bitmap = await createImageBitmap(image);
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  // A transparent PNG would turn black as a JPEG.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return dataUrl(await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.7 }));
}

/**
 * Compresses a photo with browser-image-compression (quality first, then size, down to the byte
 * limit) and draws its thumbnail. Runs in the compression worker (compressWorker.ts); the
 * library's own worker is off since this already is one, and it would load the library from a CDN.
 */
export async function prepareImage(file: File, request: PrepareRequest, onProgress?: (percent: number) => void): Promise<PreparedImage> {
  let blob: Blob = file;
  if (request.compress) {
    blob = await imageCompression(file, {
      maxSizeMB: request.maxBytes / (1024 * 1024),
      maxWidthOrHeight: request.maxDimension,
      useWebWorker: false,
      fileType: 'image/jpeg',
      initialQuality: FIRST_QUALITY,
      maxIteration: 15,
      ...(onProgress ? { onProgress } : {}),
    });
  }
  return { blob, thumbnail: await thumbnailOf(blob, request.thumbnailSide) };
}
