import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The common workspace is compiled from source so the browser bundle stays ESM and tree-shaken.
    alias: { '@cym/common': fileURLToPath(new URL('../common/src/index.ts', import.meta.url)) },
  },
  build: {
    target: 'es2020',
    sourcemap: false,
    cssCodeSplit: true,
    assetsInlineLimit: 2048,
  },
  server: {
    proxy: { '/api': { target: apiTarget, ws: true } },
  },
});
