import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Every script of a build, by the path the browser asks for (`/assets/...js`), with its size
 * gzipped at level 9: what the budgets count, whatever the server sends.
 */
export function assetGzipSizes(outDir: string): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const file of readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'))) {
    sizes.set(`/assets/${file}`, gzipSync(readFileSync(join(outDir, 'assets', file)), { level: 9 }).length);
  }
  return sizes;
}
