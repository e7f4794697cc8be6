import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) } },
  build: {
    outDir: 'dist',
    // No source maps in what we ship (issue 14); the manifest is for the bench and is not served (server/src/plugins/spa.ts).
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    // Everything the first download holds (static imports of main.tsx) in one file, which compresses
    // better than the same code in ten small ones (docs/adr/0036).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
