import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The app is built for one country at a time (DESIGN.md); El Salvador is the only one so far.
export default defineConfig({
  plugins: [react()],
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
        // uses precompiled validators only (DESIGN.md), so an unused import of it may be dropped.
        moduleSideEffects: [
          { test: /node_modules\/(ajv|ajv-formats|fast-uri)\//, sideEffects: false },
          { test: /node_modules\/@rjsf\/validator-ajv8\//, sideEffects: false },
        ],
      },
    },
  },
  server: {
    // In development (`npm start`, `npm run dev`) the sandbox answers the API on its own port.
    proxy: { '/v1': 'http://127.0.0.1:8787', '/__sandbox': 'http://127.0.0.1:8787' },
  },
});
