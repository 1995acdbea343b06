import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

const apiPort = process.env.API_PORT ?? '8080';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    // Everything the sign-in page loads at start in one file: one request and one compression
    // window instead of two dozen small chunks the lazy screens happen to share.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'sign-in', tags: ['$initial'] }] } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
