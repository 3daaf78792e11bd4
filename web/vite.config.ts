import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';

type ModuleInfo = { importers: readonly string[]; isEntry: boolean } | null;

/** The app's entry (index.html's script). */
const APP_ENTRY = '/src/main.tsx';

/**
 * Whether a module is loaded by every page: the app's entry, or statically imported by a module
 * that is. Left to itself the bundler makes a chunk of each set of modules shared by the entry and
 * the lazy pages (19 requests for the first screen after issue 17, each with its own headers and
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
    if (known.get(next) === true || next.endsWith(APP_ENTRY)) {
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

const webRoot = dirname(fileURLToPath(import.meta.url));
const LAZY_PAGE = /lazyPage\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)\s*\)/g;

/**
 * Writes each `lazyPage(() => import('../x/Page'))` call's module into it as a second argument
 * (`'src/x/Page.tsx'`, the build manifest's key), so a server render can name the pages it used
 * and the server links their CSS and scripts in the page's head (src/lib/lazy.ts).
 */
function lazyPageSources(): Plugin {
  return {
    name: 'cym-lazy-page-sources',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('.tsx') || !code.includes('lazyPage(')) return null;
      return code.replace(LAZY_PAGE, (call: string, specifier: string) => {
        const base = resolve(dirname(id), specifier);
        const file = ['.tsx', '.ts'].map((ext) => base + ext).find((candidate) => existsSync(candidate));
        if (!file) throw new Error(`lazyPage: no module for ${specifier} in ${id}`);
        return `lazyPage(() => import('${specifier}'), '${relative(webRoot, file)}')`;
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), lazyPageSources()],
  resolve: {
    // The common workspace is compiled from source so the browser bundle stays ESM and tree-shaken.
    alias: { '@cym/common': fileURLToPath(new URL('../common/src/index.ts', import.meta.url)) },
  },
  // The server render (src/entry-server.tsx) is one CommonJS file the server requires, with every
  // library inside it, built in production mode like the browser's bundle.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? {
        target: 'node20',
        outDir: 'dist-ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        rollupOptions: {
          input: 'src/entry-server.tsx',
          output: { format: 'cjs' as const, entryFileNames: 'entry-server.cjs', codeSplitting: false },
        },
      }
    : {
        target: 'es2020',
        sourcemap: false,
        cssCodeSplit: true,
        assetsInlineLimit: 2048,
        // dist/.vite/manifest.json: which chunk and CSS each module became (for server renders' heads).
        manifest: true,
        rollupOptions: {
          // The app (index.html) and the start of server-rendered pages (src/boot.ts), which
          // fetches the app after their paint.
          input: { index: 'index.html', boot: 'src/boot.ts' },
          output: {
            manualChunks: (id: string, { getModuleInfo }: { getModuleInfo: unknown }) =>
              !id.endsWith(APP_ENTRY) &&
              !id.endsWith('.css') &&
              onEveryPage(id, getModuleInfo as (id: string) => ModuleInfo, firstScreen)
                ? 'app'
                : undefined,
          },
        },
      },
  server: {
    proxy: { '/api': { target: apiTarget, ws: true } },
  },
}));
