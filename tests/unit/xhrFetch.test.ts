import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createXhrFetch } from '../../src/api/xhrFetch';
import { launchChromium } from '../../src/tools/browser/chromium';

// createXhrFetch against a real HTTP server started here, run where it runs: in Chromium (Node
// has no XMLHttpRequest). The module has no imports, so it is served as TypeScript transpiled.

const moduleSource = ts.transpileModule(readFileSync('src/api/xhrFetch.ts', 'utf8'), {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
}).outputText;

/** The page: the module, as the app would import it, handed to the test on `window`. */
const PAGE = `<!doctype html><title>xhrFetch</title>
<script type="module">import { createXhrFetch } from '/xhrFetch.js'; window.createXhrFetch = createXhrFetch;</script>`;

type XhrFetchModule = { createXhrFetch: typeof createXhrFetch };

/** The parts of a multipart body, by field name. */
function multipartParts(body: Buffer, contentType: string): Map<string, Buffer> {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  const parts = new Map<string, Buffer>();
  if (!boundary) return parts;
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const name = /name="([^"]+)"/.exec(part.subarray(0, headerEnd).toString())?.[1];
    if (name) parts.set(name, part.subarray(headerEnd + 4));
    start = next;
  }
  return parts;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

let server: Server;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = request.url ?? '/';
    if (url === '/') return void response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    if (url === '/xhrFetch.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(moduleSource);
    if (url === '/upload') {
      const body = await readBody(request);
      const parts = multipartParts(body, request.headers['content-type'] ?? '');
      const file = parts.get('file') ?? Buffer.alloc(0);
      response.writeHead(201, { 'content-type': 'application/json', 'x-sandbox-answer': 'stored' });
      return void response.end(
        JSON.stringify({ region: parts.get('region')?.toString(), bytes: file.length, sha256: createHash('sha256').update(file).digest('hex'), header: request.headers['x-request-id'] }),
      );
    }
    if (url === '/refused') {
      await readBody(request);
      response.writeHead(400, { 'content-type': 'application/json' });
      return void response.end(JSON.stringify({ errors: [{ message: 'El archivo debe ser una imagen JPEG o PNG' }] }));
    }
    if (url === '/empty') return void response.writeHead(204).end();
    if (url === '/silent') return void request.resume(); // reads everything, never answers
    if (url === '/cut') return void request.socket.destroy();
    return void response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  browser = await launchChromium();
  page = await browser.newPage();
  // A phone's uplink (4 MB/s, DevTools network conditions): on loopback the whole body would be
  // in the socket's buffers at once, and progress would come in one step.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 4 * 1024 * 1024 });
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.waitForFunction(() => 'createXhrFetch' in window);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** Sends a 3 MB multipart upload through createXhrFetch from the page; what the page saw. */
function sendFromPage(path: string, options: { idleTimeoutMs?: number; abortAfterMs?: number } = {}) {
  return page.evaluate(
    async ({ path, options }) => {
      // Put there by the page (an import here would be rewritten by the test runner).
      const { createXhrFetch } = window as unknown as XhrFetchModule;
      const bytes = new Uint8Array(3 * 1024 * 1024);
      for (let i = 0; i < bytes.length; i += 65536) crypto.getRandomValues(bytes.subarray(i, i + 65536));
      const sha256 = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
      const form = new FormData();
      form.append('region', 'SV');
      form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'foto.jpg');
      const controller = new AbortController();
      if (options.abortAfterMs !== undefined) setTimeout(() => controller.abort(), options.abortAfterMs);
      const request = new Request(path, { method: 'POST', body: form, headers: { 'x-request-id': 'r-1' }, signal: controller.signal });
      const progress: Array<{ loaded: number; total: number }> = [];
      const fetchWithProgress = createXhrFetch({ onUploadProgress: (p) => progress.push(p), idleTimeoutMs: options.idleTimeoutMs });
      try {
        const response = await fetchWithProgress(request);
        return { status: response.status, ok: response.ok, header: response.headers.get('x-sandbox-answer'), type: response.headers.get('content-type'), body: await response.text(), progress, sha256 };
      } catch (error) {
        return { thrown: { name: (error as Error).name, type: error instanceof DOMException ? 'DOMException' : (error as Error).constructor.name }, progress };
      }
    },
    { path, options },
  );
}

describe('createXhrFetch in Chromium', () => {
  it('sends the multipart body byte for byte with its headers, reports the upload as it goes, and answers a Response', async () => {
    const seen = await sendFromPage('/upload');
    expect(seen).toMatchObject({ status: 201, ok: true, header: 'stored', type: 'application/json' });
    const stored = JSON.parse(seen.body ?? '{}') as { region: string; bytes: number; sha256: string; header: string };
    expect(stored).toEqual({ region: 'SV', bytes: 3 * 1024 * 1024, sha256: seen.sha256, header: 'r-1' });
    // Progress in steps, never back, ending with the whole body (the file and the form's framing).
    const loaded = seen.progress.map((p) => p.loaded);
    expect(loaded.length).toBeGreaterThan(2);
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
    const last = seen.progress.at(-1);
    expect(last?.loaded).toBe(last?.total);
    expect(last?.total).toBeGreaterThan(3 * 1024 * 1024);
  });

  it('gives an HTTP error as a Response, as fetch does, with its body for the error catalogue', async () => {
    const seen = await sendFromPage('/refused');
    expect(seen).toMatchObject({ status: 400, ok: false });
    expect(JSON.parse(seen.body ?? '{}')).toEqual({ errors: [{ message: 'El archivo debe ser una imagen JPEG o PNG' }] });
  });

  it('answers a 204 with no body (a Response with a body there would throw)', async () => {
    const seen = await sendFromPage('/empty');
    expect(seen).toMatchObject({ status: 204, body: '' });
  });

  it('rejects with a TypeError, as fetch does, when the connection is cut', async () => {
    expect((await sendFromPage('/cut')).thrown).toEqual({ name: 'TypeError', type: 'TypeError' });
  });

  it("rejects with the signal's AbortError when the caller aborts", async () => {
    expect((await sendFromPage('/silent', { abortAfterMs: 300 })).thrown).toEqual({ name: 'AbortError', type: 'DOMException' });
  });

  it('gives up with a TimeoutError once nothing moved for the idle time, however long the upload took before', async () => {
    const seen = await sendFromPage('/silent', { idleTimeoutMs: 400 });
    expect(seen.thrown).toEqual({ name: 'TimeoutError', type: 'DOMException' });
    // The whole body went out first: the time that counts is the silence after it.
    expect(seen.progress.at(-1)?.loaded).toBe(seen.progress.at(-1)?.total);
  });
});
