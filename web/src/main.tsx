import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { routes } from './app/router';
import { queryClient } from './lib/query';
import { hydrateServerAnswers, SERVER_STATE_ELEMENT_ID } from './lib/server-render';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A public page arrives rendered by the server with the answers it used (issue 20): the app
// takes over that HTML (hydration) instead of drawing the page again.
const serverState = document.getElementById(SERVER_STATE_ELEMENT_ID);
const serverStart = serverState !== null && root.firstElementChild !== null;
if (serverStart) hydrateServerAnswers(queryClient, serverState.textContent ?? '');

const router = createBrowserRouter(routes);
const app = (
  <AppProviders queryClient={queryClient} serverStart={serverStart}>
    <RouterProvider router={router} />
  </AppProviders>
);
if (serverStart) hydrateRoot(root, app);
else createRoot(root).render(app);
