import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';

type ModuleInfo = { importers: readonly string[]; isEntry: boolean } | null;

/**
 * The app's own start (src/app-start.tsx), the last of the steps the entry (src/main.tsx, index.html's
 * script) imports one task after another.
 */
const APP_START = '/src/app-start.tsx';

/** The modules that evaluate a step's chunk (each in its step's chunk). */
const STEP_MODULE = /[\\/]src[\\/]start[\\/]/;

/**
 * The chunks of the start's steps, in their order: React and react-dom, the router and TanStack
 * Query, then common's rules and texts with the phone library and the API client, each with the
 * step module that evaluates it (src/start/). The last takes only what every page loads (common's
 * per-feature texts that only lazy pages use stay in their chunks).
 */
const STEP_CHUNKS: { name: string; test: RegExp; everyPage?: boolean }[] = [
  // With the helpers the entry and the libraries import (the preloads' helper, the lowered class
  // fields'): the entry imports this chunk, so it is evaluated with the entry.
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@oxc-project[\\/]runtime)[\\/]|vite[\\/]preload-helper|[\\/]src[\\/]start[\\/]react\.ts$/,
  },
  {
    name: 'libraries',
    test: /[\\/]node_modules[\\/](react-router|@tanstack|cookie|set-cookie-parser)[\\/]|[\\/]src[\\/]start[\\/]libraries\.ts$/,
  },
  {
    name: 'common',
    test: /[\\/]common[\\/]src[\\/]|[\\/]node_modules[\\/](libphonenumber-js|openapi-fetch)[\\/]|[\\/]src[\\/]start[\\/]common\.ts$/,
    everyPage: true,
  },
];

/**
 * Whether a module is loaded by every page: the app's start, or statically imported by a module
 * that is. Left to itself the bundler makes a chunk of each set of modules shared by the app and
 * the lazy pages (19 requests for the first screen once TanStack Query came, each with its own
 * headers and compressed alone); these go into one 'app' chunk instead. What only lazy pages
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
    if (known.get(next) === true || next.endsWith(APP_START)) {
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

/**
 * The entry imports its steps one after another (src/main.tsx); so that they are fetched together
 * from the start, not each after the one before, index.html preloads every step's chunk and the
 * chunks they import, and links their stylesheets (which a rendered page's head then inlines, as
 * it does the entry's). Pages the server rendered drop the preloads from their head and hand them
 * to their start script instead (public-pages/shell-pages.ts, src/boot.ts).
 */
function preloadSteps(): Plugin {
  return {
    name: 'cym-preload-steps',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        /** A chunk and what it imports statically, with their stylesheets. */
        const closure = (files: readonly string[]) => {
          const scripts = new Set<string>();
          const styles = new Set<string>();
          const visit = (file: string) => {
            const output = bundle[file];
            if (!output || output.type !== 'chunk' || scripts.has(file)) return;
            scripts.add(file);
            for (const css of output.viteMetadata?.importedCss ?? []) styles.add(css);
            for (const imported of output.imports) visit(imported);
          };
          for (const file of files) visit(file);
          return { scripts, styles };
        };
        // Vite links the entry's own closure already.
        const entry = closure([chunk.fileName]);
        const steps = closure(chunk.dynamicImports);
        const scripts = [...steps.scripts].filter((file) => !entry.scripts.has(file));
        const styles = [...steps.styles].filter((css) => !entry.styles.has(css));
        const tag = (rel: string, href: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `/${href}` },
          injectTo: 'head',
        });
        return [...scripts.map((file) => tag('modulepreload', file)), ...styles.map((css) => tag('stylesheet', css))];
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), lazyPageSources(), preloadSteps()],
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
            // Higher priority first: a module taken by a group stays in it, even when a later
            // group's module imports it (each group also takes what its modules import).
            codeSplitting: {
              groups: [
                ...STEP_CHUNKS.map(({ name, test, everyPage }, i) => ({
                  name: (id: string, context: { getModuleInfo: (id: string) => ModuleInfo }) =>
                    test.test(id) &&
                    (!everyPage ||
                      STEP_MODULE.test(id) ||
                      onEveryPage(id, (other) => context.getModuleInfo(other), firstScreen))
                      ? name
                      : null,
                  priority: STEP_CHUNKS.length + 1 - i,
                })),
                {
                  name: (id: string, context: { getModuleInfo: (id: string) => ModuleInfo }) =>
                    !id.endsWith('.css') && onEveryPage(id, (other) => context.getModuleInfo(other), firstScreen)
                      ? 'app'
                      : null,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
  server: {
    proxy: { '/api': { target: apiTarget, ws: true } },
  },
}));
