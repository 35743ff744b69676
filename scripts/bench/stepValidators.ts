/**
 * `npm run bench:steps`: the size of every precompiled step validator (`npm run steps:compile`
 * first), raw and gzipped, per country and in all: what they add to the app's JS budget
 * (docs/architecture.md: first screen <= 150 KB gzipped, whole journey without the map <= 350 KB).
 * The rules they import (src/validation) are counted once per country.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { compileSteps, OUTPUT_DIR } from '../../src/build/compileSteps';

compileSteps();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let total = 0;
let totalGzip = 0;
for (const country of readdirSync(OUTPUT_DIR).sort()) {
  const files = readdirSync(join(OUTPUT_DIR, country)).filter((f) => f.endsWith('.js') && f !== 'index.js');
  const texts = files.map((f) => readFileSync(join(OUTPUT_DIR, country, f), 'utf8'));
  for (const [i, file] of files.entries()) {
    const text = texts[i] as string;
    console.log(`${country}/${file.padEnd(28)} ${kb(Buffer.byteLength(text)).padStart(9)} raw ${kb(gzipSync(text).length).padStart(8)} gzip`);
  }
  // Gzipped together, as one chunk: what the journey would cost if every step were loaded.
  const joined = texts.join('\n');
  const raw = Buffer.byteLength(joined);
  const gzip = gzipSync(joined).length;
  total += raw;
  totalGzip += gzip;
  console.log(`${country}: ${files.length} step validator(s), ${kb(raw)} raw, ${kb(gzip)} gzip together`);
}
console.log(`all step validators: ${kb(total)} raw, ${kb(totalGzip)} gzip; ratio to the 350 KB journey budget ${(totalGzip / (350 * 1024)).toFixed(3)}`);
