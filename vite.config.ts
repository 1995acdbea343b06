import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';
import { firstScreenChunk } from './scripts/firstScreenChunk';

const apiPort = process.env.API_PORT ?? '8080';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // zod set up for the CSP wherever the browser loads it (src/providers/zodJitless.ts).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/providers/zodJitless.ts', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the sign-in page loads at start in one file: one request and one compression
            // window instead of two dozen small chunks the lazy screens happen to share.
            { name: 'sign-in', tags: ['$initial'] },
            // The same for what the first signed-in screen runs on top of it (scripts/firstScreenChunk.ts).
            { name: firstScreenChunk, debugName: 'signed-in' },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
