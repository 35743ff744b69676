import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { countryModules } from './src/build/countryModules';
import { mapStyleMeta } from './src/build/mapStyle';
import { sessionExportKeyEnv } from './src/build/sessionExportKey';
import { precompressAssets } from './src/build/precompress';
import { tagManagerMeta } from './src/build/tagManager';
import { shellScripts } from './src/build/shellScripts';

/** The map libraries (react-map-gl over maplibre-gl or mapbox-gl), loaded on the map step only. */
const MAP_LIBRARY = /[\\/]node_modules[\\/](maplibre-gl|mapbox-gl|react-map-gl|@vis\.gl[\\/]react-map(box|libre))[\\/]/;

/**
 * Chunks and workers holding a map library are named `map-lib-*`: the journey budget (docs/architecture.md)
 * leaves the map library out, and the app benchmark tells it by that name.
 */
const mapLibNamed = (fallback: string) => (chunk: { moduleIds: string[]; facadeModuleId: string | null }) =>
  [...chunk.moduleIds, chunk.facadeModuleId ?? ''].some((id) => MAP_LIBRARY.test(id)) ? 'assets/map-lib-[name]-[hash].js' : fallback;

/**
 * rjsf's URI library (fast-uri) swapped for src/screens/rjsf/schemaUri.ts: step schemas have no
 * `$ref` or `$id` to resolve, and it is not worth its size (see the module). In builds only: the
 * dev server (`npm start`, the studio) does not tree-shake rjsf's test registry, whose ajv
 * compiler is built as it loads and needs the whole library (no step could show there).
 */
const schemaUriInBuilds = (): Plugin => ({
  name: 'schema-uri-in-builds',
  apply: 'build',
  enforce: 'pre',
  resolveId: { filter: { id: /^fast-uri$/ }, handler: () => fileURLToPath(new URL('./src/screens/rjsf/schemaUri.ts', import.meta.url)) },
});

// The app is built for one country at a time (docs/architecture.md): `COUNTRY=<cc>` (sv by default), its
// pack read from `COUNTRY_PACKS` (the repository by default) through the build-time modules of
// src/build/countryModules.ts; the journey reaches the browser without descriptions and examples.
// The map's street style is written into the page (`VITE_MAP_STYLE`: src/build/mapStyle.ts), and
// so is the tag manager's container when there is one (`VITE_GTM_ID`: src/build/tagManager.ts).
// The shell's scripts the country file lists (heat map, push messaging, service worker) come with
// their keys from the environment, each off without it (src/build/shellScripts.ts).
// Exported sessions are sealed with `VITE_SESSION_EXPORT_KEY` (src/build/sessionExportKey.ts).
export default defineConfig({
  plugins: [react(), countryModules(), mapStyleMeta(), tagManagerMeta(), ...shellScripts(), sessionExportKeyEnv(), schemaUriInBuilds(), precompressAssets()],
  resolve: {
    alias: {
      // Step texts are plain: rjsf's markdown renderer is not worth its size (see the module).
      'markdown-to-jsx/react': fileURLToPath(new URL('./src/screens/rjsf/plainMarkdown.tsx', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // @rjsf/core re-exports a test registry that imports the run-time ajv compiler; the browser
        // uses precompiled validators only (docs/architecture.md, budgets), so an unused import of it may be dropped.
        moduleSideEffects: [
          { test: /node_modules\/(ajv|ajv-formats|fast-uri)\//, sideEffects: false },
          { test: /node_modules\/@rjsf\/validator-ajv8\//, sideEffects: false },
        ],
      },
      output: { chunkFileNames: mapLibNamed('assets/[name]-[hash].js') },
    },
  },
  worker: {
    // Workers are created with `type: 'module'` (the photo compressor): built as ES modules too.
    format: 'es',
    rolldownOptions: { output: { entryFileNames: mapLibNamed('assets/[name]-[hash].js'), chunkFileNames: mapLibNamed('assets/[name]-[hash].js') } },
  },
  server: {
    // In development (`npm start`, `npm run dev`) the sandbox answers the API on its own port.
    proxy: { '/v1': 'http://127.0.0.1:8787', '/__sandbox': 'http://127.0.0.1:8787', '/logos': 'http://127.0.0.1:8787' },
  },
});
