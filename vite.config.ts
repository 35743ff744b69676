import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The app is built for one country at a time (DESIGN.md); El Salvador is the only one so far.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, target: 'es2022' },
  server: {
    // In development (`npm start`, `npm run dev`) the sandbox answers the API on its own port.
    proxy: { '/v1': 'http://127.0.0.1:8787', '/__sandbox': 'http://127.0.0.1:8787' },
  },
});
