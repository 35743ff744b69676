/**
 * The ID photos for the sandbox's recognition (`npx tsx scripts/makeIdFixtures.ts` writes them): draws the ID photos the sandbox recognizes, a front for
 * every card of every country's seed (`src/sandbox/seed/<cc>/people.json`, `idCards`) and a rear
 * for those with one, into `tests/fixtures/ids/<card>-front.png` and `<card>-rear.png`, plus
 * `unreadable.png` (a card
 * with no QR code: the retry branch).
 *
 * Each image is a card on a table: coloured bands, a photo silhouette, grey bars where the text
 * would be (no text: the data lives in people.json), and a QR code holding
 * `{"card": "<card>", "side": "front" | "rear"}`, which `src/sandbox/idRecognition.ts` reads. The
 * QR is large (about 10 px a module) so that it survives the client's JPEG compression and
 * downscaling. The drawing is deterministic: running it again writes the same files.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { create } from 'qrcode';

const SEEDS = 'src/sandbox/seed';
export const FIXTURES_DIR = 'tests/fixtures/ids';

/** ID-1 card proportions (85.6 × 54 mm) on a margin of table. */
const WIDTH = 1400;
const HEIGHT = 900;
const MARGIN = 40;

type Rgb = readonly [number, number, number];

/** An RGBA canvas with the few shapes an ID card needs. */
class Canvas {
  readonly png = new PNG({ width: WIDTH, height: HEIGHT });

  pixel(x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const i = (y * WIDTH + x) * 4;
    this.png.data[i] = r;
    this.png.data[i + 1] = g;
    this.png.data[i + 2] = b;
    this.png.data[i + 3] = 255;
  }

  /** A rectangle, its corners rounded by `radius`. */
  rect(x0: number, y0: number, width: number, height: number, color: Rgb, radius = 0): void {
    for (let y = y0; y < y0 + height; y++) {
      for (let x = x0; x < x0 + width; x++) {
        const dx = Math.max(x0 + radius - x, 0, x - (x0 + width - 1 - radius));
        const dy = Math.max(y0 + radius - y, 0, y - (y0 + height - 1 - radius));
        if (dx * dx + dy * dy <= radius * radius) this.pixel(x, y, color);
      }
    }
  }

  /** An ellipse, optionally cut to the box `clip` ([x0, y0, x1, y1]). */
  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, clip = [0, 0, WIDTH, HEIGHT]): void {
    const [left = 0, top = 0, right = WIDTH, bottom = HEIGHT] = clip;
    for (let y = Math.max(Math.floor(cy - ry), top); y <= Math.min(cy + ry, bottom - 1); y++) {
      for (let x = Math.max(Math.floor(cx - rx), left); x <= Math.min(cx + rx, right - 1); x++) {
        if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) this.pixel(x, y, color);
      }
    }
  }

  /** A vertical gradient from `top` to `bottom` inside a rounded rectangle. */
  gradient(x0: number, y0: number, width: number, height: number, top: Rgb, bottom: Rgb, radius: number): void {
    for (let y = y0; y < y0 + height; y++) {
      const t = (y - y0) / (height - 1);
      const color: Rgb = [0, 1, 2].map((c) => Math.round((top[c] ?? 0) * (1 - t) + (bottom[c] ?? 0) * t)) as unknown as Rgb;
      this.rect(x0, y, width, 1, color, 0);
    }
    // Round the corners by painting the table back over them.
    for (let y = y0; y < y0 + height; y++) {
      for (let x = x0; x < x0 + width; x++) {
        const dx = Math.max(x0 + radius - x, 0, x - (x0 + width - 1 - radius));
        const dy = Math.max(y0 + radius - y, 0, y - (y0 + height - 1 - radius));
        if (dx * dx + dy * dy > radius * radius) this.pixel(x, y, TABLE);
      }
    }
  }

  /** The QR code of `text`, dark modules on a white square with a 4-module quiet zone. */
  qr(x0: number, y0: number, size: number, text: string): void {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const module = Math.floor(size / (modules.size + 8));
    const side = module * (modules.size + 8);
    this.rect(x0, y0, side, side, WHITE, 0);
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) this.rect(x0 + (col + 4) * module, y0 + (row + 4) * module, module, module, INK, 0);
      }
    }
  }

  toBuffer(): Buffer {
    return PNG.sync.write(this.png);
  }
}

const TABLE: Rgb = [92, 70, 54];
const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [20, 24, 32];
const BLUE: Rgb = [15, 71, 175];
const BAR: Rgb = [150, 158, 170];

/** The card's base: table, gradient body, and the blue-white-blue bands of the flag. */
function cardBase(canvas: Canvas, top: Rgb, bottom: Rgb): void {
  canvas.rect(0, 0, WIDTH, HEIGHT, TABLE, 0);
  canvas.gradient(MARGIN, MARGIN, WIDTH - 2 * MARGIN, HEIGHT - 2 * MARGIN, top, bottom, 48);
  canvas.rect(MARGIN + 48, MARGIN + 24, WIDTH - 2 * MARGIN - 96, 36, BLUE, 12);
  canvas.rect(MARGIN + 48, MARGIN + 92, WIDTH - 2 * MARGIN - 96, 36, BLUE, 12);
}

/** Grey bars where a card prints its text. */
function textBars(canvas: Canvas, x: number, y: number, lengths: readonly number[]): void {
  lengths.forEach((length, i) => canvas.rect(x, y + i * 64, length, 26, BAR, 10));
}

/** The front: photo on the left, data bars in the middle, the QR on the right (or a blank seal). */
function front(qrText: string | undefined): Buffer {
  const canvas = new Canvas();
  cardBase(canvas, [214, 229, 246], [240, 245, 251]);
  canvas.rect(110, 210, 300, 390, [201, 206, 214], 24);
  canvas.ellipse(260, 350, 78, 92, [132, 141, 155]);
  canvas.ellipse(260, 560, 130, 90, [132, 141, 155], [110, 210, 410, 590]);
  textBars(canvas, 450, 220, [380, 300, 340, 220, 280, 180]);
  if (qrText) canvas.qr(860, 200, 460, qrText);
  else canvas.ellipse(1090, 430, 200, 200, [186, 203, 228]);
  canvas.ellipse(200, 750, 60, 60, [196, 160, 60]);
  return canvas.toBuffer();
}

/** The rear: the QR on the left, data bars and a fingerprint on the right, a code strip below. */
function rear(qrText: string): Buffer {
  const canvas = new Canvas();
  cardBase(canvas, [226, 238, 224], [244, 248, 242]);
  canvas.qr(90, 180, 460, qrText);
  textBars(canvas, 600, 200, [420, 360, 300, 380]);
  canvas.ellipse(1200, 330, 90, 120, [170, 180, 168]);
  for (let i = 0; i < 3; i++) canvas.rect(600, 700 + i * 44, 700, 22, BAR, 8);
  return canvas.toBuffer();
}

/** Writes every fixture; answers the files written. */
export function makeIdFixtures(dir = FIXTURES_DIR): string[] {
  const cards = readdirSync(SEEDS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(SEEDS, entry.name, 'people.json')))
    .flatMap((entry) => (JSON.parse(readFileSync(join(SEEDS, entry.name, 'people.json'), 'utf8')) as { idCards?: Array<{ card: string; rear?: unknown }> }).idCards ?? []);
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const write = (name: string, data: Buffer) => {
    writeFileSync(join(dir, name), data);
    written.push(join(dir, name));
  };
  for (const { card, rear: hasRear } of cards) {
    write(`${card}-front.png`, front(JSON.stringify({ card, side: 'front' })));
    if (hasRear) write(`${card}-rear.png`, rear(JSON.stringify({ card, side: 'rear' })));
  }
  write('unreadable.png', front(undefined));
  return written;
}
