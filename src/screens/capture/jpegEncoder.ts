/**
 * A photo re-encoded as a JPEG within a byte limit and a longest side, with the browser's own
 * decoder and encoder (createImageBitmap, a canvas). It replaced browser-image-compression: the
 * library was 21 KB gzip of the journey's scripts for the same two browser calls and a loop.
 *
 * Runs in the compression worker (OffscreenCanvas), or on the main thread where there is none
 * (a canvas element): the same steps either way.
 */

/** A canvas that can draw a decoded photo and encode it: an OffscreenCanvas, or an element where there is none. */
interface Surface {
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  encode: (quality: number) => Promise<Blob>;
}

/** A photo as decoded: something a canvas draws, its size, and how to let its memory go. */
interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close: () => void;
}

/** JPEG quality of the first try: a phone's photo at 0.85 looks the same and is far smaller than at 1. */
const FIRST_QUALITY = 0.85;
/** Below this the text of an ID goes soft; the size is made smaller instead. */
const LOWEST_QUALITY = 0.5;
/** How much smaller each side gets when the lowest quality is still over the limit. */
const SHRINK = 0.8;
/** The tries before giving up on the byte limit (the smallest made is kept). */
const MAX_TRIES = 15;

function surface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    return { context, encode: (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }) };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  return {
    context,
    encode: (quality) => new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('not encoded'))), 'image/jpeg', quality)),
  };
}

/** The photo decoded, turned as the camera held it (its EXIF orientation). */
export async function decodePhoto(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap !== 'undefined') {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  // An older main thread: an image element decodes it (and turns it, as CSS image-orientation does by default).
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { source: image, width: image.naturalWidth, height: image.naturalHeight, close: () => undefined };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The photo drawn at `scale` on a white ground (a transparent PNG would turn black as a JPEG). */
export function drawn(photo: Decoded, scale: number): Surface {
  const width = Math.max(1, Math.round(photo.width * scale));
  const height = Math.max(1, Math.round(photo.height * scale));
  const target = surface(width, height);
  target.context.fillStyle = '#fff';
  target.context.fillRect(0, 0, width, height);
  target.context.imageSmoothingQuality = 'high';
  target.context.drawImage(photo.source, 0, 0, width, height);
  return target;
}

/**
 * Re-encodes `file` as a JPEG of at most `maxBytes`, its longest side at most `maxDimension`:
 * quality first (0.85 down to 0.5), then the size by a fifth a side, each try reported as a
 * percentage. After the last try the smallest made is returned, as the library did: the upload
 * then says what the provider thinks of it.
 *
 * @example await encodeJpeg(photo12mp, { maxBytes: 2_097_152, maxDimension: 2048 }) // a Blob under 2 MB, 2048 x 1536
 */
export async function encodeJpeg(file: Blob, { maxBytes, maxDimension }: { maxBytes: number; maxDimension: number }, onProgress?: (percent: number) => void): Promise<Blob> {
  const photo = await decodePhoto(file);
  try {
    let scale = Math.min(1, maxDimension / Math.max(photo.width, photo.height));
    let quality = FIRST_QUALITY;
    let canvas = drawn(photo, scale);
    let smallest: Blob | undefined;
    for (let tries = 1; tries <= MAX_TRIES; tries += 1) {
      const blob = await canvas.encode(quality);
      if (!smallest || blob.size < smallest.size) smallest = blob;
      if (blob.size <= maxBytes) break;
      onProgress?.(Math.round((tries / MAX_TRIES) * 100));
      if (quality > LOWEST_QUALITY) {
        // The next quality from how far over the limit this one was, never below the lowest.
        quality = Math.max(LOWEST_QUALITY, quality * Math.min(0.9, Math.sqrt(maxBytes / blob.size)));
      } else {
        scale *= SHRINK;
        quality = FIRST_QUALITY;
        canvas = drawn(photo, scale);
      }
    }
    onProgress?.(100);
    return smallest as Blob;
  } finally {
    photo.close();
  }
}
