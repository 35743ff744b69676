/**
 * `npm run bench:shell`: what the shell's bindings cost in the browser, gzipped, in one run: the
 * hand-written URL sync (src/app/RouteSync.tsx) beside react-router-dom's pieces that would do its
 * job (a data router for `useBlocker`, `RouterProvider`, `useNavigate`), and @xstate/react's
 * `useSelector` (what the shell uses). React and XState are left out of every figure: the app
 * carries them anyway. See docs/performance.md for why the URL sync stays hand-written.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const SHARED = [/^react($|\/)/, /^react-dom($|\/)/, /^xstate($|\/)/];

/** One entry's code bundled and minified as the app build does, without the shared libraries. */
async function gzipOf(name: string, code: string): Promise<number> {
  // Inside the project, so that the entry resolves packages from its node_modules.
  mkdirSync(resolve('node_modules/.cache'), { recursive: true });
  const dir = mkdtempSync(join(resolve('node_modules/.cache'), `bench-shell-${name}-`));
  try {
    const entry = join(dir, 'entry.ts');
    writeFileSync(entry, code);
    await build({
      logLevel: 'silent',
      configFile: false,
      root: resolve('.'),
      build: {
        outDir: join(dir, 'out'),
        minify: true,
        lib: { entry, formats: ['es'], fileName: 'entry' },
        rolldownOptions: { external: (id) => SHARED.some((pattern) => pattern.test(id)) },
      },
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    const out = join(dir, 'out');
    return readdirSync(out)
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + gzipSync(readFileSync(join(out, f)), { level: 9 }).length, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const routeSync = await gzipOf('routeSync', `export { RouteSync } from ${JSON.stringify(resolve('src/app/RouteSync.tsx'))};`);
const router = await gzipOf('router', `export { createBrowserRouter, RouterProvider, useBlocker, useNavigate } from 'react-router-dom';`);
const selector = await gzipOf('selector', `export { useSelector } from '@xstate/react';`);
console.log(`URL sync, hand-written (RouteSync with the engine's route matching): ${kb(routeSync)} gzip`);
console.log(`react-router-dom (createBrowserRouter, RouterProvider, useBlocker, useNavigate): ${kb(router)} gzip, ${(router / routeSync).toFixed(1)}x`);
console.log(`@xstate/react useSelector (used): ${kb(selector)} gzip`);
