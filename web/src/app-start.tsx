import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { routes } from './app/router';
import { routePage } from './lib/lazy';
import { queryClient } from './lib/query';
import { registerServiceWorker } from './lib/push';
import { hydrateServerAnswers, SERVER_STATE_ELEMENT_ID, whenPageLive } from './lib/server-render';

/** The lazy pages of the address, loaded. */
async function preloadPages(): Promise<void> {
  const pages = (matchRoutes(routes, window.location) ?? []).map((match) => routePage(match.route));
  await Promise.all(pages.map((page) => page?.preload?.()));
}

/**
 * The app, the last step of its start (src/main.tsx), itself in steps with `nextTask` between
 * them: the server's answers into the cache, the router, then the page's module and hydration.
 * A public page arrives rendered by the server with the answers it used, and this script after
 * its paint (src/boot.ts): the app takes over that HTML (hydration) instead of drawing the page
 * again.
 */
export async function startApp(nextTask: () => Promise<void>): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  const serverState = document.getElementById(SERVER_STATE_ELEMENT_ID);
  const serverStart = serverState !== null && root.firstElementChild !== null;
  if (serverStart) hydrateServerAnswers(queryClient, serverState.textContent ?? '');
  await nextTask();

  const router = createBrowserRouter(routes);
  const app = (
    <AppProviders queryClient={queryClient} serverStart={serverStart}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  if (serverStart) {
    // With the page's own module there, the whole page hydrates at once: nothing of it waits
    // dehydrated while the session (applied right after hydration) changes what it shows.
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread (and a tap) for the whole page.
    await nextTask();
    await preloadPages().catch(() => undefined);
    startTransition(() => void hydrateRoot(root, app));
  } else {
    createRoot(root).render(app);
  }

  // The service worker (Web Push's notifications) once the page is live: never in the way of the
  // first paint or of hydration.
  whenPageLive(() => void registerServiceWorker());
}
