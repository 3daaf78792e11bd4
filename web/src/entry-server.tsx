/**
 * The server's render of a public page (issue 20), built by `vite build --ssr` into
 * dist-ssr/entry-server.cjs and required by the server (server/src/modules/public-pages/
 * server-renderer.ts). The same routes, components and queries as the browser: the answers the
 * page asks for are fetched through the server itself (`configure`), and travel in the page so
 * the browser hydrates exactly what was drawn.
 */
import { dehydrate, type Query } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { routes } from './app/router';
import { setApiTransport } from './lib/api/client';
import { createQueryClient } from './lib/query';
import { notFoundKey } from './lib/not-found';
import { RenderedModulesProvider } from './lib/server-render';

/**
 * A page's rendering: the HTML of #root, the answers it used (JSON), the lazy pages' modules, and
 * how many answers it asked for failed (drawn as loading).
 */
export interface ServerRender {
  html: string;
  state: string;
  modules: string[];
  failed: number;
}

/** Renders until no new query appears; a page whose queries depend on others' answers takes two. */
const MAX_ROUNDS = 3;

/** A render that has not finished by then is abandoned (the page is then drawn by the browser). */
const RENDER_TIMEOUT_MS = 5_000;

/** How the API calls of every render reach the server; set once, before the first render. */
export function configure(transport: (request: Request) => Promise<Response>): void {
  setApiTransport(transport);
}

const handler = createStaticHandler(routes);

async function toHtml(tree: ReactNode): Promise<string> {
  // No boundary is sent ahead of its content (React does so for large ones, to show them as they
  // come): that needs inline scripts, which the content security policy forbids, and a page
  // rendered whole has nothing to show progressively.
  const { prelude } = await prerenderToNodeStream(tree, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
  });
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(typeof part === 'string' ? Buffer.from(part) : (part as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof option === 'function' ? option(query) : option !== false;
}

/**
 * The page at `url` (path and query) as a visitor sees it. Each round renders the page, then
 * fetches the queries the render asked for; when a round asks for nothing new, its HTML is the
 * page. A query that failed is dropped, so it shows loading here as in the browser's first render,
 * which asks for it again. Null when the address is a redirect (none today). `notFound`: the
 * server found nothing at the address (a hidden profile, an offer no longer public), so its page
 * draws the not-found page, and the mark travels with the answers for the browser to do the same.
 */
export async function render(url: string, options: { notFound?: boolean } = {}): Promise<ServerRender | null> {
  const address = new URL(url, 'http://server-render.invalid');
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return null;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  if (options.notFound) queryClient.setQueryData(notFoundKey(address.pathname), true);
  const modules = new Set<string>();
  const tree = () => (
    <RenderedModulesProvider value={modules}>
      <AppProviders queryClient={queryClient} serverStart>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProviders>
    </RenderedModulesProvider>
  );
  const asked = new Set<string>();
  let failed = 0;
  let html = '';
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    html = await toHtml(tree());
    const wanted = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && !asked.has(query.queryHash) && enabled(query));
    if (wanted.length === 0) break;
    for (const query of wanted) asked.add(query.queryHash);
    await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
    for (const query of wanted) {
      if (query.state.status !== 'error') continue;
      failed += 1;
      queryClient.getQueryCache().remove(query);
    }
    if (round === MAX_ROUNDS - 1) html = await toHtml(tree());
  }
  return { html, state: JSON.stringify(dehydrate(queryClient)), modules: [...modules], failed };
}
