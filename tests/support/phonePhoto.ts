import { readFileSync } from 'node:fs';
import { encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * A phone photo (4000 x 3000 is a 12 MP camera's), the fixture card (with its QR code) filling
 * the width, on a table, with sensor noise (`noise` levels, peak to peak) so that the JPEG is as
 * heavy as a real one. More than about 20 levels and the sandbox's QR reader fails on the
 * original already.
 */
export function phonePhoto(cardFile: string | undefined, width: number, height: number, noiseLevels: number): Buffer {
  const card = cardFile ? PNG.sync.read(readFileSync(cardFile)) : undefined;
  const scale = card ? width / card.width : 1;
  const data = Buffer.alloc(width * height * 4);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * noiseLevels;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      let rgb = [178 + (x % 97) / 4, 168, 150 + (y % 89) / 4];
      const cy = Math.floor(y / scale);
      if (card && cy < card.height) {
        const j = (cy * card.width + Math.floor(x / scale)) * 4;
        rgb = [card.data[j] ?? 0, card.data[j + 1] ?? 0, card.data[j + 2] ?? 0];
      }
      const n = noise();
      for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, (rgb[c] ?? 0) + n));
      data[i + 3] = 255;
    }
  }
  return Buffer.from(encodeJpeg({ data, width, height }, 92).data);
}
