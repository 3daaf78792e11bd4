/**
 * The server's render of a public page, built by `vite build --ssr` into
 * dist-ssr/entry-server.cjs and required by the server (server/src/modules/public-pages/
 * server-renderer.ts). The same routes, components and queries as the browser: the answers the
 * page's routes declare are fetched through the server itself (`configure`) before its one
 * render, and travel in the page so the browser hydrates exactly what was drawn.
 */
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router';
import { AppProviders } from './app/AppProviders';
import { routes } from './app/router';
import { setApiTransport } from './lib/api/client';
import { routePage, type Prefetch } from './lib/lazy';
import { createQueryClient } from './lib/query';
import { notFoundKey } from './lib/not-found';
import { RenderedModulesProvider } from './lib/server-render';

/**
 * A page's rendering: the HTML of #root, the answers it used (JSON), the lazy pages' modules, how
 * many answers it asked for failed (drawn as loading), and how many queries it drew that no route
 * declared (drawn as loading too: a route's `prefetch` that misses one).
 */
export interface ServerRender {
  html: string;
  state: string;
  modules: string[];
  failed: number;
  undeclared: number;
}

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
 * Fetches what the matched routes declare: each layout's `handle.prefetch`, each lazy page's
 * `prefetch` export (which also loads the page's module, so the render does not wait for it).
 */
async function prefetchRoutes(matches: StaticHandlerContext['matches'], client: QueryClient, url: URL): Promise<void> {
  const declared = matches.flatMap(({ route, params }) => {
    const handle = route.handle as { prefetch?: Prefetch } | undefined;
    const page = routePage(route as RouteObject);
    return [handle?.prefetch, page?.prefetch].flatMap((prefetch) =>
      prefetch ? [prefetch({ client, params, url })] : [],
    );
  });
  await Promise.allSettled(declared);
}

/**
 * The page at `url` (path and query) as a visitor sees it, rendered once: the queries its routes
 * declare are fetched, then it is drawn with their answers. A query that failed is dropped, so it
 * shows loading here as in the browser's first render, which asks for it again. Null when the
 * address is a redirect (none today). `notFound`: the server found nothing at the address (a
 * hidden profile, an offer no longer public), so its page draws the not-found page, and the mark
 * travels with the answers for the browser to do the same.
 */
export async function render(url: string, options: { notFound?: boolean } = {}): Promise<ServerRender | null> {
  const address = new URL(url, 'http://server-render.invalid');
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return null;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  if (options.notFound) queryClient.setQueryData(notFoundKey(address.pathname), true);
  await prefetchRoutes(context.matches, queryClient, address);
  const cache = queryClient.getQueryCache();
  const failures = cache.getAll().filter((query) => query.state.status === 'error');
  for (const query of failures) cache.remove(query);
  const failed = new Set(failures.map((query) => query.queryHash));
  const modules = new Set<string>();
  const html = await toHtml(
    <RenderedModulesProvider value={modules}>
      <AppProviders queryClient={queryClient} serverStart>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProviders>
    </RenderedModulesProvider>,
  );
  const undeclared = cache
    .getAll()
    .filter((query) => query.state.status === 'pending' && enabled(query) && !failed.has(query.queryHash)).length;
  return {
    html,
    state: JSON.stringify(dehydrate(queryClient)),
    modules: [...modules],
    failed: failed.size,
    undeclared,
  };
}
