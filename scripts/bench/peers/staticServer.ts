/**
 * A peer's `dist` over HTTP on 127.0.0.1, as a plain static host would serve it: text files
 * gzipped (level 9, compressed once at start so that no request pays for it), every answer
 * `no-store`, unknown paths answered with `index.html` (the apps are single pages).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.png': 'image/png',
};
const TEXT = new Set(['.html', '.js', '.css', '.json', '.svg']);

interface Entry {
  type: string;
  body: Buffer;
  gzip?: Buffer;
}

function entriesOf(dist: string): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  const walk = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, item.name);
      if (item.isDirectory()) walk(path);
      else {
        const ext = extname(item.name);
        const body = readFileSync(path);
        entries.set(`/${relative(dist, path)}`, { type: TYPES[ext] ?? 'application/octet-stream', body, ...(TEXT.has(ext) ? { gzip: gzipSync(body, { level: 9 }) } : {}) });
      }
    }
  };
  walk(dist);
  return entries;
}

export interface StaticSite {
  address: string;
  close: () => Promise<void>;
}

export async function serveStatic(dist: string): Promise<StaticSite> {
  const entries = entriesOf(dist);
  const index = entries.get('/index.html');
  if (!index) throw new Error(`no index.html in ${dist}`);
  const server: Server = createServer((request, response) => {
    let path = '/';
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    } catch {
      // A malformed escape: answered with the page, as an unknown path is.
    }
    const entry = entries.get(path) ?? index;
    const gzip = entry.gzip && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, {
      'content-type': entry.type,
      'cache-control': 'no-store',
      ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    });
    response.end(gzip ? entry.gzip : entry.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
