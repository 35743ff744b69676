import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { contentSecurityPolicy, mapStyleOrigins, PAGE_HEADERS, shellScriptOrigins, tagManagerOrigins } from './pagePolicy';

/** The built app's page (`index.html`), sent with its Content Security Policy. */
export interface AppPage {
  send(reply: FastifyReply): FastifyReply;
}

/**
 * The app's page of a build (`<staticDir>/index.html`), none without one. Each answer has its
 * Content Security Policy: a nonce per answer for the style elements Mantine writes (handed to it
 * in a meta tag), nothing inline otherwise, nothing from elsewhere but the map's street style and
 * the tag manager, heat map and push messaging the page names.
 */
export function appPage(staticDir: string): AppPage | undefined {
  const indexFile = resolve(staticDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  // Read again when a build rewrites it: a running sandbox serves the new build at once.
  let cached = { version: '', page: '', connectTo: [] as string[], tagManager: [] as string[], scripts: shellScriptOrigins('') };
  const currentPage = () => {
    const { mtimeMs, size } = statSync(indexFile);
    const version = `${mtimeMs}:${size}`;
    if (version !== cached.version) {
      const page = readFileSync(indexFile, 'utf8');
      cached = { version, page, connectTo: mapStyleOrigins(page), tagManager: tagManagerOrigins(page), scripts: shellScriptOrigins(page) };
    }
    return cached;
  };
  return {
    send(reply) {
      const nonce = randomBytes(16).toString('base64');
      const { page, connectTo, tagManager, scripts } = currentPage();
      reply.header('content-security-policy', contentSecurityPolicy(nonce, connectTo, tagManager, scripts));
      for (const [name, value] of Object.entries(PAGE_HEADERS)) reply.header(name, value);
      return reply.type('text/html; charset=utf-8').send(page.replace('<head>', `<head>\n    <meta name="csp-nonce" content="${nonce}" />`));
    },
  };
}

/** Whether a request the router found nothing for is one of the app's routes (/inicio, ...), the app's to resolve. */
export const isAppRoute = (request: FastifyRequest): boolean => request.method === 'GET' && !request.url.startsWith('/v1/') && !request.url.startsWith('/assets/');

/**
 * The built app's files and its page at `/`. `wildcard` so that files a new build adds are found
 * (not only those there at start); a path that is no file falls through to the server's
 * not-found handler, which answers the app's routes with the page. The build's brotli and gzip
 * copies are sent as they are to a browser that takes them (src/build/precompress.ts). A hashed
 * file (/assets/) never changes under its name: kept a year; anything else is asked again each
 * time (no-cache), as a new build may change it.
 */
export const appHost: FastifyPluginAsync<{ staticDir: string; page: AppPage }> = async (host, { staticDir, page }) => {
  await host.register(fastifyStatic, {
    root: resolve(staticDir),
    wildcard: true,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
  host.get('/', (_request, reply) => page.send(reply));
};
