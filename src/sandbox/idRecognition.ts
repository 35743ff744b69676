import { decode as decodeJpeg } from 'jpeg-js';
import { createHash } from 'node:crypto';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { uploadKind } from './uploadKind';

/** What the sandbox reads off an ID photo: which seeded card (people.json `idCards`) and which side. */
export interface RecognizedId {
  card: string;
  side: 'front' | 'rear';
}

/** RGBA pixels, 4 bytes a pixel, rows top to bottom. */
interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Photos above this many pixels on their long side are shrunk before the QR search: jsQR's
 * time grows with the pixel count, and the fixtures' QR stays readable far below it.
 */
const MAX_SIDE = 2048;

/**
 * The image format by its first bytes; with a declared type, that type when the bytes say
 * nothing (the decoder then has the last word). Without one, only the bytes count.
 */
export function imageKind(data: Buffer, mimeType = ''): 'png' | 'jpeg' | undefined {
  // The bytes as any upload is judged (uploadKind.ts); a PDF is no image.
  const kind = uploadKind(data);
  if (kind === 'png' || kind === 'jpeg') return kind;
  if (kind === 'pdf') return undefined;
  if (/^image\/png$/i.test(mimeType)) return 'png';
  if (/^image\/(jpeg|jpg|pjpeg)$/i.test(mimeType)) return 'jpeg';
  return undefined;
}

function decodePixels(data: Buffer, kind: 'png' | 'jpeg'): Pixels {
  if (kind === 'png') {
    const png = PNG.sync.read(data);
    return { width: png.width, height: png.height, data: png.data };
  }
  // Bounds keep a hostile or huge upload from taking the server's memory (12 MP is a phone photo).
  const jpeg = decodeJpeg(data, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 40, maxMemoryUsageInMB: 256 });
  return { width: jpeg.width, height: jpeg.height, data: jpeg.data };
}

/** Box-averages the image down by an integer factor (1 returns it as it is). */
function shrink(image: Pixels, factor: number): Pixels {
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const out = new Uint8Array(width * height * 4);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let channel = 0; channel < 4; channel++) {
        let sum = 0;
        for (let dy = 0; dy < factor; dy++) {
          const row = (y * factor + dy) * image.width;
          for (let dx = 0; dx < factor; dx++) sum += image.data[(row + x * factor + dx) * 4 + channel] ?? 0;
        }
        out[(y * width + x) * 4 + channel] = Math.round(sum / area);
      }
    }
  }
  return { width, height, data: out };
}

/** The QR payload, when it is the fixtures' `{"card", "side"}`. */
function parsePayload(text: string): RecognizedId | undefined {
  try {
    const value = JSON.parse(text) as { card?: unknown; side?: unknown };
    if (typeof value.card !== 'string' || value.card === '') return undefined;
    if (value.side !== 'front' && value.side !== 'rear') return undefined;
    return { card: value.card, side: value.side };
  } catch {
    return undefined;
  }
}

/**
 * Reads an ID photo by the QR code the fixture images carry (`{"card": "ana-perez", "side":
 * "front"}`), so a photo recompressed or scaled by the client is still recognized: the bytes
 * change, the QR does not. Anything that is not a PNG or JPEG, cannot be decoded, or carries
 * no such QR is unrecognized: the journey's retry branch.
 *
 * @example
 * recognize(readFileSync('tests/fixtures/ids/ana-perez-front.png'), 'image/png');
 * // → { card: 'ana-perez', side: 'front' }
 */
export function recognize(buffer: Buffer, mimeType: string): RecognizedId | undefined {
  const kind = imageKind(buffer, mimeType);
  if (!kind) return undefined;
  // The same photo read once: the search takes about 100 ms, and a run of replays uploads the
  // same fixture photos hundreds of times. What is read depends on the bytes alone.
  const key = `${kind}:${createHash('sha256').update(buffer).digest('base64')}`;
  if (readBefore.has(key)) return readBefore.get(key);
  const read = readPhoto(buffer, kind);
  if (readBefore.size >= READ_BEFORE_MAX) readBefore.delete(readBefore.keys().next().value as string);
  readBefore.set(key, read);
  return read;
}

/** Photos read so far, by their kind and bytes' hash (the oldest let go past READ_BEFORE_MAX). */
const readBefore = new Map<string, RecognizedId | undefined>();
const READ_BEFORE_MAX = 256;

/** A photo's QR searched for and read. */
function readPhoto(buffer: Buffer, kind: 'png' | 'jpeg'): RecognizedId | undefined {
  let image: Pixels;
  try {
    image = decodePixels(buffer, kind);
  } catch {
    return undefined;
  }
  if (image.width === 0 || image.height === 0) return undefined;
  const small = shrink(image, Math.ceil(Math.max(image.width, image.height) / MAX_SIDE));
  const pixels = new Uint8ClampedArray(small.data.buffer, small.data.byteOffset, small.data.byteLength);
  const code = jsQR(pixels, small.width, small.height, { inversionAttempts: 'dontInvert' });
  return code ? parsePayload(code.data) : undefined;
}
