import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';

type ModuleInfo = { importers: readonly string[]; isEntry: boolean } | null;

/**
 * Whether a module is loaded by every page: the entry, or statically imported by a module that
 * is. Left to itself the bundler makes a chunk of each set of modules shared by the entry and the
 * lazy pages (19 requests for the first screen after issue 17, each with its own headers and
 * compressed alone); these go into the entry chunk instead, one request. What only lazy pages
 * import stays in their chunks.
 */
function onEveryPage(id: string, info: (id: string) => ModuleInfo, known: Map<string, boolean>): boolean {
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const module = info(next);
    if (known.get(next) === true || module?.isEntry) {
      known.set(id, true);
      return true;
    }
    if (known.get(next) === false || !module) continue;
    queue.push(...module.importers);
  }
  // No static path from the entry: nor is there one to anything on the way up.
  for (const module of seen) known.set(module, false);
  return false;
}
const firstScreen = new Map<string, boolean>();

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
    rollupOptions: {
      output: {
        manualChunks: (id, { getModuleInfo }) =>
          onEveryPage(id, getModuleInfo as (id: string) => ModuleInfo, firstScreen) ? 'index' : undefined,
      },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget, ws: true } },
  },
});
