import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { ServerStartProvider } from '../lib/server-render';
import { SessionProvider } from '../lib/session';
import { PageFallback } from './Shell';

/**
 * What wraps the router, the same in the browser (main.tsx) and on the server
 * (entry-server.tsx), so a hydrated page's tree is the one the server rendered. `serverStart`:
 * the page arrived rendered (the stored session then applies after hydration).
 */
export function AppProviders({
  queryClient,
  serverStart,
  children,
}: {
  queryClient: QueryClient;
  serverStart: boolean;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <ServerStartProvider value={serverStart}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider deferStoredSession={serverStart}>
            <Suspense fallback={<PageFallback />}>{children}</Suspense>
          </SessionProvider>
        </QueryClientProvider>
      </ServerStartProvider>
    </StrictMode>
  );
}
